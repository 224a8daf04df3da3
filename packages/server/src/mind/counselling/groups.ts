import { type GroupApplyAdd, type GroupApplyUpdate, type GroupSessionAdd, hasPermission } from '@meridian/contracts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { archiveScope, schoolInScope } from '../archive/access.ts';
import { nicknamesOf } from '../archive/repository.ts';
import type { StudentScope } from '../people/students/scope.ts';
import {
  deleteGroup,
  findGroup,
  groupPage,
  insertGroup,
  insertSession,
  membersOf,
  replaceMembers,
  sessionCounts,
  sessionPage,
  studentsOfScope,
  updateGroup,
} from './repository.ts';

type GroupRow = NonNullable<Awaited<ReturnType<typeof findGroup>>>;
const notFound = () => new AppError(404, 'counsellingGroup.notFound');

async function present(actor: Actor, rows: GroupRow[]) {
  const ids = rows.map((r) => r.id);
  const [members, held, names] = await Promise.all([
    membersOf(actor.db, ids),
    sessionCounts(actor.db, ids),
    nicknamesOf(
      actor.db,
      rows.map((r) => r.applicant_id),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    schoolId: r.school_id,
    title: r.title,
    topic: r.topic,
    plan: r.plan,
    startsOn: r.starts_on,
    sessions: r.sessions,
    state: r.state as 'pending' | 'approved' | 'rejected',
    applicantId: r.applicant_id,
    applicantName: names.get(r.applicant_id) ?? null,
    reviewNote: r.review_note,
    reviewedAt: r.reviewed_at === null ? null : Number(r.reviewed_at),
    members: members.filter((m) => m.group_id === r.id).map((m) => ({ studentId: m.student_id, name: m.name })),
    sessionsHeld: held.get(r.id) ?? 0,
    createdAt: Number(r.created_at),
  }));
}

/** The members must all be students of the scope, of one school: the school the group belongs to. */
async function schoolOfMembers(actor: Actor, scope: StudentScope, studentIds: number[]): Promise<number> {
  const students = await studentsOfScope(actor.db, scope, studentIds);
  const schools = new Set(students.map((s) => s.school_id));
  const [school] = [...schools];
  if (students.length !== studentIds.length || schools.size !== 1 || school === undefined) {
    throw new AppError(400, 'counsellingGroup.memberOutside', {
      rules: [{ field: 'studentIds', key: 'counsellingGroup.memberOutside' }],
    });
  }
  return school;
}

async function groupOf(actor: Actor, scope: StudentScope, id: number): Promise<GroupRow> {
  const row = await findGroup(actor.db, scope, actor.auth.userId, id);
  if (!row) throw notFound();
  return row;
}

/** The applicant, or staff of the whole school, may change or withdraw an application. */
function mayManage(actor: Actor, scope: StudentScope, row: GroupRow): boolean {
  return row.applicant_id === actor.auth.userId || schoolInScope(scope, row.school_id);
}

export async function listGroups(
  actor: Actor,
  filters: { state?: string; schoolId?: number },
  page: { page: number; size: number },
) {
  const scope = await archiveScope(actor);
  const result = await groupPage(actor.db, scope, actor.auth.userId, filters, page);
  return { ...result, list: await present(actor, result.list) };
}

export async function groupDetail(actor: Actor, id: number) {
  const scope = await archiveScope(actor);
  const [group] = await present(actor, [await groupOf(actor, scope, id)]);
  if (!group) throw notFound();
  return group;
}

export async function applyForGroup(actor: Actor, input: GroupApplyAdd) {
  const scope = await archiveScope(actor);
  const schoolId = await schoolOfMembers(actor, scope, input.studentIds);
  const at = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const created = await insertGroup(
      trx,
      {
        school_id: schoolId,
        title: input.title,
        topic: input.topic,
        plan: input.plan,
        starts_on: input.startsOn,
        sessions: input.sessions,
        state: 'pending',
        applicant_id: actor.auth.userId,
        reviewer_id: null,
        review_note: null,
        reviewed_at: null,
        created_at: at,
        updated_at: at,
      },
      input.studentIds,
    );
    await audit(trx, actor.request, {
      action: 'counsellingGroup.apply',
      targetType: 'counselling_group',
      targetId: created,
    });
    return created;
  });
  return groupDetail(actor, id);
}

/** A pending application may change; once reviewed it is a decision on record. */
export async function editGroup(actor: Actor, input: GroupApplyUpdate) {
  const scope = await archiveScope(actor);
  const row = await groupOf(actor, scope, input.id);
  if (!mayManage(actor, scope, row)) throw new AppError(403, 'auth.forbidden');
  if (row.state !== 'pending') throw new AppError(409, 'counsellingGroup.reviewed');
  const schoolId = await schoolOfMembers(actor, scope, input.studentIds);
  await actor.db.transaction().execute(async (trx) => {
    await updateGroup(trx, row.id, {
      school_id: schoolId,
      title: input.title,
      topic: input.topic,
      plan: input.plan,
      starts_on: input.startsOn,
      sessions: input.sessions,
      updated_at: Date.now(),
    });
    await replaceMembers(trx, row.id, input.studentIds);
    await audit(trx, actor.request, {
      action: 'counsellingGroup.edit',
      targetType: 'counselling_group',
      targetId: row.id,
    });
  });
  return groupDetail(actor, row.id);
}

/** Reviewing is for staff of the group's school (a class teacher applies, the school decides). */
export async function reviewGroup(actor: Actor, input: { id: number; approve: boolean; note: string | null }) {
  const scope = await archiveScope(actor);
  const row = await groupOf(actor, scope, input.id);
  if (!schoolInScope(scope, row.school_id)) throw new AppError(403, 'auth.forbidden');
  if (row.state !== 'pending') throw new AppError(409, 'counsellingGroup.reviewed');
  // Four eyes: whoever asked for the group does not approve it.
  if (row.applicant_id === actor.auth.userId) throw new AppError(403, 'counsellingGroup.ownApplication');
  const at = Date.now();
  await actor.db.transaction().execute(async (trx) => {
    await updateGroup(trx, row.id, {
      state: input.approve ? 'approved' : 'rejected',
      reviewer_id: actor.auth.userId,
      review_note: input.note,
      reviewed_at: at,
      updated_at: at,
    });
    await audit(trx, actor.request, {
      action: 'counsellingGroup.review',
      targetType: 'counselling_group',
      targetId: row.id,
      detail: { approve: input.approve },
    });
  });
  return groupDetail(actor, row.id);
}

/** An approved group keeps its sessions and members' history; only applications not yet approved go. */
export async function removeGroup(actor: Actor, id: number): Promise<void> {
  const scope = await archiveScope(actor);
  const row = await groupOf(actor, scope, id);
  if (!mayManage(actor, scope, row)) throw new AppError(403, 'auth.forbidden');
  if (row.state === 'approved') throw new AppError(409, 'counsellingGroup.reviewed');
  await actor.db.transaction().execute(async (trx) => {
    await deleteGroup(trx, row.id);
    await audit(trx, actor.request, {
      action: 'counsellingGroup.delete',
      targetType: 'counselling_group',
      targetId: row.id,
    });
  });
}

export async function recordGroupSession(actor: Actor, input: GroupSessionAdd) {
  const scope = await archiveScope(actor);
  const row = await groupOf(actor, scope, input.groupId);
  if (!mayManage(actor, scope, row) && !hasPermission(actor.auth.permissions, '/data/groupRecord', 'add')) {
    throw new AppError(403, 'auth.forbidden');
  }
  if (row.state !== 'approved') throw new AppError(409, 'counsellingGroup.notApproved');
  const members = new Set((await membersOf(actor.db, [row.id])).map((m) => m.student_id));
  if (input.absentStudentIds.some((id) => !members.has(id))) {
    throw new AppError(400, 'counsellingGroup.absentNotMember', {
      rules: [{ field: 'absentStudentIds', key: 'counsellingGroup.absentNotMember' }],
    });
  }
  const id = await actor.db.transaction().execute(async (trx) => {
    const created = await insertSession(trx, {
      group_id: row.id,
      held_at: input.heldAt,
      place: input.place,
      content: input.content,
      absent_ids: toJson(input.absentStudentIds),
      author_id: actor.auth.userId,
      created_at: Date.now(),
    });
    await audit(trx, actor.request, {
      action: 'counsellingGroup.session',
      targetType: 'counselling_group',
      targetId: row.id,
      detail: { sessionId: created },
    });
    return created;
  });
  return { id };
}

export async function listGroupSessions(
  actor: Actor,
  groupId: number | undefined,
  page: { page: number; size: number },
) {
  const scope = await archiveScope(actor);
  const result = await sessionPage(actor.db, scope, actor.auth.userId, groupId, page);
  return {
    ...result,
    list: result.list.map((r) => ({
      id: r.id,
      groupId: r.group_id,
      groupTitle: r.group_title,
      heldAt: Number(r.held_at),
      place: r.place,
      content: r.content,
      absentStudentIds: fromJson<number[]>(r.absent_ids),
      authorId: r.author_id,
      createdAt: Number(r.created_at),
    })),
  };
}
