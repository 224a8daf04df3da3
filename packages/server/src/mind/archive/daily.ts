import {
  DAILY_STUDENT_KINDS,
  type DailyAdd,
  type DailyFilters,
  type DailyKind,
  type DailyUpdate,
} from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { auditStudentList, refuseStudentData } from '../people/students/access.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { archiveScope, schoolInScope, studentOfScope } from './access.ts';
import { dailyPage, deleteDaily, findDaily, insertDaily, updateDaily } from './daily-repository.ts';

type DailyRow = NonNullable<Awaited<ReturnType<typeof findDaily>>>;
const notFound = () => new AppError(404, 'daily.notFound');

/** The schools whose school-level records the caller reads: the scope's, and those around its classes. */
function readableSchools(scope: StudentScope): number[] {
  const around = scope.orgPaths.flatMap((path) => path.split('/').filter(Boolean).map(Number));
  return [...new Set([...scope.schoolIds, ...around])];
}

const present = (kind: DailyKind, r: DailyRow) => ({
  id: r.id,
  kind,
  schoolId: r.school_id,
  classId: r.class_id,
  studentId: r.student_id,
  studentName: r.student_name,
  occurredOn: r.occurred_on,
  category: r.category,
  title: r.title,
  content: r.content,
  authorId: r.author_id,
  authorName: r.author_name,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/**
 * Where a record belongs: a student's record to the student (of the scope) and their school and
 * class; a school's record to a whole school of the scope.
 */
async function placementOf(actor: Actor, scope: StudentScope, kind: DailyKind, input: DailyAdd) {
  const aboutStudent = DAILY_STUDENT_KINDS.includes(kind);
  if (aboutStudent) {
    if (input.studentId === null)
      throw new AppError(400, 'daily.studentNeeded', { rules: [{ field: 'studentId', key: 'daily.studentNeeded' }] });
    const student = await studentOfScope(actor, scope, input.studentId);
    return { school_id: student.school_id, class_id: student.org_id, student_id: student.id };
  }
  if (input.studentId !== null)
    throw new AppError(400, 'daily.noStudent', { rules: [{ field: 'studentId', key: 'daily.noStudent' }] });
  if (input.schoolId === null)
    throw new AppError(400, 'daily.schoolNeeded', { rules: [{ field: 'schoolId', key: 'daily.schoolNeeded' }] });
  if (!schoolInScope(scope, input.schoolId)) throw new AppError(403, 'archive.schoolOutside');
  return { school_id: input.schoolId, class_id: null, student_id: null };
}

const aboutStudents = (kind: DailyKind) => DAILY_STUDENT_KINDS.includes(kind);

/** A record of the scope; a student's record outside it is a refused read of student data, and audited. */
async function recordOf(actor: Actor, kind: DailyKind, id: number) {
  const scope = await archiveScope(actor);
  const row = await findDaily(actor.db, kind, scope, readableSchools(scope), id);
  if (!row) {
    if (aboutStudents(kind)) return refuseStudentData(actor, 'recordNotInScope', { type: 'daily', id }, notFound());
    throw notFound();
  }
  return { scope, row };
}

export async function listDaily(
  actor: Actor,
  kind: DailyKind,
  filters: DailyFilters,
  page: { page: number; size: number },
) {
  const scope = await archiveScope(actor);
  const result = await dailyPage(actor.db, kind, scope, readableSchools(scope), filters, page);
  // Observations, setbacks and descriptions are part of a student's file: their lists are audited like the file's.
  if (aboutStudents(kind)) {
    const ids = [...new Set(result.list.flatMap((r) => (r.student_id === null ? [] : [r.student_id])))];
    await auditStudentList(actor, `daily.${kind}.list`, ids, { filters, page: page.page, size: page.size });
  }
  return { ...result, list: result.list.map((r) => present(kind, r)) };
}

/** One record; a student's is a read of their file, audited like the file's other parts. */
export async function dailyDetail(actor: Actor, kind: DailyKind, id: number) {
  const { row } = await recordOf(actor, kind, id);
  if (row.student_id !== null) {
    await audit(actor.db, actor.request, {
      action: 'archive.read',
      targetType: 'student',
      targetId: row.student_id,
      detail: { part: kind, recordId: row.id },
    });
  }
  return present(kind, row);
}

const dailyView = async (actor: Actor, kind: DailyKind, id: number) =>
  present(kind, (await recordOf(actor, kind, id)).row);

export async function addDaily(actor: Actor, kind: DailyKind, input: DailyAdd) {
  const scope = await archiveScope(actor);
  const placement = await placementOf(actor, scope, kind, input);
  const at = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const created = await insertDaily(trx, {
      kind,
      ...placement,
      occurred_on: input.occurredOn,
      category: input.category,
      title: input.title,
      content: input.content,
      author_id: actor.auth.userId,
      created_at: at,
      updated_at: at,
    });
    await audit(trx, actor.request, { action: `daily.${kind}.add`, targetType: 'daily_record', targetId: created });
    return created;
  });
  return dailyView(actor, kind, id);
}

/** A school-level record is changed by staff of that whole school; a student's by anyone who sees the student. */
export async function editDaily(actor: Actor, kind: DailyKind, input: DailyUpdate) {
  const { scope, row } = await recordOf(actor, kind, input.id);
  if (row.student_id === null && !schoolInScope(scope, row.school_id)) throw new AppError(403, 'auth.forbidden');
  const placement = await placementOf(actor, scope, kind, input);
  await actor.db.transaction().execute(async (trx) => {
    await updateDaily(trx, row.id, {
      ...placement,
      occurred_on: input.occurredOn,
      category: input.category,
      title: input.title,
      content: input.content,
      updated_at: Date.now(),
    });
    await audit(trx, actor.request, { action: `daily.${kind}.edit`, targetType: 'daily_record', targetId: row.id });
  });
  return dailyView(actor, kind, row.id);
}

export async function removeDaily(actor: Actor, kind: DailyKind, id: number): Promise<void> {
  const { scope, row } = await recordOf(actor, kind, id);
  if (row.student_id === null && !schoolInScope(scope, row.school_id)) throw new AppError(403, 'auth.forbidden');
  await actor.db.transaction().execute(async (trx) => {
    await deleteDaily(trx, row.id);
    await audit(trx, actor.request, { action: `daily.${kind}.delete`, targetType: 'daily_record', targetId: row.id });
  });
}
