import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import { statementChunks } from '../../platform/db/batches.ts';
import type { Database } from '../../platform/db/schema.ts';
import { inSchools, type SchoolScope } from './repository.ts';
import type { CampusNoticesTable, CampusPushRulesTable } from './tables.ts';

// Push rules of behaviour alerts and the site messages they send (decision 0097).

type Db = Kysely<Database> | Transaction<Database>;

const ruleColumns = [
  'r.id',
  'r.school_id',
  'r.name',
  'r.types',
  'r.user_ids',
  'r.channels',
  'r.emotion_levels',
  'r.from_minute',
  'r.to_minute',
  'r.updated_at',
  'o.name as school_name',
] as const;

export function rulesInScope(db: Db, scope: SchoolScope, schoolId: number | undefined) {
  return db
    .selectFrom('campus_push_rules as r')
    .innerJoin('orgs as o', 'o.id', 'r.school_id')
    .select(ruleColumns)
    .where(inSchools('r.school_id', scope))
    .$if(schoolId !== undefined, (q) => q.where('r.school_id', '=', schoolId ?? 0))
    .orderBy('r.school_id')
    .orderBy('r.id')
    .limit(500)
    .execute();
}
export type RuleRow = Awaited<ReturnType<typeof rulesInScope>>[number];

export function findRuleInScope(db: Db, scope: SchoolScope, id: number) {
  return db
    .selectFrom('campus_push_rules as r')
    .innerJoin('orgs as o', 'o.id', 'r.school_id')
    .select(ruleColumns)
    .where('r.id', '=', id)
    .where(inSchools('r.school_id', scope))
    .executeTakeFirst();
}

export async function insertRule(db: Db, row: Insertable<CampusPushRulesTable>): Promise<number> {
  const { id } = await db.insertInto('campus_push_rules').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function updateRule(db: Db, id: number, set: Updateable<CampusPushRulesTable>): Promise<void> {
  await db.updateTable('campus_push_rules').set(set).where('id', '=', id).execute();
}

export async function deleteRule(db: Db, id: number): Promise<void> {
  await db.deleteFrom('campus_push_rules').where('id', '=', id).execute();
}

/** The rules of one school, to match an arriving alert against. */
export function rulesOfSchool(db: Db, schoolId: number) {
  return db
    .selectFrom('campus_push_rules')
    .select(['id', 'types', 'user_ids', 'channels', 'emotion_levels', 'from_minute', 'to_minute'])
    .where('school_id', '=', schoolId)
    .execute();
}

/** The push rules of several schools, each with its school: one read (per chunk, `statementChunks`). */
export async function rulesOfSchools(db: Db, schoolIds: readonly number[]) {
  const rules = [];
  for (const chunk of statementChunks(db, schoolIds)) {
    rules.push(
      ...(await db
        .selectFrom('campus_push_rules')
        .select(['id', 'school_id', 'types', 'user_ids', 'channels', 'emotion_levels', 'from_minute', 'to_minute'])
        .where('school_id', 'in', chunk)
        .execute()),
    );
  }
  return rules;
}

/** Names of the rules' people, as their schools' staff rosters spell them. */
export async function namesOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db.selectFrom('teachers').select(['user_id as id', 'name']).where('user_id', 'in', userIds).execute();
}

/** Those among `userIds` who are active teachers of the school: the people a rule may name. */
export function activeStaffAmong(db: Db, schoolId: number, userIds: number[]) {
  return db
    .selectFrom('teachers')
    .select('user_id')
    .where('school_id', '=', schoolId)
    .where('status', '=', 'active')
    .where('user_id', 'in', userIds)
    .execute();
}

export function enabledAmong(db: Db, userIds: number[]) {
  return db.selectFrom('users').select('id').where('id', 'in', userIds).where('status', '=', 'enabled').execute();
}

/** Messages, at most one per alert, person and channel. */
/** The tables of site messages about an alert: behaviour alerts' and emotion alerts', of one shape. */
export type NoticeTable = 'campus_notices' | 'emotion_alert_notices';

export async function insertNotices(db: Db, table: NoticeTable, rows: Insertable<CampusNoticesTable>[]): Promise<void> {
  await db
    .insertInto(table)
    .values(rows)
    .onConflict((oc) => oc.columns(['alert_id', 'user_id', 'channel']).doNothing())
    .execute();
}

/** Those among `userIds` whose message about the alert by `channel` is recorded already (sent, skipped or failed). */
export async function recordedAmong(db: Db, table: NoticeTable, alertId: number, channel: string, userIds: number[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom(table)
    .select('user_id')
    .where('alert_id', '=', alertId)
    .where('channel', '=', channel)
    .where('user_id', 'in', userIds)
    .execute();
  return rows.map((r) => Number(r.user_id));
}

/** The enabled accounts among `userIds` with their mobile (the staff roster's, else the account's) and the roster's WeChat openid. */
export function contactsOf(db: Db, userIds: number[]) {
  return db
    .selectFrom('users as u')
    .leftJoin('teachers as t', 't.user_id', 'u.id')
    .select(['u.id', 'u.phone', 't.phone as staff_phone', 't.wechat_openid'])
    .where('u.id', 'in', userIds)
    .where('u.status', '=', 'enabled')
    .orderBy('u.id')
    .execute();
}

/** What the sentence about a behaviour alert names: school, place, type and time. */
export function alertFacts(db: Db, alertId: number) {
  return db
    .selectFrom('campus_alerts as a')
    .innerJoin('campus_devices as d', 'd.id', 'a.device_id')
    .innerJoin('orgs as o', 'o.id', 'a.school_id')
    .select(['o.name as school_name', 'd.location', 'a.type', 'a.occurred_at'])
    .where('a.id', '=', alertId)
    .executeTakeFirst();
}

/** Every message about one alert (behaviour or emotion), by any channel, with how it went; oldest first. */
export function deliveriesOf(db: Db, table: NoticeTable, alertId: number) {
  return db
    .selectFrom(table)
    .select(['user_id', 'channel', 'status', 'reason', 'detail', 'created_at'])
    .where('alert_id', '=', alertId)
    .orderBy('id')
    .execute();
}

/** The caller's own site messages, newest first, with the alert they are about. */
export function noticesOf(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('campus_notices as n')
    .innerJoin('campus_alerts as a', 'a.id', 'n.alert_id')
    .innerJoin('campus_devices as d', 'd.id', 'a.device_id')
    .innerJoin('orgs as o', 'o.id', 'a.school_id')
    .select([
      'n.id',
      'n.alert_id',
      'a.type',
      'o.name as school_name',
      'd.location',
      'a.occurred_at',
      'n.created_at',
      'n.read_at',
    ])
    .where('n.user_id', '=', userId)
    .where('n.channel', '=', 'site')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}

/** Marks one of the user's messages read; false when it is not theirs. */
/** Marks one of the caller's messages read (the first reading's time stays); false when it is not theirs. */
export async function markNoticeRead(
  db: Db,
  table: NoticeTable,
  userId: number,
  id: number,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ read_at: sql<number>`coalesce(read_at, ${at})` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
