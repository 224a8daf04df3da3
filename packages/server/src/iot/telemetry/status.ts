import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { NetworkStats, OfflineReason, Transport } from './types.ts';

/**
 * The one place a device's connection state is written, with its online/offline record (callers
 * run each in a transaction, so the state and its record never part). Only
 * enabled devices come online. A device in alarm or fault (issue 6) is online for these purposes:
 * coming online leaves those alone, going offline replaces them.
 */
export async function markOnline(
  db: Kysely<Database>,
  deviceId: number,
  at: number,
  via: Transport | null,
): Promise<boolean> {
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

export async function markOffline(
  db: Kysely<Database>,
  deviceId: number,
  at: number,
  reason: OfflineReason,
): Promise<boolean> {
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
