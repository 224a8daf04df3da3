import type { PageQuery } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate, toBool } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';

type Db = Kysely<Database> | Transaction<Database>;

const columns = [
  's.id',
  's.owner_id',
  's.name',
  's.kind',
  's.enabled',
  's.device_id',
  's.token',
  's.allow_list',
  's.created_at',
  's.updated_at',
  'd.name as device_name',
  'd.sn',
] as const;

/** The strategies of the caller's account tree (every one for the platform's administrators). */
function visibleStrategies(db: Db, scope: Scope) {
  return db
    .selectFrom('passthrough_strategies as s')
    .innerJoin('devices as d', 'd.id', 's.device_id')
    .select(columns)
    .$if(!scope.all, (q) => q.where('s.owner_id', 'in', scope.ownerIds));
}

export function listStrategies(db: Db, scope: Scope, filter: { name?: string | undefined }, page: PageQuery) {
  const query = visibleStrategies(db, scope)
    .$if(Boolean(filter.name), (q) => q.where(contains('s.name', filter.name ?? '')))
    .orderBy('s.id', 'desc');
  return paginate(query, page);
}

export function findStrategy(db: Db, scope: Scope, id: number) {
  return visibleStrategies(db, scope).where('s.id', '=', id).executeTakeFirst();
}
export type StrategyRow = NonNullable<Awaited<ReturnType<typeof findStrategy>>>;

/** The edge DTUs of these group strategies, by strategy. */
export async function edgesOf(db: Db, strategyIds: number[]) {
  if (!strategyIds.length) return new Map<number, { deviceId: number; deviceName: string; sn: string | null }[]>();
  const rows = await db
    .selectFrom('passthrough_edges as e')
    .innerJoin('devices as d', 'd.id', 'e.device_id')
    .select(['e.strategy_id', 'e.device_id', 'd.name', 'd.sn'])
    .where('e.strategy_id', 'in', strategyIds)
    .orderBy('e.id')
    .execute();
  const edges = new Map<number, { deviceId: number; deviceName: string; sn: string | null }[]>();
  for (const row of rows) {
    const list = edges.get(Number(row.strategy_id)) ?? [];
    list.push({ deviceId: Number(row.device_id), deviceName: row.name, sn: row.sn });
    edges.set(Number(row.strategy_id), list);
  }
  return edges;
}

/** Replaces a group strategy's edge DTUs (none for a `pc` strategy). */
export async function setEdges(db: Db, strategyId: number, deviceIds: number[]): Promise<void> {
  await db.deleteFrom('passthrough_edges').where('strategy_id', '=', strategyId).execute();
  if (deviceIds.length)
    await db
      .insertInto('passthrough_edges')
      .values(deviceIds.map((device_id) => ({ strategy_id: strategyId, device_id })))
      .execute();
}

/**
 * The enabled group strategies and their members, for the gateway's group bridges (no caller: the
 * gateway bridges every account's groups).
 */
export async function enabledGroups(db: Db): Promise<{ id: number; managementId: number; edgeIds: number[] }[]> {
  const rows = await db
    .selectFrom('passthrough_strategies as s')
    .innerJoin('passthrough_edges as e', 'e.strategy_id', 's.id')
    .select(['s.id', 's.device_id', 's.enabled', 'e.device_id as edge_id'])
    .where('s.kind', '=', 'group')
    .orderBy('e.id')
    .execute();
  const groups = new Map<number, { id: number; managementId: number; edgeIds: number[] }>();
  for (const row of rows) {
    if (!toBool(row.enabled)) continue;
    const id = Number(row.id);
    const group = groups.get(id) ?? { id, managementId: Number(row.device_id), edgeIds: [] };
    group.edgeIds.push(Number(row.edge_id));
    groups.set(id, group);
  }
  return [...groups.values()];
}

/** The strategy a PC client names by its token, for the passthrough port (no caller: the token is the key). */
export function strategyByToken(db: Db, token: string) {
  return db
    .selectFrom('passthrough_strategies')
    .select(['id', 'device_id', 'allow_list'])
    .where('token', '=', token)
    .where('kind', '=', 'pc')
    .executeTakeFirst();
}

/** Records where this gateway process takes PC clients from the others (decision 0163). */
export async function recordRelay(db: Db, node: string, address: string, at: number): Promise<void> {
  await db
    .insertInto('passthrough_relays')
    .values({ node, address, updated_at: at })
    .onConflict((oc) => oc.column('node').doUpdateSet({ address, updated_at: at }))
    .execute();
}

/** Forgets this process's relay address when it stops, if it is still the one recorded. */
export async function forgetRelay(db: Db, node: string, address: string): Promise<void> {
  await db.deleteFrom('passthrough_relays').where('node', '=', node).where('address', '=', address).execute();
}

/** The live gateway processes holding device links over TCP, and where each takes hops. */
function liveRelays(db: Db, now: number) {
  return db
    .selectFrom('device_links')
    .innerJoin('gateway_nodes', 'gateway_nodes.name', 'device_links.node')
    .innerJoin('passthrough_relays', 'passthrough_relays.node', 'device_links.node')
    .select(['device_links.device_id', 'device_links.node', 'passthrough_relays.address'])
    .where('device_links.transport', '=', 'tcp')
    .where('gateway_nodes.alive_until', '>=', now);
}

/** The live gateway process holding the device's link and where it takes PC clients; undefined when none. */
export function relayOfDevice(db: Db, deviceId: number, now: number) {
  return liveRelays(db, now).where('device_links.device_id', '=', deviceId).executeTakeFirst();
}

/** Where the live holders of these devices take hops (a group's remote edges, decision 0167), by device. */
export async function relaysOfDevices(
  db: Db,
  deviceIds: number[],
  now: number,
): Promise<Map<number, { node: string; address: string }>> {
  if (!deviceIds.length) return new Map();
  const rows = await liveRelays(db, now).where('device_links.device_id', 'in', deviceIds).execute();
  return new Map(rows.map((row) => [Number(row.device_id), { node: row.node, address: row.address }]));
}

/** A group member's line held bridged by `node` (decision 0167), or given back. */
export async function recordBridged(
  db: Db,
  row: { device_id: number; strategy_id: number; node: string; since: number },
): Promise<void> {
  await db
    .insertInto('passthrough_bridged')
    .values(row)
    .onConflict((oc) =>
      oc.column('device_id').doUpdateSet({ strategy_id: row.strategy_id, node: row.node, since: row.since }),
    )
    .execute();
}

export async function forgetBridged(db: Db, deviceId: number, node: string): Promise<void> {
  await db.deleteFrom('passthrough_bridged').where('device_id', '=', deviceId).where('node', '=', node).execute();
}

/** Every member `node` recorded: it starts afresh, or stops. */
export async function forgetBridgedOf(db: Db, node: string): Promise<void> {
  await db.deleteFrom('passthrough_bridged').where('node', '=', node).execute();
}

/** Which of these group strategies have a member bridged by a live gateway process, whichever. */
export async function bridgedByAnyGateway(db: Db, strategyIds: number[], now: number): Promise<Set<number>> {
  if (!strategyIds.length) return new Set();
  const rows = await db
    .selectFrom('passthrough_bridged as b')
    .innerJoin('gateway_nodes as g', 'g.name', 'b.node')
    .select('b.strategy_id')
    .distinct()
    .where('b.strategy_id', 'in', strategyIds)
    .where('g.alive_until', '>=', now)
    .execute();
  return new Set(rows.map((row) => Number(row.strategy_id)));
}

export async function countOwned(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('passthrough_strategies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function nameTaken(db: Db, ownerId: number, name: string, except?: number): Promise<boolean> {
  const row = await db
    .selectFrom('passthrough_strategies')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('name', '=', name)
    .$if(except !== undefined, (q) => q.where('id', '!=', except ?? 0))
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether a DTU is already in another strategy: as its DTU, its management DTU or one of its edges. */
export async function deviceTaken(db: Db, deviceId: number, except?: number): Promise<boolean> {
  const row = await db
    .selectFrom('passthrough_strategies')
    .select('id')
    .where('device_id', '=', deviceId)
    .$if(except !== undefined, (q) => q.where('id', '!=', except ?? 0))
    .executeTakeFirst();
  if (row) return true;
  const edge = await db
    .selectFrom('passthrough_edges')
    .select('id')
    .where('device_id', '=', deviceId)
    .$if(except !== undefined, (q) => q.where('strategy_id', '!=', except ?? 0))
    .executeTakeFirst();
  return Boolean(edge);
}

export async function insertStrategy(
  db: Db,
  row: {
    owner_id: number;
    name: string;
    kind: 'pc' | 'group';
    enabled: boolean;
    device_id: number;
    token: string;
    allow_list: string;
    at: number;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('passthrough_strategies')
    .values({
      owner_id: row.owner_id,
      name: row.name,
      kind: row.kind,
      enabled: row.enabled,
      device_id: row.device_id,
      token: row.token,
      allow_list: row.allow_list,
      created_at: row.at,
      updated_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateStrategy(
  db: Db,
  id: number,
  row: { name: string; kind: 'pc' | 'group'; enabled: boolean; device_id: number; allow_list: string; at: number },
): Promise<void> {
  await db
    .updateTable('passthrough_strategies')
    .set({
      name: row.name,
      kind: row.kind,
      enabled: row.enabled,
      device_id: row.device_id,
      allow_list: row.allow_list,
      updated_at: row.at,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteStrategy(db: Db, id: number): Promise<void> {
  await db.deleteFrom('passthrough_edges').where('strategy_id', '=', id).execute();
  await db.deleteFrom('passthrough_strategies').where('id', '=', id).execute();
}
