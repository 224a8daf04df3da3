import type { PageQuery, ReminderConfiguration, WarningState } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson, paginate, toBool, toJson } from '../../platform/db/sql.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { warningInScope } from '../warnings/repository.ts';

/** Used when the model names no rule for a level: a month, the least urgent default. */
export const FALLBACK_DAYS = 30;
const FOLLOWED: WarningState[] = ['published', 'intervening', 'handedOver'];

export async function readReminderConfiguration(db: Kysely<Database>): Promise<ReminderConfiguration & { id: number }> {
  const row = await db.selectFrom('reminder_configurations').selectAll().orderBy('id').executeTakeFirstOrThrow();
  return { id: row.id, enabled: toBool(row.enabled), rules: fromJson<ReminderConfiguration['rules']>(row.rules) };
}

/** How many days may pass between follow-ups of a warning of this level. */
export async function followUpDays(db: Kysely<Database>, level: string): Promise<number> {
  const config = await readReminderConfiguration(db);
  return config.rules.find((r) => r.level === level)?.everyDays ?? FALLBACK_DAYS;
}

export async function saveReminderConfiguration(
  trx: Transaction<Database>,
  id: number,
  before: ReminderConfiguration,
  after: ReminderConfiguration,
  byUserId: number,
  at: number,
): Promise<void> {
  await trx
    .updateTable('reminder_configurations')
    .set({ enabled: after.enabled, rules: toJson(after.rules), updated_by: byUserId, updated_at: at })
    .where('id', '=', id)
    .execute();
  await trx
    .insertInto('reminder_configuration_log')
    .values({ before: toJson(before), after: toJson(after), by_user_id: byUserId, at })
    .execute();
}

export function reminderLogPage(db: Kysely<Database>, paging: PageQuery) {
  return paginate(
    db
      .selectFrom('reminder_configuration_log as l')
      .leftJoin('users as u', 'u.id', 'l.by_user_id')
      .select(['l.id', 'l.before', 'l.after', 'l.by_user_id', 'u.nickname as by_name', 'l.at'])
      .orderBy('l.id', 'desc'),
    paging,
  );
}

/** Open warnings whose follow-up falls due before `until`, in the reader's scope, soonest first. */
export function dueWarnings(
  db: Kysely<Database>,
  scope: StudentScope,
  userId: number,
  until: number,
  paging: PageQuery,
) {
  return paginate(
    db
      .selectFrom('warnings as w')
      .innerJoin('students as s', 's.id', 'w.student_id')
      .select([
        'w.id',
        'w.student_id',
        's.name as student_name',
        'w.school_id',
        'w.class_id',
        'w.level',
        'w.state',
        'w.follow_up_due_at',
        'w.psychology_user_id',
        'w.class_teacher_user_id',
      ])
      .where(warningInScope(scope, userId))
      .where('w.state', 'in', FOLLOWED)
      .where('w.follow_up_due_at', '<=', until)
      .orderBy('w.follow_up_due_at')
      .orderBy('w.id'),
    paging,
  );
}

/** Warnings of one level whose follow-up is due before `until` and not yet reminded for that due time. */
export function unremindedDue(db: Kysely<Database>, level: string | null, until: number, limit: number) {
  let q = db
    .selectFrom('warnings as w')
    .innerJoin('students as s', 's.id', 'w.student_id')
    .select([
      'w.id',
      's.name as student_name',
      'w.follow_up_due_at',
      'w.psychology_user_id',
      'w.class_teacher_user_id',
      'w.escalated_to_org_id',
      'w.state',
    ])
    .where('w.state', 'in', FOLLOWED)
    .where('w.follow_up_due_at', '<=', until)
    .where((eb) =>
      eb.or([eb('w.reminded_due_at', 'is', null), eb('w.reminded_due_at', '<>', eb.ref('w.follow_up_due_at'))]),
    );
  q = level === null ? q : q.where('w.level', '=', level);
  return q.orderBy('w.id').limit(limit).execute();
}

/** Marks a warning reminded for its due time, only if the due time is still the one read. */
export async function markReminded(trx: Transaction<Database>, id: number, dueAt: number | null): Promise<boolean> {
  const marked = await trx
    .updateTable('warnings')
    .set({ reminded_due_at: dueAt })
    .where('id', '=', id)
    .where('follow_up_due_at', '=', dueAt)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}
