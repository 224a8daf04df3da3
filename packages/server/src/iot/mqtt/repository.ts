import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

type Db = Kysely<Database>;

const deviceColumns = ['id', 'sn', 'comm_password', 'enabled', 'protocol', 'template_id'] as const;

/** The device an MQTT client names by its SN, with what its connection needs. */
export function findDeviceBySn(db: Db, sn: string) {
  return db.selectFrom('devices').select(deviceColumns).where('sn', '=', sn).executeTakeFirst();
}
export type IngestDeviceRow = NonNullable<Awaited<ReturnType<typeof findDeviceBySn>>>;

/** The device whose HTTP ingest token has this hash. */
export function findDeviceByTokenHash(db: Db, hash: string) {
  return db
    .selectFrom('device_tokens as t')
    .innerJoin('devices as d', 'd.id', 't.device_id')
    .select(['d.id', 'd.sn', 'd.comm_password', 'd.enabled', 'd.protocol', 'd.template_id'])
    .where('t.token_hash', '=', hash)
    .executeTakeFirst();
}

/** The data points of a template, as the decoder of reported values reads them. */
export function pointsOfTemplate(db: Db, templateId: number) {
  return db
    .selectFrom('template_points')
    .select(['id', 'name', 'data_type', 'read_write', 'precision'])
    .where('template_id', '=', templateId)
    .execute();
}
export type IngestPointRow = Awaited<ReturnType<typeof pointsOfTemplate>>[number];

/** Makes `hash` the device's only ingest token. */
export async function saveDeviceToken(
  db: Db | Transaction<Database>,
  deviceId: number,
  hash: string,
  by: number,
): Promise<void> {
  await db
    .insertInto('device_tokens')
    .values({ device_id: deviceId, token_hash: hash, created_by: by, created_at: Date.now() })
    .onConflict((oc) =>
      oc.column('device_id').doUpdateSet({ token_hash: hash, created_by: by, created_at: Date.now() }),
    )
    .execute();
}

/** The devices an external broker should let in: enabled MQTT devices with an SN and a password (decision 0106). */
export async function brokerDevices(db: Db): Promise<Array<{ sn: string; password: string }>> {
  const rows = await db
    .selectFrom('devices')
    .select(['sn', 'comm_password'])
    .where('protocol', '=', 'mqttJson')
    .where('enabled', '=', true)
    .where('sn', 'is not', null)
    .where('comm_password', 'is not', null)
    .execute();
  return rows.map((r) => ({ sn: r.sn as string, password: r.comm_password as string }));
}

/** The device clients Meridian last gave the external broker. */
export function brokerClients(db: Db) {
  return db.selectFrom('mqtt_broker_clients').select(['sn', 'password_hash']).execute();
}

export async function saveBrokerClients(
  db: Db,
  rows: Array<{ sn: string; password_hash: string; synced_at: number }>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('mqtt_broker_clients')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) =>
        oc.column('sn').doUpdateSet((eb) => ({
          password_hash: eb.ref('excluded.password_hash'),
          synced_at: eb.ref('excluded.synced_at'),
        })),
      )
      .execute();
  }
}

export async function forgetBrokerClients(db: Db, sns: string[]): Promise<void> {
  for (let i = 0; i < sns.length; i += 500)
    await db
      .deleteFrom('mqtt_broker_clients')
      .where('sn', 'in', sns.slice(i, i + 500))
      .execute();
}

/** What a command to a device on the external broker needs: its SN, whether it is an enabled MQTT device, and whether it is online. */
export function commandTargetOf(db: Db, deviceId: number) {
  return db
    .selectFrom('devices')
    .select(['sn', 'enabled', 'protocol', 'status'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
}
