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
