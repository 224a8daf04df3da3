import type { VisitQuestion, VisitTaskCreate, VisitTaskUpdate } from '@meridian/contracts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { archiveScope } from '../archive/access.ts';
import { orgInStudentScope, type StudentScope } from '../people/students/scope.ts';
import {
  classesByIds,
  deleteVisitTask,
  findVisitTask,
  insertVisitTask,
  studentClassOf,
  studentsInScopeCount,
  updateVisitTask,
  visitCounts,
  visitTaskPage,
} from './repository.ts';

export const visitTaskNotFound = () => new AppError(404, 'visitTask.notFound');
type TaskRow = NonNullable<Awaited<ReturnType<typeof findVisitTask>>>;
export interface VisitTargets {
  classIds: number[];
  studentIds: number[];
}

export function presentTask(row: TaskRow, visits: number) {
  return {
    id: row.id,
    orgId: row.org_id,
    name: row.name,
    questions: fromJson<VisitQuestion[]>(row.questions),
    targets: fromJson<VisitTargets>(row.targets),
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
    visits,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
  };
}

/** A form as text in a fixed key order: jsonb does not keep the order the keys were written in. */
const formOf = (questions: VisitQuestion[]) =>
  JSON.stringify(questions.map((q) => [q.id, q.title, q.type, q.options, q.required]));

/** Every class must be a class, and every class and student must lie in the caller's scope. */
async function checkTargets(actor: Actor, scope: StudentScope, targets: VisitTargets): Promise<void> {
  const classes = await classesByIds(actor.db, [...new Set(targets.classIds)]);
  const classesOk =
    classes.length === new Set(targets.classIds).size &&
    classes.every((c) => c.type === 'class' && orgInStudentScope(scope, c.path));
  const students = [...new Set(targets.studentIds)];
  if (!classesOk || (await studentsInScopeCount(actor.db, scope, students)) !== students.length) {
    throw new AppError(403, 'visitTask.targetOutside', {
      rules: [{ field: 'targets', key: 'visitTask.targetOutside' }],
    });
  }
}

/** The organisation a new task belongs to: the caller's highest one, or the first target's school for the platform. */
async function ownerOf(
  actor: Actor,
  scope: StudentScope,
  targets: VisitTargets,
): Promise<{ id: number; path: string }> {
  const own = [...scope.orgPaths].sort((a, b) => a.length - b.length)[0];
  if (own !== undefined) return { id: Number(own.split('/').filter(Boolean).pop()), path: own };
  const [klass] = await classesByIds(actor.db, targets.classIds.slice(0, 1));
  const student =
    klass === undefined && targets.studentIds[0] !== undefined
      ? await studentClassOf(actor.db, targets.studentIds[0])
      : undefined;
  const classId = klass?.id ?? student?.org_id;
  const [org] = classId === undefined ? [] : await classesByIds(actor.db, [classId]);
  if (!org) throw new AppError(403, 'visitTask.targetOutside');
  return { id: org.id, path: org.path };
}

/** A task the caller may change: one set at or below their organisations; a higher authority's is read-only. */
async function ownTask(actor: Actor, scope: StudentScope, id: number): Promise<TaskRow> {
  const row = await findVisitTask(actor.db, scope, id);
  if (!row) throw visitTaskNotFound();
  if (!orgInStudentScope(scope, row.org_path)) throw new AppError(403, 'auth.forbidden');
  return row;
}

export async function listVisitTasks(actor: Actor, keyword: string | undefined, page: { page: number; size: number }) {
  const scope = await archiveScope(actor);
  const result = await visitTaskPage(actor.db, scope, keyword, page);
  const counts = await visitCounts(
    actor.db,
    result.list.map((r) => r.id),
  );
  return { ...result, list: result.list.map((r) => presentTask(r, counts.get(r.id) ?? 0)) };
}

export async function visitTaskDetail(actor: Actor, id: number) {
  const scope = await archiveScope(actor);
  const row = await findVisitTask(actor.db, scope, id);
  if (!row) throw visitTaskNotFound();
  const counts = await visitCounts(actor.db, [row.id]);
  return presentTask(row, counts.get(row.id) ?? 0);
}

export async function addVisitTask(actor: Actor, input: VisitTaskCreate) {
  const scope = await archiveScope(actor);
  await checkTargets(actor, scope, input.targets);
  const owner = await ownerOf(actor, scope, input.targets);
  const at = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const created = await insertVisitTask(trx, {
      org_id: owner.id,
      org_path: owner.path,
      name: input.name,
      questions: toJson(input.questions),
      targets: toJson(input.targets),
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      created_by: actor.auth.userId,
      created_at: at,
      updated_at: at,
    });
    await audit(trx, actor.request, { action: 'homeVisit.task.add', targetType: 'home_visit_task', targetId: created });
    return created;
  });
  return visitTaskDetail(actor, id);
}

export async function editVisitTask(actor: Actor, input: VisitTaskUpdate) {
  const scope = await archiveScope(actor);
  const row = await ownTask(actor, scope, input.id);
  await checkTargets(actor, scope, input.targets);
  const visits = (await visitCounts(actor.db, [row.id])).get(row.id) ?? 0;
  // Answers already given refer to the questions by id; changing the form would orphan them.
  if (visits > 0 && formOf(fromJson<VisitQuestion[]>(row.questions)) !== formOf(input.questions)) {
    throw new AppError(409, 'visitTask.formLocked');
  }
  await actor.db.transaction().execute(async (trx) => {
    await updateVisitTask(trx, row.id, {
      name: input.name,
      questions: toJson(input.questions),
      targets: toJson(input.targets),
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      updated_at: Date.now(),
    });
    await audit(trx, actor.request, { action: 'homeVisit.task.edit', targetType: 'home_visit_task', targetId: row.id });
  });
  return visitTaskDetail(actor, row.id);
}

/** Only a task without visits: the visits are families' records and keep their form. */
export async function removeVisitTask(actor: Actor, id: number): Promise<void> {
  const scope = await archiveScope(actor);
  const row = await ownTask(actor, scope, id);
  if (((await visitCounts(actor.db, [row.id])).get(row.id) ?? 0) > 0) throw new AppError(409, 'visitTask.hasVisits');
  await actor.db.transaction().execute(async (trx) => {
    await deleteVisitTask(trx, row.id);
    await audit(trx, actor.request, {
      action: 'homeVisit.task.delete',
      targetType: 'home_visit_task',
      targetId: row.id,
    });
  });
}
