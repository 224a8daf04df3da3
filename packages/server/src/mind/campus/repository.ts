import { type Insertable, type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { statementChunks } from '../../platform/db/batches.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { CampusAlertsTable, CampusDevicesTable } from './tables.ts';

// Campus equipment and behaviour alerts: every read of a school's rows takes the schools in scope.

type Db = Kysely<Database> | Transaction<Database>;
/** The schools a caller may see: every one, or these ids. */
export interface SchoolScope {
  all: boolean;
  schoolIds: number[];
}

/** A condition keeping the rows of the scope's schools, on a `school_id` column. */
export function inSchools(
  column: 'd.school_id' | 'a.school_id' | 'r.school_id',
  scope: SchoolScope,
): RawBuilder<SqlBool> {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  // Guard against an invalid `in ()`: no school, no rows.
  if (scope.schoolIds.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(scope.schoolIds)})`;
}

export function findSchool(db: Db, id: number) {
  return db
    .selectFrom('orgs')
    .select(['id', 'name', 'path'])
    .where('id', '=', id)
    .where('type', '=', 'school')
    .executeTakeFirst();
}

export async function insertDevice(db: Db, row: Insertable<CampusDevicesTable>): Promise<number> {
  const { id } = await db.insertInto('campus_devices').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

const deviceColumns = [
  'd.id',
  'd.school_id',
  'o.name as school_name',
  'd.kind',
  'd.name',
  'd.location',
  'd.device_key',
  'd.stream_url',
  'd.recorder_url',
  'd.last_seen_at',
  'd.created_at',
] as const;

export async function devicePage(db: Db, scope: SchoolScope, schoolId: number | undefined, page: number, size: number) {
  let q = db
    .selectFrom('campus_devices as d')
    .innerJoin('orgs as o', 'o.id', 'd.school_id')
    .where(inSchools('d.school_id', scope));
  if (schoolId !== undefined) q = q.where('d.school_id', '=', schoolId);
  const [rows, count] = await Promise.all([
    q
      .select(deviceColumns)
      .orderBy('d.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findDeviceInScope(db: Db, scope: SchoolScope, id: number) {
  return db
    .selectFrom('campus_devices as d')
    .innerJoin('orgs as o', 'o.id', 'd.school_id')
    .where(inSchools('d.school_id', scope))
    .select(deviceColumns)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function updateDevice(
  db: Db,
  id: number,
  set: Pick<Insertable<CampusDevicesTable>, 'kind' | 'name' | 'location' | 'stream_url' | 'recorder_url'>,
): Promise<void> {
  await db.updateTable('campus_devices').set(set).where('id', '=', id).execute();
}

/** The cameras of the schools in scope that have a stream address or a recorder, by school and name. */
export function playableCameras(db: Db, scope: SchoolScope, schoolId: number | undefined) {
  let q = db
    .selectFrom('campus_devices as d')
    .innerJoin('orgs as o', 'o.id', 'd.school_id')
    .where(inSchools('d.school_id', scope))
    .where('d.kind', '=', 'camera')
    .where((eb) => eb.or([eb('d.stream_url', 'is not', null), eb('d.recorder_url', 'is not', null)]));
  if (schoolId !== undefined) q = q.where('d.school_id', '=', schoolId);
  return q
    .select(['d.id', 'd.school_id', 'o.name as school_name', 'd.name', 'd.location', 'd.stream_url', 'd.recorder_url'])
    .orderBy('o.name')
    .orderBy('d.name')
    .orderBy('d.id')
    .execute();
}

/** Devices whose secret is still stored plain (written before secrets were sealed, decision 0088). */
export function plainSecrets(db: Db, sealedPrefix: string) {
  return db
    .selectFrom('campus_devices')
    .select(['id', 'device_key', 'secret'])
    .where('secret', 'not like', `${sealedPrefix}%`)
    .execute();
}

/** Replaces a plain secret by its sealed form, unless another process sealed it first. */
export async function sealSecret(db: Db, id: number, plain: string, sealed: string): Promise<void> {
  await db
    .updateTable('campus_devices')
    .set({ secret: sealed })
    .where('id', '=', id)
    .where('secret', '=', plain)
    .execute();
}

export async function deleteDevice(db: Db, id: number): Promise<void> {
  await db.deleteFrom('campus_devices').where('id', '=', id).execute();
}

/**
 * The devices signing with these keys, in one read (the requests arriving together, decision 0165):
 * the only read without a caller's scope, the key is the caller.
 */
export async function devicesByKeys(db: Db, keys: readonly string[]) {
  const rows = [];
  for (const chunk of statementChunks(db, keys)) {
    rows.push(
      ...(await db
        .selectFrom('campus_devices')
        .select(['id', 'school_id', 'school_path', 'location', 'device_key', 'secret'])
        .where('device_key', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

export async function markSeen(db: Db, deviceIds: readonly number[], at: number): Promise<void> {
  for (const chunk of statementChunks(db, deviceIds)) {
    await db.updateTable('campus_devices').set({ last_seen_at: at }).where('id', 'in', chunk).execute();
  }
}

/** Forgets the devices' nonces older than `keepSince`: their timestamps are refused anyway. */
export async function forgetNonces(db: Db, deviceIds: readonly number[], keepSince: number): Promise<void> {
  for (const chunk of statementChunks(db, deviceIds)) {
    await db.deleteFrom('campus_nonces').where('device_id', 'in', chunk).where('at', '<', keepSince).execute();
  }
}

/** Records nonces, one statement per chunk; answers those recorded, as `device id:nonce` (the others were used before). */
export async function insertNonces(
  trx: Transaction<Database>,
  rows: ReadonlyArray<{ device_id: number; nonce: string; at: number }>,
): Promise<Set<string>> {
  const recorded = new Set<string>();
  for (const chunk of statementChunks(trx, rows)) {
    const inserted = await trx
      .insertInto('campus_nonces')
      .values(chunk)
      .onConflict((oc) => oc.columns(['device_id', 'nonce']).doNothing())
      .returning(['device_id', 'nonce'])
      .execute();
    for (const r of inserted) recorded.add(`${r.device_id}:${r.nonce}`);
  }
  return recorded;
}

/**
 * Stores reported events and their first timeline steps, two statements per chunk; answers the new
 * alerts' ids by `device id:event id`. An event id its device reported before is skipped (the idempotency).
 */
export async function insertAlerts(
  trx: Transaction<Database>,
  rows: ReadonlyArray<Insertable<CampusAlertsTable>>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of statementChunks(trx, rows)) {
    const inserted = await trx
      .insertInto('campus_alerts')
      .values(chunk)
      .onConflict((oc) => oc.columns(['device_id', 'event_id']).doNothing())
      .returning(['id', 'device_id', 'event_id', 'received_at'])
      .execute();
    const steps = inserted.map((a) => ({
      alert_id: a.id,
      action: 'report',
      by_id: null,
      to_id: null,
      result: null,
      at: a.received_at,
    }));
    for (const part of statementChunks(trx, steps)) await trx.insertInto('campus_alert_steps').values(part).execute();
    for (const a of inserted) ids.set(`${a.device_id}:${a.event_id}`, Number(a.id));
  }
  return ids;
}

/** The alerts stored for these device and event ids, by `device id:event id` (retries only: rare). */
export async function alertsByEvents(
  db: Db,
  events: ReadonlyArray<{ deviceId: number; eventId: string }>,
): Promise<Map<string, number>> {
  if (events.length === 0) return new Map();
  const rows = await db
    .selectFrom('campus_alerts')
    .select(['id', 'device_id', 'event_id'])
    .where((eb) => eb.or(events.map((e) => eb.and([eb('device_id', '=', e.deviceId), eb('event_id', '=', e.eventId)]))))
    .execute();
  return new Map(rows.map((r) => [`${r.device_id}:${r.event_id}`, Number(r.id)]));
}

/** Records a nonce of a device; false when the device used it before (a replay). */
export async function useNonce(db: Db, deviceId: number, nonce: string, at: number): Promise<boolean> {
  const row = await db
    .insertInto('campus_nonces')
    .values({ device_id: deviceId, nonce, at })
    .onConflict((oc) => oc.columns(['device_id', 'nonce']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertStep(
  db: Db,
  s: { alertId: number; action: string; byId: number | null; toId: number | null; result: string | null; at: number },
): Promise<void> {
  await db
    .insertInto('campus_alert_steps')
    .values({ alert_id: s.alertId, action: s.action, by_id: s.byId, to_id: s.toId, result: s.result, at: s.at })
    .execute();
}

export interface AlertFilters {
  schoolId?: number;
  type?: string;
  state?: string;
  from?: number;
  to?: number;
}

function alertsQuery(db: Db, scope: SchoolScope, f: AlertFilters) {
  let q = db.selectFrom('campus_alerts as a').where(inSchools('a.school_id', scope));
  if (f.schoolId !== undefined) q = q.where('a.school_id', '=', f.schoolId);
  if (f.type !== undefined) q = q.where('a.type', '=', f.type);
  if (f.state !== undefined) q = q.where('a.state', '=', f.state);
  if (f.from !== undefined) q = q.where('a.occurred_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('a.occurred_at', '<', f.to);
  return q;
}

const alertColumns = [
  'a.id',
  'a.device_id',
  'a.school_id',
  'o.name as school_name',
  'd.location',
  'd.name as device_name',
  'a.type',
  'a.state',
  'a.occurred_at',
  'a.snapshot',
  'a.holder_id',
  'h.nickname as holder_name',
] as const;

export async function alertPage(db: Db, scope: SchoolScope, f: AlertFilters, page: number, size: number) {
  const q = alertsQuery(db, scope, f);
  const [rows, count] = await Promise.all([
    q
      .innerJoin('campus_devices as d', 'd.id', 'a.device_id')
      .innerJoin('orgs as o', 'o.id', 'a.school_id')
      .leftJoin('users as h', 'h.id', 'a.holder_id')
      .select(alertColumns)
      .orderBy('a.occurred_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type AlertRow = Awaited<ReturnType<typeof alertPage>>['rows'][number];

export function findAlertInScope(db: Db, scope: SchoolScope, id: number) {
  return alertsQuery(db, scope, {})
    .innerJoin('campus_devices as d', 'd.id', 'a.device_id')
    .innerJoin('orgs as o', 'o.id', 'a.school_id')
    .leftJoin('users as h', 'h.id', 'a.holder_id')
    .select(alertColumns)
    .select(['d.kind as device_kind', 'd.stream_url', 'd.recorder_url'])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

export function stepsOf(db: Db, alertId: number) {
  return db
    .selectFrom('campus_alert_steps as s')
    .leftJoin('users as b', 'b.id', 's.by_id')
    .leftJoin('users as t', 't.id', 's.to_id')
    .select(['s.action', 'b.nickname as by_name', 't.nickname as to_name', 's.result', 's.at'])
    .where('s.alert_id', '=', alertId)
    .orderBy('s.id')
    .execute();
}

/** Moves an alert from the state the caller saw: false when another step got there first. */
export async function moveAlert(
  db: Db,
  id: number,
  fromState: string,
  set: { state: string; holder_id?: number | null },
): Promise<boolean> {
  const res = await db
    .updateTable('campus_alerts')
    .set(set)
    .where('id', '=', id)
    .where('state', '=', fromState)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function countsByType(db: Db, scope: SchoolScope, f: AlertFilters) {
  return alertsQuery(db, scope, f)
    .select(['a.type', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('a.type')
    .execute();
}

export function occurredTimes(db: Db, scope: SchoolScope, f: AlertFilters) {
  // Days are counted in the service in China time; a school's alerts of a period are few enough to read.
  return alertsQuery(db, scope, f).select('a.occurred_at').execute();
}

/** The active teachers of a school, by account: whom one of its alerts may be handed over to. */
export function activeTeachersOf(db: Db, schoolId: number) {
  return db
    .selectFrom('teachers')
    .select(['user_id', 'name', 'teacher_no'])
    .where('school_id', '=', schoolId)
    .where('status', '=', 'active')
    .orderBy('name')
    .orderBy('id')
    .limit(1000)
    .execute();
}

/** Whether a snapshot belongs to an alert of one of these schools: who may read it (file grant). */
export async function snapshotInSchools(db: Db, scope: SchoolScope, path: string): Promise<boolean> {
  const row = await db
    .selectFrom('campus_alerts as a')
    .where(inSchools('a.school_id', scope))
    .select('a.id')
    .where('a.snapshot', '=', path)
    .executeTakeFirst();
  return row !== undefined;
}

// The security-warning cockpit's figures (decision 0096), over the same scope as the list.

/** Open alerts (neither solved nor a false alarm) by state and by the person holding them. */
export function openByStateAndHolder(db: Db, scope: SchoolScope, schoolId: number | undefined) {
  return alertsQuery(db, scope, { schoolId })
    .leftJoin('users as h', 'h.id', 'a.holder_id')
    .where('a.state', 'not in', ['solved', 'falseAlarm'])
    .select(['a.state', 'a.holder_id', 'h.nickname as holder_name', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['a.state', 'a.holder_id', 'h.nickname'])
    .execute();
}

/** When each alert solved since `since` occurred and when its solving step was taken. */
export function solveTimes(db: Db, scope: SchoolScope, schoolId: number | undefined, since: number) {
  return alertsQuery(db, scope, { schoolId })
    .innerJoin('campus_alert_steps as s', 's.alert_id', 'a.id')
    .where('a.state', '=', 'solved')
    .where('s.action', '=', 'solve')
    .where('s.at', '>=', since)
    .select(['a.occurred_at', 's.at'])
    .execute();
}

/** Each device's kind and when it was last heard from. */
export function devicesSeen(db: Db, scope: SchoolScope, schoolId: number | undefined) {
  let q = db.selectFrom('campus_devices as d').where(inSchools('d.school_id', scope));
  if (schoolId !== undefined) q = q.where('d.school_id', '=', schoolId);
  return q.select(['d.kind', 'd.last_seen_at']).execute();
}
