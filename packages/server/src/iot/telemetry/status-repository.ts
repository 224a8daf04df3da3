import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { DeviceStatus } from '../devices/tables.ts';
import { heldBy } from './leases-repository.ts';
import type { DeviceOnlineRecordsTable } from './tables.ts';
import type { NetworkStats } from './types.ts';

/** The SQL of a device's connection state, its online/offline records and its link figures; the rules are status.ts's. */

type Db = Kysely<Database>;
type OnlineRecord = Insertable<DeviceOnlineRecordsTable>;

/** Adds to devices' online/offline records. */
export async function addOnlineRecords(db: Db, records: OnlineRecord | OnlineRecord[]): Promise<void> {
  await db.insertInto('device_online_records').values(records).execute();
}

/** An enabled offline device comes online; whether it did. */
export async function setOnlineIfOffline(db: Db, deviceId: number, at: number): Promise<boolean> {
  const changed = await db
    .updateTable('devices')
    .set({ status: 'online', last_online_at: at })
    .where('id', '=', deviceId)
    .where('enabled', '=', true)
    .where('status', '=', 'offline')
    .returning('id')
    .executeTakeFirst();
  return Boolean(changed);
}

/** The status of an enabled device (undefined: gone or disabled). */
export async function enabledStatusOf(db: Db, deviceId: number): Promise<DeviceStatus | undefined> {
  const row = await db
    .selectFrom('devices')
    .select('status')
    .where('id', '=', deviceId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return row?.status;
}

/** Sets a connected device's status and its last online time. */
export async function setConnected(db: Db, deviceId: number, status: 'online' | 'alarm', at: number): Promise<void> {
  await db.updateTable('devices').set({ status, last_online_at: at }).where('id', '=', deviceId).execute();
}

/** A device not offline goes offline; whether it did. */
export async function setOfflineIfNot(db: Db, deviceId: number): Promise<boolean> {
  const changed = await db
    .updateTable('devices')
    .set({ status: 'offline' })
    .where('id', '=', deviceId)
    .where('status', '!=', 'offline')
    .returning('id')
    .executeTakeFirst();
  return Boolean(changed);
}

/** Of these devices, those not offline go offline; their ids. */
export async function setOfflineAmong(db: Db, deviceIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .updateTable('devices')
    .set({ status: 'offline' })
    .where('id', 'in', deviceIds)
    .where('status', '!=', 'offline')
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** An online or alarm device goes to fault (only while `holder`, when given, holds its link); whether it did. */
export async function setFaultIfConnected(db: Db, deviceId: number, holder?: string): Promise<boolean> {
  const changed = await db
    .updateTable('devices')
    .set({ status: 'fault' })
    .where('id', '=', deviceId)
    .where('status', 'in', ['online', 'alarm'])
    .$if(holder !== undefined, (q) => q.where(heldBy(deviceId, holder ?? '')))
    .returning('id')
    .executeTakeFirst();
  return Boolean(changed);
}

/**
 * A device in fault goes to "alarm" while one of its alarms is active, else "online" (only while
 * `holder`, when given, holds its link); the new status, or undefined when it was not in fault.
 */
export async function setRecoveredIfFault(
  db: Db,
  deviceId: number,
  holder?: string,
): Promise<DeviceStatus | undefined> {
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
  return changed?.status;
}

/** Whether one of the device's alarms is active (not restored). */
export async function hasActiveAlarm(db: Db, deviceId: number): Promise<boolean> {
  const active = await db
    .selectFrom('alarms')
    .select('id')
    .where('device_id', '=', deviceId)
    .where('recovery', '=', 'notRestored')
    .limit(1)
    .executeTakeFirst();
  return Boolean(active);
}

/** Devices that are not offline and have sent nothing since `silentSince`, oldest first. */
export async function silentDevices(db: Db, silentSince: number, limit: number): Promise<number[]> {
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
export async function saveNetwork(db: Db, deviceId: number, stats: NetworkStats, at: number): Promise<void> {
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

/** A sample of the device's link as it stands now: signal, battery and its byte totals. */
export async function sampleNetwork(db: Db, deviceId: number, at: number): Promise<void> {
  await db
    .insertInto('device_network_samples')
    .columns(['device_id', 'at', 'signal', 'battery', 'bytes_in', 'bytes_out'])
    .expression((eb) =>
      eb
        .selectFrom('device_network as n')
        .select([
          'n.device_id',
          sql<number>`${at}`.as('at'),
          'n.signal',
          'n.battery',
          sql<number>`n.bytes_in + n.conn_bytes_in`.as('bytes_in'),
          sql<number>`n.bytes_out + n.conn_bytes_out`.as('bytes_out'),
        ])
        .where('n.device_id', '=', deviceId),
    )
    .onConflict((oc) => oc.columns(['device_id', 'at']).doNothing())
    .execute();
}

/** Samples older than `before`, a batch at a time (the nightly cleanup); how many went. */
export async function deleteNetworkSamplesBefore(db: Db, before: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('device_network_samples')
    .where('at', 'in', (eb) =>
      eb.selectFrom('device_network_samples').select('at').where('at', '<', before).orderBy('at').limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** The connection ended: its bytes join the device's totals. */
export async function endConnectionBytes(db: Db, deviceId: number): Promise<void> {
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
