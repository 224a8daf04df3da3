import type { DataPushDeliveryState, DataPushKind, PageQuery } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';

type Db = Kysely<Database> | Transaction<Database>;

const targetColumns = [
  't.id',
  't.owner_id',
  'u.account as owner_account',
  't.name',
  't.url',
  't.state',
  't.paused_reason',
  't.push_values',
  't.push_alarms',
  't.failures_in_row',
  't.last_sent_at',
  't.created_at',
] as const;

/** The targets of the caller's account tree (every one for the platform's administrators), with their account's name. */
function visibleTargets(db: Db, scope: Scope) {
  return db
    .selectFrom('data_push_targets as t')
    .innerJoin('users as u', 'u.id', 't.owner_id')
    .select(targetColumns)
    .$if(!scope.all, (q) => q.where('t.owner_id', 'in', scope.ownerIds));
}

export function listTargets(db: Db, scope: Scope, filter: { name?: string | undefined }, page: PageQuery) {
  const query = visibleTargets(db, scope)
    .$if(Boolean(filter.name), (q) => q.where(contains('t.name', filter.name ?? '')))
    .orderBy('t.id', 'desc');
  return paginate(query, page);
}

export function findTarget(db: Db, scope: Scope, id: number) {
  return visibleTargets(db, scope).where('t.id', '=', id).executeTakeFirst();
}
export type TargetRow = NonNullable<Awaited<ReturnType<typeof findTarget>>>;

export async function accountExists(db: Db, userId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst());
}

/** Adds a target; its secret is sealed to the new row's id, so it is written in a second step. */
export async function insertTarget(
  db: Db,
  row: { owner_id: number; name: string; url: string; push_values: boolean; push_alarms: boolean; at: number },
  sealFor: (id: number) => string,
): Promise<number> {
  const inserted = await db
    .insertInto('data_push_targets')
    .values({
      owner_id: row.owner_id,
      name: row.name,
      url: row.url,
      push_values: row.push_values,
      push_alarms: row.push_alarms,
      secret: '',
      state: 'active',
      paused_reason: null,
      last_sent_at: null,
      created_at: row.at,
      updated_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  await db
    .updateTable('data_push_targets')
    .set({ secret: sealFor(id) })
    .where('id', '=', id)
    .execute();
  return id;
}

/** A target's name, URL and what it forwards, changed by a platform administrator. */
export async function updateTarget(
  db: Db,
  id: number,
  change: { name: string; url: string; push_values: boolean; push_alarms: boolean; at: number },
): Promise<void> {
  await db
    .updateTable('data_push_targets')
    .set({
      name: change.name,
      url: change.url,
      push_values: change.push_values,
      push_alarms: change.push_alarms,
      updated_at: change.at,
    })
    .where('id', '=', id)
    .execute();
}

export async function setTargetState(
  db: Db,
  id: number,
  change: { state: 'active' | 'paused'; paused_reason: string | null; at: number },
): Promise<void> {
  await db
    .updateTable('data_push_targets')
    .set({
      state: change.state,
      paused_reason: change.paused_reason,
      // Resumed, the count starts again.
      ...(change.state === 'active' ? { failures_in_row: 0 } : {}),
      updated_at: change.at,
    })
    .where('id', '=', id)
    .execute();
}

export function listDeliveries(db: Db, targetId: number, page: PageQuery) {
  const query = db
    .selectFrom('data_push_deliveries')
    .select(['id', 'state', 'kind', 'devices', 'values', 'attempts', 'status', 'error', 'created_at', 'sent_at'])
    .where('target_id', '=', targetId)
    .orderBy('id', 'desc');
  return paginate(query, page);
}

/** The active targets of the accounts that own these devices, and the devices' names (no caller: telemetry's listener). */
export async function pushAudience(db: Db, deviceIds: readonly number[]) {
  // Guard against running an invalid query when no device reported.
  if (deviceIds.length === 0) return { targets: [], devices: [] };
  const devices = await db
    .selectFrom('devices')
    .select(['id', 'owner_id', 'name', 'sn'])
    .where('id', 'in', [...deviceIds])
    .execute();
  const owners = [...new Set(devices.map((d) => Number(d.owner_id)))];
  if (owners.length === 0) return { targets: [], devices };
  const targets = await db
    .selectFrom('data_push_targets')
    .select(['id', 'owner_id'])
    .where('owner_id', 'in', owners)
    .where('state', '=', 'active')
    .where('push_values', '=', true)
    .execute();
  return { targets, devices };
}

/** The active targets subscribed to alarms of the device's owner, and the device (no caller: the alarm engine). */
export async function alarmAudience(db: Db, deviceId: number) {
  const device = await db
    .selectFrom('devices')
    .select(['id', 'owner_id', 'name', 'sn'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
  if (!device) return { device, targets: [] };
  const targets = await db
    .selectFrom('data_push_targets')
    .select(['id'])
    .where('owner_id', '=', Number(device.owner_id))
    .where('state', '=', 'active')
    .where('push_alarms', '=', true)
    .execute();
  return { device, targets };
}

export async function pointNames(db: Db, pointIds: readonly number[]): Promise<Map<number, string>> {
  if (pointIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('template_points')
    .select(['id', 'name'])
    .where('id', 'in', [...pointIds])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

export async function insertDelivery(
  db: Db,
  row: { target_id: number; kind: DataPushKind; body: string; devices: number; values: number; at: number },
): Promise<number> {
  const inserted = await db
    .insertInto('data_push_deliveries')
    .values({
      target_id: row.target_id,
      kind: row.kind,
      state: 'queued',
      body: row.body,
      devices: row.devices,
      values: row.values,
      status: null,
      error: null,
      created_at: row.at,
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** A delivery with what its job needs of the target (no caller: the job). */
export function deliveryToSend(db: Db, id: number) {
  return db
    .selectFrom('data_push_deliveries as d')
    .innerJoin('data_push_targets as t', 't.id', 'd.target_id')
    .select([
      'd.id',
      'd.state',
      'd.body',
      'd.attempts',
      't.id as target_id',
      't.url',
      't.secret',
      't.state as target_state',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function recordAttempt(
  db: Db,
  id: number,
  outcome: { state: DataPushDeliveryState; attempts: number; status: number | null; error: string | null; at: number },
): Promise<void> {
  await db
    .updateTable('data_push_deliveries')
    .set({
      state: outcome.state,
      attempts: outcome.attempts,
      status: outcome.status,
      error: outcome.error,
      ...(outcome.state === 'sent' ? { sent_at: outcome.at } : {}),
      // Nothing reads a finished delivery's body again: one row per flush per target stays small.
      ...(outcome.state === 'queued' ? {} : { body: '' }),
    })
    .where('id', '=', id)
    .execute();
}

export async function targetSucceeded(db: Db, targetId: number, at: number): Promise<void> {
  await db
    .updateTable('data_push_targets')
    .set({ failures_in_row: 0, last_sent_at: at })
    .where('id', '=', targetId)
    .execute();
}

/** Counts a failed request; pauses the target with `reason` once `pauseAfter` fail in a row. Returns whether it paused. */
export async function targetFailed(
  db: Db,
  targetId: number,
  pauseAfter: number,
  reason: string,
  at: number,
): Promise<boolean> {
  const row = await db
    .updateTable('data_push_targets')
    .set((eb) => ({ failures_in_row: eb('failures_in_row', '+', 1) }))
    .where('id', '=', targetId)
    .returning(['failures_in_row', 'state'])
    .executeTakeFirst();
  if (row?.state !== 'active' || Number(row.failures_in_row) < pauseAfter) return false;
  await db
    .updateTable('data_push_targets')
    .set({ state: 'paused', paused_reason: reason, updated_at: at })
    .where('id', '=', targetId)
    .where('state', '=', 'active')
    .execute();
  return true;
}

/** Finished deliveries made before `before`; queued and retrying ones stay whatever their age. */
export async function deleteFinishedBefore(db: Db, before: number, limit: number): Promise<number> {
  const ids = db
    .selectFrom('data_push_deliveries')
    .select('id')
    .where('state', 'in', ['sent', 'failed'])
    .where('created_at', '<', before)
    .limit(limit);
  const result = await db.deleteFrom('data_push_deliveries').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
