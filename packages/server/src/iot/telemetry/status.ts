import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { DeviceStatus } from '../devices/tables.ts';
import { claimLink, dropLink, dropLinksOf, heldBy, linkHolder, nodeAlive } from './leases.ts';
import type { FaultReason, NetworkStats, OfflineReason, Transport } from './types.ts';

/**
 * The one place a device's connection state is written, with its online/offline record (callers
 * run each in a transaction, so the state and its record never part). Only enabled devices come
 * online. A device in alarm or fault is online for these purposes: coming online leaves those
 * alone, going offline replaces them.
 *
 * A `holder` is the gateway process (its name) whose connection the device is on: coming online
 * through it takes the device's link lease (`device_links`), going offline through it gives the
 * lease back, and does nothing while another process holds the device (decision 0048).
 */
export async function markOnline(
  db: Kysely<Database>,
  deviceId: number,
  at: number,
  via: Transport | null,
  holder?: string,
): Promise<boolean> {
  if (holder !== undefined && (via === 'tcp' || via === 'mqtt')) {
    const previous = await claimLink(db, deviceId, holder, via, at);
    if (previous !== null && previous !== holder && (await movedHere(db, deviceId, at, via, previous))) return true;
  }
  const changed = await db
    .updateTable('devices')
    .set({ status: 'online', last_online_at: at })
    .where('id', '=', deviceId)
    .where('enabled', '=', true)
    .where('status', '=', 'offline')
    .returning('id')
    .executeTakeFirst();
  if (!changed) return false;
  await db
    .insertInto('device_online_records')
    .values({ device_id: deviceId, state: 'online', reason: null, transport: via, at })
    .execute();
  return true;
}

/**
 * The device, still online through another gateway process, reconnected here: that link is over
 * (the device opened this one), so its end is recorded ("replaced" while that process lives,
 * "restarted" once its lease has run out) before the new start. Whether it was written.
 */
async function movedHere(
  db: Kysely<Database>,
  deviceId: number,
  at: number,
  via: Transport,
  previous: string,
): Promise<boolean> {
  const was = await db
    .selectFrom('devices')
    .select('status')
    .where('id', '=', deviceId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!was || was.status === 'offline') return false;
  const reason = (await nodeAlive(db, previous, at)) ? 'replaced' : 'restarted';
  // A fault was the old link's to see; this one finds its own.
  await db
    .updateTable('devices')
    .set({ status: await connectedStatus(db, deviceId), last_online_at: at })
    .where('id', '=', deviceId)
    .execute();
  await db
    .insertInto('device_online_records')
    .values([
      { device_id: deviceId, state: 'offline', reason, transport: null, at },
      { device_id: deviceId, state: 'online', reason: null, transport: via, at },
    ])
    .execute();
  return true;
}

export async function markOffline(
  db: Kysely<Database>,
  deviceId: number,
  at: number,
  reason: OfflineReason,
  holder?: string,
): Promise<boolean> {
  if (holder !== undefined) {
    // The device reconnected through another gateway process: its state is that link's now.
    if (!(await dropLink(db, deviceId, holder)) && (await linkHolder(db, deviceId)) !== undefined) return false;
  }
  const changed = await db
    .updateTable('devices')
    .set({ status: 'offline' })
    .where('id', '=', deviceId)
    .where('status', '!=', 'offline')
    .returning('id')
    .executeTakeFirst();
  if (!changed) return false;
  await db
    .insertInto('device_online_records')
    .values({ device_id: deviceId, state: 'offline', reason, transport: null, at })
    .execute();
  return true;
}

/** Connected, but its slaves do not answer: "fault" from online or alarm (a fault hides an alarm), with a record. */
export async function markFault(
  db: Kysely<Database>,
  deviceId: number,
  at: number,
  reason: FaultReason,
  holder?: string,
): Promise<boolean> {
  const changed = await db
    .updateTable('devices')
    .set({ status: 'fault' })
    .where('id', '=', deviceId)
    .where('status', 'in', ['online', 'alarm'])
    .$if(holder !== undefined, (q) => q.where(heldBy(deviceId, holder ?? '')))
    .returning('id')
    .executeTakeFirst();
  if (!changed) return false;
  await db
    .insertInto('device_online_records')
    .values({ device_id: deviceId, state: 'fault', reason, transport: null, at })
    .execute();
  return true;
}

/** Its slaves answer again: out of "fault" into "alarm" while an alarm is active, else "online", with a record. The new status, or null when it was not in fault. */
export async function markRecovered(
  db: Kysely<Database>,
  deviceId: number,
  at: number,
  holder?: string,
): Promise<'online' | 'alarm' | null> {
  // One statement that writes, not a read then a write: see claimLink.
  const changed = await db
    .updateTable('devices')
    .set((eb) => ({
      status: eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('alarms')
              .select('alarms.id')
              .where('alarms.device_id', '=', deviceId)
              .where('alarms.recovery', '=', 'notRestored'),
          ),
        )
        .then(eb.val<DeviceStatus>('alarm'))
        .else(eb.val<DeviceStatus>('online'))
        .end(),
    }))
    .where('id', '=', deviceId)
    .where('status', '=', 'fault')
    .$if(holder !== undefined, (q) => q.where(heldBy(deviceId, holder ?? '')))
    .returning('status')
    .executeTakeFirst();
  if (!changed) return null;
  const next = changed.status === 'alarm' ? 'alarm' : 'online';
  await db
    .insertInto('device_online_records')
    .values({ device_id: deviceId, state: 'online', reason: 'recovered', transport: null, at })
    .execute();
  return next;
}

/** What a connected device without a fault shows: "alarm" while one of its alarms is active. */
async function connectedStatus(db: Kysely<Database>, deviceId: number): Promise<'online' | 'alarm'> {
  const active = await db
    .selectFrom('alarms')
    .select('id')
    .where('device_id', '=', deviceId)
    .where('recovery', '=', 'notRestored')
    .limit(1)
    .executeTakeFirst();
  return active ? 'alarm' : 'online';
}

/**
 * Gives back up to `limit` links of a gateway process that is gone (restarted, or its lease ran
 * out): each device still marked connected goes offline with "the cloud restarted". Run in a
 * transaction; returns how many links were released and which devices went offline.
 */
export async function releaseLinks(
  db: Kysely<Database>,
  node: string,
  at: number,
  limit: number,
): Promise<{ released: number; offline: number[] }> {
  const released = await dropLinksOf(db, node, limit);
  if (released.length === 0) return { released: 0, offline: [] };
  const offline = await db
    .updateTable('devices')
    .set({ status: 'offline' })
    .where('id', 'in', released)
    .where('status', '!=', 'offline')
    .returning('id')
    .execute();
  if (offline.length)
    await db
      .insertInto('device_online_records')
      .values(
        offline.map((r) => ({
          device_id: r.id,
          state: 'offline' as const,
          reason: 'restarted' as const,
          transport: null,
          at,
        })),
      )
      .execute();
  return { released: released.length, offline: offline.map((r) => Number(r.id)) };
}

/** Devices that are not offline and have sent nothing since `silentSince`, oldest first. */
export async function silentDevices(db: Kysely<Database>, silentSince: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('devices')
    .select('id')
    .where('status', '!=', 'offline')
    // Silent since the later of its last data and its last registration: a DTU that registered a
    // minute ago has not timed out, whatever its data of yesterday says.
    .where((eb) => eb.fn.coalesce('last_data_at', eb.lit(0)), '<', silentSince)
    .where((eb) => eb.fn.coalesce('last_online_at', eb.lit(0)), '<', silentSince)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Keeps what a device reported of its link. The byte counts are the current connection's running
 * totals: a smaller figure than the last means a new connection, so the last one's are banked.
 */
export async function saveNetwork(
  db: Kysely<Database>,
  deviceId: number,
  stats: NetworkStats,
  at: number,
): Promise<void> {
  const { signal, battery, bytesIn, bytesOut } = stats;
  const bank = (
    column: 'conn_bytes_in' | 'conn_bytes_out',
    total: 'bytes_in' | 'bytes_out',
    value: number | undefined,
  ) =>
    value === undefined
      ? sql<number>`device_network.${sql.ref(total)}`
      : sql<number>`device_network.${sql.ref(total)} + case when ${value} < device_network.${sql.ref(column)} then device_network.${sql.ref(column)} else 0 end`;
  await db
    .insertInto('device_network')
    .values({
      device_id: deviceId,
      signal: signal ?? null,
      battery: battery ?? null,
      bytes_in: 0,
      bytes_out: 0,
      conn_bytes_in: bytesIn ?? 0,
      conn_bytes_out: bytesOut ?? 0,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.column('device_id').doUpdateSet({
        signal: signal ?? sql<number | null>`device_network.signal`,
        battery: battery ?? sql<number | null>`device_network.battery`,
        bytes_in: bank('conn_bytes_in', 'bytes_in', bytesIn),
        bytes_out: bank('conn_bytes_out', 'bytes_out', bytesOut),
        conn_bytes_in: bytesIn ?? sql<number>`device_network.conn_bytes_in`,
        conn_bytes_out: bytesOut ?? sql<number>`device_network.conn_bytes_out`,
        updated_at: at,
      }),
    )
    .execute();
}

/** The connection ended: its bytes join the device's totals. */
export async function endConnectionBytes(db: Kysely<Database>, deviceId: number): Promise<void> {
  await db
    .updateTable('device_network')
    .set((eb) => ({
      bytes_in: eb('bytes_in', '+', eb.ref('conn_bytes_in')),
      bytes_out: eb('bytes_out', '+', eb.ref('conn_bytes_out')),
      conn_bytes_in: 0,
      conn_bytes_out: 0,
    }))
    .where('device_id', '=', deviceId)
    .execute();
}
