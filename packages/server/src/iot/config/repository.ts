import type { ConfigKind, ConfigState, PageQuery } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import { deviceVisible } from '../devices/access-repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

const profileColumns = ['p.id', 'p.owner_id', 'p.name', 'p.kind', 'p.params', 'p.created_at', 'p.updated_at'] as const;

/** The command password of the DTU configuration a device last accepted, if any. */
export async function acceptedDtuParams(db: Db, deviceId: number): Promise<string | null> {
  const row = await db
    .selectFrom('device_configs')
    .select('params')
    .where('device_id', '=', deviceId)
    .where('kind', '=', 'dtu')
    .where('state', '=', 'success')
    .executeTakeFirst();
  return row?.params ?? null;
}

/** The profiles of the caller's account tree (every profile for the platform's administrators). */
function visibleProfiles(db: Db, scope: Scope) {
  return db
    .selectFrom('config_profiles as p')
    .select(profileColumns)
    .$if(!scope.all, (q) => q.where('p.owner_id', 'in', scope.ownerIds));
}

export async function listProfiles(
  db: Db,
  scope: Scope,
  filter: { name?: string | undefined; kind?: ConfigKind | undefined },
  page: PageQuery,
) {
  const query = visibleProfiles(db, scope)
    .$if(Boolean(filter.name), (q) => q.where(contains('p.name', filter.name ?? '')))
    .$if(Boolean(filter.kind), (q) => q.where('p.kind', '=', filter.kind ?? 'dtu'))
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id', 'desc');
  return paginate(query, page);
}

export async function findProfile(db: Db, scope: Scope, id: number) {
  return visibleProfiles(db, scope).where('p.id', '=', id).executeTakeFirst();
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export async function profileNameTaken(db: Db, ownerId: number, name: string, except?: number): Promise<boolean> {
  const row = await db
    .selectFrom('config_profiles')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('name', '=', name)
    .$if(except !== undefined, (q) => q.where('id', '!=', except ?? 0))
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertProfile(
  db: Db,
  row: { owner_id: number; name: string; kind: ConfigKind; params: string; at: number },
): Promise<number> {
  const inserted = await db
    .insertInto('config_profiles')
    .values({
      owner_id: row.owner_id,
      name: row.name,
      kind: row.kind,
      params: row.params,
      created_at: row.at,
      updated_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateProfile(
  db: Db,
  id: number,
  row: { name: string; kind: ConfigKind; params: string; at: number },
): Promise<void> {
  await db
    .updateTable('config_profiles')
    .set({ name: row.name, kind: row.kind, params: row.params, updated_at: row.at })
    .where('id', '=', id)
    .execute();
}

export async function deleteProfile(db: Db, id: number): Promise<void> {
  await db.deleteFrom('config_profiles').where('id', '=', id).execute();
}

/** The devices among `ids` the caller may edit, with what decides how they are configured. */
export async function editableDevices(db: Db, scope: Scope, ids: readonly number[]) {
  // Guard against running an invalid `in ()` when the list is empty.
  if (!ids.length) return [];
  return db
    .selectFrom('devices as d')
    .select(['d.id', 'd.sn', 'd.protocol'])
    .where('d.id', 'in', [...ids])
    .where(deviceVisible(scope, 'edit'))
    .execute();
}

/** Puts each device's configuration back to "to be configured" with these parameters, replacing the one before. */
export async function queueConfigs(
  db: Db,
  deviceIds: readonly number[],
  profile: { id: number; name: string; kind: ConfigKind; params: string },
  at: number,
): Promise<void> {
  if (!deviceIds.length) return;
  const row = {
    profile_id: profile.id,
    profile_name: profile.name,
    kind: profile.kind,
    params: profile.params,
    state: 'pending' as const,
    reason_key: null,
    reason_params: null,
    claimed_by: null,
    claimed_until: null,
    requested_at: at,
    finished_at: null,
  };
  await db
    .insertInto('device_configs')
    .values(deviceIds.map((device_id) => ({ device_id, ...row })))
    .onConflict((oc) => oc.column('device_id').doUpdateSet(row))
    .execute();
}

export async function listDeviceConfigs(
  db: Db,
  scope: Scope,
  filter: { sn?: string | undefined; state?: ConfigState | undefined; profileId?: number | undefined },
  page: PageQuery,
) {
  const query = db
    .selectFrom('device_configs as c')
    .innerJoin('devices as d', 'd.id', 'c.device_id')
    .select([
      'c.device_id',
      'd.name as device_name',
      'd.sn',
      'c.profile_id',
      'c.profile_name',
      'c.kind',
      'c.state',
      'c.reason_key',
      'c.reason_params',
      'c.requested_at',
      'c.finished_at',
    ])
    .where(deviceVisible(scope, 'view'))
    .$if(Boolean(filter.sn), (q) => q.where(contains('d.sn', filter.sn ?? '')))
    .$if(Boolean(filter.state), (q) => q.where('c.state', '=', filter.state ?? 'pending'))
    .$if(filter.profileId !== undefined, (q) => q.where('c.profile_id', '=', filter.profileId ?? 0))
    .orderBy('c.requested_at', 'desc')
    .orderBy('c.device_id', 'desc');
  return paginate(query, page);
}

/** Configurations whose sender's claim ran out (its process died mid-way): to be configured again. */
export async function requeueLapsed(db: Db, now: number): Promise<void> {
  await db
    .updateTable('device_configs')
    .set({ state: 'pending', claimed_by: null, claimed_until: null })
    .where('state', '=', 'configuring')
    .where('claimed_until', '<', now)
    .execute();
}

/** The devices among `ids` (connected here) that wait to be configured. */
export async function pendingAmong(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('device_configs')
    .select(['device_id', 'kind', 'params', 'requested_at'])
    .where('state', '=', 'pending')
    .where('device_id', 'in', [...ids])
    .execute();
}

/**
 * Takes a device's configuration for this process: only one process wins (the row must still be
 * "to be configured" and requested at the same moment, so that a newer request is not taken as this one).
 */
export async function claimConfig(
  db: Db,
  deviceId: number,
  requestedAt: number,
  node: string,
  until: number,
): Promise<boolean> {
  const result = await db
    .updateTable('device_configs')
    .set({ state: 'configuring', claimed_by: node, claimed_until: until })
    .where('device_id', '=', deviceId)
    .where('state', '=', 'pending')
    .where('requested_at', '=', requestedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records how a claimed configuration ended; a newer request made meanwhile is left as it is. */
export async function finishConfig(
  db: Db,
  deviceId: number,
  requestedAt: number,
  outcome: { state: ConfigState; reasonKey: string | null; reasonParams: string | null; at: number },
): Promise<void> {
  await db
    .updateTable('device_configs')
    .set({
      state: outcome.state,
      reason_key: outcome.reasonKey,
      reason_params: outcome.reasonParams,
      claimed_by: null,
      claimed_until: null,
      finished_at: outcome.state === 'pending' ? null : outcome.at,
    })
    .where('device_id', '=', deviceId)
    .where('requested_at', '=', requestedAt)
    .where('state', '=', 'configuring')
    .execute();
}

/** What a process of this name was sending when it stopped: to be configured again. */
export async function requeueClaimedBy(db: Db, node: string): Promise<void> {
  await db
    .updateTable('device_configs')
    .set({ state: 'pending', claimed_by: null, claimed_until: null })
    .where('state', '=', 'configuring')
    .where('claimed_by', '=', node)
    .execute();
}
