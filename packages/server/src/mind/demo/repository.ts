import { EMOTIONS } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toJson } from '../../platform/db/sql.ts';
import type { UsersTable } from '../../portal/identity/tables.ts';
import type {
  CampusAlertsTable,
  CampusDayReportSettingsTable,
  CampusDevicesTable,
  CampusPushRulesTable,
} from '../campus/tables.ts';
import type {
  EmotionClassDaysTable,
  EmotionClassHoursTable,
  EmotionColumns,
  EmotionSamplesTable,
} from '../emotion/tables.ts';
import type { ParentsTable, StudentParentsTable } from '../people/students/tables.ts';
import type { ClassTeachersTable, TeachersTable } from '../people/teachers/tables.ts';

type Trx = Transaction<Database>;

/** Rows per statement: with every column bound, well under SQLite's limit of bound parameters. */
const BATCH = 500;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

export const DEMO_SETTING = 'demo.district';

/**
 * Claims the demo seeding for this database: true for the one start that writes the mark. A second
 * process starting at the same time waits on the key and then finds it taken.
 */
export async function claimDemo(trx: Trx, detail: unknown): Promise<boolean> {
  // A skipped insert returns no row on both engines, where affected-row counts differ by driver.
  const row = await trx
    .insertInto('settings')
    .values({ key: DEMO_SETTING, value: toJson(detail), updated_at: Date.now(), updated_by: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function demoSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('settings').select('key').where('key', '=', DEMO_SETTING).executeTakeFirst();
  return row !== undefined;
}

/** Whether anyone has built organisations here: demo data never mixes into a real district. */
export async function hasOrgs(trx: Trx): Promise<boolean> {
  return (await trx.selectFrom('orgs').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export type DemoUser = Omit<Insertable<UsersTable>, 'created_at' | 'updated_at'> & { account: string };

/** Inserts accounts in batches; answers account name → id (accounts are unique, so no reliance on row order). */
export async function insertUsers(trx: Trx, users: DemoUser[]): Promise<Map<string, number>> {
  const at = Date.now();
  const ids = new Map<string, number>();
  for (const batch of chunks(users)) {
    const rows = await trx
      .insertInto('users')
      .values(batch.map((u) => ({ ...u, created_at: at, updated_at: at })))
      .returning(['id', 'account'])
      .execute();
    for (const r of rows) ids.set(r.account, r.id);
  }
  return ids;
}

export async function grantRoles(trx: Trx, grants: Array<{ userId: number; roleId: number; orgId: number | null }>) {
  const at = Date.now();
  for (const batch of chunks(grants)) {
    await trx
      .insertInto('user_roles')
      .values(batch.map((g) => ({ user_id: g.userId, role_id: g.roleId, org_id: g.orgId, created_at: at })))
      .execute();
  }
}

export async function grantIdentities(
  trx: Trx,
  grants: Array<{ userId: number; identityId: number; orgId: number | null }>,
) {
  const at = Date.now();
  for (const batch of chunks(grants)) {
    await trx
      .insertInto('user_identities')
      .values(batch.map((g) => ({ user_id: g.userId, identity_id: g.identityId, org_id: g.orgId, created_at: at })))
      .execute();
  }
}

/** Inserts teacher records; answers user id → teacher id. */
export async function insertTeachers(
  trx: Trx,
  teachers: Array<Omit<Insertable<TeachersTable>, 'created_at' | 'updated_at'>>,
): Promise<Map<number, number>> {
  const at = Date.now();
  const ids = new Map<number, number>();
  for (const batch of chunks(teachers)) {
    const rows = await trx
      .insertInto('teachers')
      .values(batch.map((t) => ({ ...t, created_at: at, updated_at: at })))
      .returning(['id', 'user_id'])
      .execute();
    for (const r of rows) ids.set(r.user_id, r.id);
  }
  return ids;
}

export async function insertClassTeachers(trx: Trx, rows: Array<Omit<ClassTeachersTable, 'id' | 'created_at'>>) {
  const at = Date.now();
  for (const batch of chunks(rows)) {
    await trx
      .insertInto('class_teachers')
      .values(batch.map((r) => ({ ...r, created_at: at })))
      .execute();
  }
}

/** Inserts parents; answers `school_id:phone` (unique) → parent id. */
export async function insertParents(
  trx: Trx,
  parents: Array<Omit<ParentsTable, 'id' | 'created_at' | 'updated_at'>>,
): Promise<Map<string, number>> {
  const at = Date.now();
  const ids = new Map<string, number>();
  for (const batch of chunks(parents)) {
    const rows = await trx
      .insertInto('parents')
      .values(batch.map((p) => ({ ...p, created_at: at, updated_at: at })))
      .returning(['id', 'school_id', 'phone'])
      .execute();
    for (const r of rows) ids.set(`${r.school_id}:${r.phone}`, r.id);
  }
  return ids;
}

export async function linkParents(trx: Trx, links: Array<Omit<StudentParentsTable, 'id' | 'created_at'>>) {
  const at = Date.now();
  for (const batch of chunks(links)) {
    await trx
      .insertInto('student_parents')
      .values(batch.map((l) => ({ ...l, created_at: at })))
      .execute();
  }
}

/** The students of a school as `student_no` → id, to link parents to the rows just written. */
export async function studentIdsOf(trx: Trx, schoolId: number): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('students')
    .select(['id', 'student_no'])
    .where('school_id', '=', schoolId)
    .execute();
  return new Map(rows.map((r) => [r.student_no, r.id]));
}

/** An account's id by its name, when it exists. */
export async function userIdOf(trx: Trx, account: string): Promise<number | undefined> {
  const row = await trx.selectFrom('users').select('id').where('account', '=', account).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** The accounts of a school's psychology teachers, in the order they were written. */
export async function psychologyTeachersOf(trx: Trx, schoolId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('teachers')
    .select('user_id')
    .where('school_id', '=', schoolId)
    .where('is_psychology', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.user_id));
}

const schoolPathOf = async (trx: Trx, schoolId: number) =>
  (await trx.selectFrom('orgs').select('path').where('id', '=', schoolId).executeTakeFirstOrThrow()).path;

/** A school's cameras and terminals; answers their ids in the order given. */
export async function insertDemoDevices(
  trx: Trx,
  schoolId: number,
  devices: Array<Omit<Insertable<CampusDevicesTable>, 'school_id' | 'school_path' | 'stream_url' | 'created_at'>>,
): Promise<number[]> {
  const school_path = await schoolPathOf(trx, schoolId);
  const at = Date.now();
  const rows = await trx
    .insertInto('campus_devices')
    .values(devices.map((d) => ({ ...d, school_id: schoolId, school_path, stream_url: null, created_at: at })))
    .returning(['id', 'device_key'])
    .execute();
  const ids = new Map(rows.map((r) => [r.device_key, Number(r.id)]));
  return devices.map((d) => ids.get(d.device_key) as number);
}

export type DemoSample = Omit<Insertable<EmotionSamplesTable>, 'id'> & EmotionColumns & { day: string; hour: number };

/** Class emotion samples, and their class hours and days summed as the intake sums them. */
export async function insertDemoEmotions(trx: Trx, samples: DemoSample[]): Promise<void> {
  const columns = ['faces', ...EMOTIONS] as const;
  const hours = new Map<string, Insertable<EmotionClassHoursTable> & Record<(typeof columns)[number], number>>();
  const days = new Map<string, Insertable<EmotionClassDaysTable> & Record<(typeof columns)[number], number>>();
  for (const { day, hour, ...s } of samples) {
    const base = { school_id: s.school_id, class_id: s.class_id, day, samples: 1 } as const;
    const h = hours.get(`${s.class_id} ${day} ${hour}`);
    const d = days.get(`${s.class_id} ${day}`);
    const values = Object.fromEntries(columns.map((c) => [c, Number(s[c])])) as Record<
      (typeof columns)[number],
      number
    >;
    if (h) {
      h.samples = Number(h.samples) + 1;
      for (const c of columns) h[c] += values[c];
    } else hours.set(`${s.class_id} ${day} ${hour}`, { ...base, hour, ...values });
    if (d) {
      d.samples = Number(d.samples) + 1;
      for (const c of columns) d[c] += values[c];
    } else days.set(`${s.class_id} ${day}`, { ...base, ...values });
  }
  for (const batch of chunks(samples.map(({ day: _d, hour: _h, ...s }) => s))) {
    await trx.insertInto('emotion_samples').values(batch).execute();
  }
  for (const batch of chunks([...hours.values()])) await trx.insertInto('emotion_class_hours').values(batch).execute();
  for (const batch of chunks([...days.values()])) await trx.insertInto('emotion_class_days').values(batch).execute();
}

export type DemoAlert = Omit<Insertable<CampusAlertsTable>, 'school_path'> & {
  steps: Array<{ action: string; byId: number | null; toId: number | null; result: string | null; at: number }>;
};

/** Behaviour alerts with their timelines. */
export async function insertDemoAlerts(trx: Trx, alerts: DemoAlert[]): Promise<void> {
  for (const { steps, ...alert } of alerts) {
    const school_path = await schoolPathOf(trx, Number(alert.school_id));
    const { id } = await trx
      .insertInto('campus_alerts')
      .values({ ...alert, school_path })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('campus_alert_steps')
      .values(
        steps.map((s) => ({
          alert_id: id,
          action: s.action,
          by_id: s.byId,
          to_id: s.toId,
          result: s.result,
          at: s.at,
        })),
      )
      .execute();
  }
}

export async function insertDemoPushRules(
  trx: Trx,
  rule: Omit<Insertable<CampusPushRulesTable>, 'school_path' | 'created_at' | 'updated_at'>,
): Promise<void> {
  const at = Date.now();
  const school_path = await schoolPathOf(trx, Number(rule.school_id));
  await trx
    .insertInto('campus_push_rules')
    .values({ ...rule, school_path, created_at: at, updated_at: at })
    .execute();
}

export async function saveDemoDayReport(
  trx: Trx,
  settings: Omit<Insertable<CampusDayReportSettingsTable>, 'updated_at'>,
): Promise<void> {
  await trx
    .insertInto('campus_day_report_settings')
    .values({ ...settings, updated_at: Date.now() })
    .execute();
}
