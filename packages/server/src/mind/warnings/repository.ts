import type { PageQuery, WarningFilters, WarningSource, WarningState } from '@meridian/contracts';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';
import type { StudentScope } from '../people/students/scope.ts';

type WarningEb = ExpressionBuilder<Database & { w: Database['warnings'] }, 'w'>;

/**
 * The warnings a caller may see: those of the students in their scope (design section 6), and those
 * they were named to handle, since a warning handed to a teacher must reach that teacher.
 */
export function warningInScope(scope: StudentScope, userId: number) {
  return (eb: WarningEb) => {
    if (scope.all) return eb.lit(true);
    return eb.or([
      ...(scope.schoolIds.length > 0 ? [eb('w.school_id', 'in', scope.schoolIds)] : []),
      ...(scope.classIds.length > 0 ? [eb('w.class_id', 'in', scope.classIds)] : []),
      ...(scope.studentIds.length > 0 ? [eb('w.student_id', 'in', scope.studentIds)] : []),
      eb('w.psychology_user_id', '=', userId),
      eb('w.class_teacher_user_id', '=', userId),
    ]);
  };
}

function baseQuery(db: Kysely<Database>, scope: StudentScope, userId: number) {
  return db
    .selectFrom('warnings as w')
    .innerJoin('students as s', 's.id', 'w.student_id')
    .where(warningInScope(scope, userId));
}

function filtered(db: Kysely<Database>, scope: StudentScope, userId: number, f: WarningFilters) {
  let q = baseQuery(db, scope, userId);
  if (f.level !== undefined) q = q.where('w.level', '=', f.level);
  if (f.state !== undefined) q = q.where('w.state', '=', f.state);
  if (f.source !== undefined) q = q.where('w.source_type', '=', f.source);
  if (f.schoolId !== undefined) q = q.where('w.school_id', '=', f.schoolId);
  if (f.gradeId !== undefined) q = q.where('s.grade_id', '=', f.gradeId);
  if (f.classId !== undefined) q = q.where('w.class_id', '=', f.classId);
  if (f.studentId !== undefined) q = q.where('w.student_id', '=', f.studentId);
  if (f.from !== undefined) q = q.where('w.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('w.created_at', '<', f.to);
  return q;
}

/** A handler's name as their school lists them (the teacher roster), else their account's nickname. */
const handlerName = (column: 'psychology_user_id' | 'class_teacher_user_id') =>
  sql<
    string | null
  >`(select coalesce(t.name, u.nickname) from users u left join teachers t on t.user_id = u.id where u.id = ${sql.ref(`w.${column}`)})`;

const COLUMNS = [
  'w.id',
  'w.student_id',
  's.name as student_name',
  's.student_no',
  'w.school_id',
  's.grade_id',
  'w.class_id',
  'w.level',
  'w.rule',
  'w.reason',
  'w.source_type',
  'w.source_id',
  'w.state',
  'w.push_state',
  'w.psychology_user_id',
  'w.class_teacher_user_id',
  handlerName('psychology_user_id').as('psychology_name'),
  handlerName('class_teacher_user_id').as('class_teacher_name'),
  'w.escalated_to_org_id',
  'w.follow_up_due_at',
  'w.created_at',
  'w.updated_at',
] as const;

export function warningPage(
  db: Kysely<Database>,
  scope: StudentScope,
  userId: number,
  filters: WarningFilters,
  paging: PageQuery,
) {
  return paginate(filtered(db, scope, userId, filters).select(COLUMNS).orderBy('w.id', 'desc'), paging);
}

export function findWarning(db: Kysely<Database>, scope: StudentScope, userId: number, id: number) {
  return baseQuery(db, scope, userId).select(COLUMNS).where('w.id', '=', id).executeTakeFirst();
}
export type WarningListRow = NonNullable<Awaited<ReturnType<typeof findWarning>>>;

/** Counts by state and by level, for the statistics and the itemStatus counts. */
export async function warningCounts(db: Kysely<Database>, scope: StudentScope, userId: number, f: WarningFilters) {
  return filtered(db, scope, userId, f)
    .select(['w.state', 'w.level', sql<number>`count(*)`.as('n')])
    .groupBy(['w.state', 'w.level'])
    .execute();
}

/**
 * Warnings the platform opened by itself (`process/rule/zngy`, decision 0135), counted by source, rule,
 * scale, level and state within the scope and filters.
 */
export function automaticRuleCounts(
  db: Kysely<Database>,
  scope: StudentScope,
  userId: number,
  f: WarningFilters,
  sources: readonly WarningSource[],
) {
  return filtered(db, scope, userId, f)
    .leftJoin('assessment_results as r', (j) =>
      j.onRef('r.id', '=', 'w.source_id').on('w.source_type', '=', 'assessment'),
    )
    .leftJoin('scales as sc', 'sc.id', 'r.scale_id')
    .where('w.source_type', 'in', sources)
    .select([
      'w.source_type',
      'w.rule',
      'sc.id as scale_id',
      'sc.name_zh',
      'sc.name_en',
      'w.level',
      'w.state',
      sql<number>`count(*)`.as('n'),
      sql<number>`max(${sql.ref('w.created_at')})`.as('last_at'),
    ])
    .groupBy(['w.source_type', 'w.rule', 'sc.id', 'sc.name_zh', 'sc.name_en', 'w.level', 'w.state'])
    .execute();
}

/** Each student's most recent warning (with its level), for the lastWarningLevel page. */
export function latestWarnings(
  db: Kysely<Database>,
  scope: StudentScope,
  userId: number,
  filters: WarningFilters,
  paging: PageQuery,
) {
  const latest = db
    .selectFrom('warnings as w2')
    .select((eb) => eb.fn.max('w2.id').as('id'))
    .groupBy('w2.student_id');
  return paginate(
    filtered(db, scope, userId, filters).select(COLUMNS).where('w.id', 'in', latest).orderBy('w.id', 'desc'),
    paging,
  );
}

export function historyOf(db: Kysely<Database>, warningIds: readonly number[]) {
  if (warningIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('warning_history as h')
    .leftJoin('users as u', 'u.id', 'h.by_user_id')
    .select([
      'h.warning_id',
      'h.action',
      'h.from_state',
      'h.to_state',
      'h.from_level',
      'h.to_level',
      'h.reason',
      'h.by_user_id',
      'u.nickname as by_name',
      'h.at',
    ])
    .where('h.warning_id', 'in', warningIds)
    .orderBy('h.id')
    .execute();
}

export function levelRows(db: Kysely<Database>) {
  return db.selectFrom('warning_levels').selectAll().orderBy('rank').execute();
}

export async function openWarningsWithLevels(db: Kysely<Database>, codes: readonly string[]) {
  if (codes.length === 0) return [];
  const open: WarningState[] = ['new', 'setUp', 'published', 'intervening', 'handedOver'];
  return db
    .selectFrom('warnings')
    .select('level')
    .distinct()
    .where('level', 'in', codes)
    .where('state', 'in', open)
    .execute();
}
