import type { taskPage } from '@meridian/contracts';
import {
  Identity,
  type Page,
  type PageQuery,
  type Task,
  type TaskCreate,
  type TaskEdit,
  textOf,
} from '@meridian/contracts';
import type { z } from 'zod';
import { toBool } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { scopeOf } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { orgInStudentScope, type StudentScope, studentScopeOf } from '../people/students/scope.ts';
import { studentsIn, teachersIn } from './publish-repository.ts';
import { publishedScale } from './scales.ts';
import { copyCounts, copyTotals } from './sync-repository.ts';
import {
  doneCounts,
  findVisibleTask,
  insertTask,
  orgByPath,
  orgsByIds,
  replaceScales,
  targetsOf,
  taskScales,
  updateTask,
  visibleTaskPage,
} from './tasks-repository.ts';

type TaskRow = NonNullable<Awaited<ReturnType<typeof findVisibleTask>>>;

/** The scope of a member of staff: students and parents run no tasks. */
export async function staffScope(actor: Actor): Promise<StudentScope> {
  const { identityId } = actor.auth;
  if (!actor.auth.superAdmin && (identityId === Identity.student || identityId === Identity.parent)) {
    throw new AppError(403, 'auth.forbidden');
  }
  return studentScopeOf(actor.db, actor.auth);
}

export const taskNotFound = () => new AppError(404, 'task.notFound');

/**
 * Every target must lie in the caller's scope, and fit the task's kind: a teacher task reaches
 * teachers (chosen, or all of chosen schools); student and other-rater tasks reach students.
 */
async function checkTargets(actor: Actor, scope: StudentScope, input: TaskCreate): Promise<void> {
  const t = input.targets;
  const orgIds = [...t.schoolIds, ...t.gradeIds, ...t.classIds];
  const teacherTask = input.kind === 'teacher';
  if (teacherTask ? t.gradeIds.length + t.classIds.length + t.studentIds.length > 0 : t.teacherUserIds.length > 0) {
    throw new AppError(400, 'task.kindTargets', { rules: [{ field: 'targets', key: 'task.kindTargets' }] });
  }
  if (orgIds.length + t.studentIds.length + t.teacherUserIds.length === 0) {
    throw new AppError(400, 'task.noTargets', { rules: [{ field: 'targets', key: 'task.noTargets' }] });
  }
  const outside = () =>
    new AppError(403, 'task.targetOutside', { rules: [{ field: 'targets', key: 'task.targetOutside' }] });
  const orgs = await orgsByIds(actor.db, orgIds);
  const typed = (ids: number[], type: string) =>
    ids.every((id) => orgs.some((o) => o.id === id && o.type === type && orgInStudentScope(scope, o.path)));
  if (!typed(t.schoolIds, 'school') || !typed(t.gradeIds, 'grade') || !typed(t.classIds, 'class')) throw outside();
  const uniqueStudents = [...new Set(t.studentIds)];
  if ((await studentsIn(actor.db, uniqueStudents, scope)) !== uniqueStudents.length) throw outside();
  const uniqueTeachers = [...new Set(t.teacherUserIds)];
  const teacherSchools = scope.all ? 'all' : scope.schoolIds;
  if ((await teachersIn(actor.db, uniqueTeachers, teacherSchools)) !== uniqueTeachers.length) throw outside();
}

/** The organisation that publishes: the caller's own (the highest their role holds), or for the platform the district of the targets. */
async function ownerOf(actor: Actor, scope: StudentScope, input: TaskCreate) {
  if (!scope.all) {
    const [top] = [...scope.orgPaths].sort((a, b) => a.length - b.length);
    const org = top === undefined ? undefined : await orgByPath(actor.db, top);
    if (!org) throw new AppError(403, 'task.targetOutside');
    return org;
  }
  const t = input.targets;
  const firstOrg = [...t.schoolIds, ...t.gradeIds, ...t.classIds][0];
  const [org] = firstOrg === undefined ? [] : await orgsByIds(actor.db, [firstOrg]);
  const districtId = Number(org?.path.split('/').filter(Boolean)[0] ?? Number.NaN);
  const [district] = Number.isFinite(districtId) ? await orgsByIds(actor.db, [districtId]) : [];
  if (!district) throw new AppError(400, 'task.noTargets', { rules: [{ field: 'targets', key: 'task.noTargets' }] });
  return district;
}

/** Each scale must have a published version now; the version is pinned at publish. */
async function checkScales(actor: Actor, scaleIds: number[]): Promise<void> {
  const scope = await scopeOf(actor.db, actor.auth);
  for (const id of new Set(scaleIds)) await publishedScale(actor.db, id, scope);
}

export async function createTask(actor: Actor, input: TaskCreate): Promise<Task> {
  const scope = await staffScope(actor);
  await checkTargets(actor, scope, input);
  await checkScales(actor, input.scaleIds);
  const owner = await ownerOf(actor, scope, input);
  const at = Date.now();
  const id = await actor.db.transaction().execute((trx) =>
    insertTask(
      trx,
      {
        org_id: owner.id,
        org_path: owner.path,
        name: input.name,
        kind: input.kind,
        rater: input.rater,
        mode: input.mode,
        state: 'draft',
        targets: input.targets,
        starts_at: input.startsAt,
        ends_at: input.endsAt,
        retest: input.retest,
        show_report: input.showReport,
        max_minutes: input.maxMinutes,
        assignee_count: 0,
        created_by: actor.auth.userId,
        created_at: at,
        updated_at: at,
      },
      [...new Set(input.scaleIds)],
    ),
  );
  return taskDetail(actor, id);
}

export async function editTask(actor: Actor, input: TaskEdit): Promise<Task> {
  const scope = await staffScope(actor);
  const row = await findVisibleTask(actor.db, scope, input.id);
  if (!row) throw taskNotFound();
  if (!ownsTask(scope, row)) throw new AppError(403, 'task.notYours');
  if (row.state !== 'draft') throw new AppError(409, 'task.notDraft');
  await checkTargets(actor, scope, input);
  await checkScales(actor, input.scaleIds);
  await actor.db.transaction().execute(async (trx) => {
    await updateTask(trx, row.id, {
      name: input.name,
      kind: input.kind,
      rater: input.rater,
      mode: input.mode,
      targets: input.targets,
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      retest: input.retest,
      show_report: input.showReport,
      max_minutes: input.maxMinutes,
      updated_at: Date.now(),
    });
    await replaceScales(trx, row.id, [...new Set(input.scaleIds)]);
  });
  return taskDetail(actor, row.id);
}

/** Whether the caller's organisations hold the publishing one: only then may they change or revoke it. */
export function ownsTask(scope: StudentScope, row: { org_path: string }): boolean {
  return scope.all || scope.orgPaths.some((path) => row.org_path.startsWith(path));
}

async function present(actor: Actor, scope: StudentScope, rows: TaskRow[]): Promise<Task[]> {
  const ids = rows.map((r) => r.id);
  const [scales, done, orgs, copies, rolled] = await Promise.all([
    taskScales(actor.db, ids),
    doneCounts(actor.db, ids),
    orgsByIds(actor.db, [...new Set(rows.map((r) => r.org_id))]),
    copyCounts(actor.db, ids),
    copyTotals(actor.db, ids),
  ]);
  const names = new Map<number, string>();
  for (const s of scales) {
    if (names.has(s.scale_id)) continue;
    const pinned = await publishedScale(actor.db, s.scale_id).catch(() => null);
    names.set(s.scale_id, pinned ? textOf(pinned.definition.name, actor.lang) : `#${s.scale_id}`);
  }
  return rows.map((r) => {
    // A synced bureau task has no sheets of its own: its schools' copies roll up into it.
    const copy = rolled.find((c) => Number(c.source_task_id) === r.id);
    return {
      id: r.id,
      name: r.name,
      kind: r.kind,
      rater: r.rater,
      mode: r.mode,
      state: r.state,
      orgId: r.org_id,
      orgName: orgs.find((o) => o.id === r.org_id)?.name ?? '',
      scales: scales
        .filter((s) => s.task_id === r.id)
        .map((s) => ({ scaleId: s.scale_id, versionId: s.version_id, name: names.get(s.scale_id) ?? '' })),
      targets: targetsOf(r),
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      retest: toBool(r.retest),
      showReport: toBool(r.show_report),
      maxMinutes: r.max_minutes,
      assignees: copy ? Number(copy.total) : r.assignee_count,
      done: Number(copy ? (copy.done ?? 0) : (done.find((d) => d.task_id === r.id)?.done ?? 0)),
      publishedAt: r.published_at,
      createdAt: r.created_at,
      sourceTaskId: r.source_task_id === null ? null : Number(r.source_task_id),
      copies: Number(copies.find((c) => Number(c.source_task_id) === r.id)?.n ?? 0),
      syncable:
        r.state === 'draft' &&
        r.source_task_id === null &&
        orgs.find((o) => o.id === r.org_id)?.type !== 'school' &&
        ownsTask(scope, r),
    };
  });
}

export async function taskDetail(actor: Actor, id: number): Promise<Task> {
  const scope = await staffScope(actor);
  const row = await findVisibleTask(actor.db, scope, id);
  if (!row) throw taskNotFound();
  const [task] = await present(actor, scope, [row]);
  if (!task) throw taskNotFound();
  return task;
}

export async function listTasks(
  actor: Actor,
  filters: Omit<z.infer<typeof taskPage>, 'page' | 'size'>,
  paging: PageQuery,
): Promise<Page<Task>> {
  const scope = await staffScope(actor);
  const page = await visibleTaskPage(actor.db, scope, filters, paging);
  return { ...page, list: await present(actor, scope, page.list) };
}
