import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson, toJson } from '../../platform/db/sql.ts';

/** The SQL of the demo devices' seeding (seed.ts): its once-per-database mark and its tags. */

type Trx = Transaction<Database>;

export const DEMO_DEVICES_SETTING = 'demo.devices';

export function demoDevicesSeeded(db: Kysely<Database>): Promise<boolean> {
  return hasMark(db, DEMO_DEVICES_SETTING);
}

async function hasMark(db: Kysely<Database>, key: string): Promise<boolean> {
  const row = await db.selectFrom('settings').select('key').where('key', '=', key).executeTakeFirst();
  return row !== undefined;
}

/** True for the one start that writes the mark (a concurrent second start finds it taken). */
export function claimDemoDevices(trx: Trx, detail: unknown): Promise<boolean> {
  return claimMark(trx, DEMO_DEVICES_SETTING, detail);
}

/** Marks a demo seeding done, once: true for the one start that writes `key`. */
async function claimMark(trx: Trx, key: string, detail: unknown): Promise<boolean> {
  const row = await trx
    .insertInto('settings')
    .values({ key, value: toJson(detail), updated_at: Date.now(), updated_by: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export const DEMO_SCREEN_SETTING = 'demo.scada';

/** True for the one start that seeds the demo pump-station screen (decision 0126). */
export function claimDemoScreen(trx: Trx, detail: unknown): Promise<boolean> {
  return claimMark(trx, DEMO_SCREEN_SETTING, detail);
}

export function demoScreenSeeded(db: Kysely<Database>): Promise<boolean> {
  return hasMark(db, DEMO_SCREEN_SETTING);
}

/** The points of an owner's devices with these SNs, by device SN and point name, through each device's template. */
export function demoPoints(trx: Trx, ownerId: number, sns: readonly string[]) {
  return trx
    .selectFrom('devices as d')
    .innerJoin('template_points as p', 'p.template_id', 'd.template_id')
    .select(['d.sn', 'd.id as device_id', 'p.name', 'p.id as point_id'])
    .where('d.owner_id', '=', ownerId)
    .where('d.sn', 'in', sns)
    .execute();
}

/** The mark's detail: `skipped` when the database had devices, `firmware` once the image is stored. */
export async function demoDevicesMark(
  db: Kysely<Database>,
): Promise<{ skipped?: string | null; firmware?: boolean } | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', DEMO_DEVICES_SETTING)
    .executeTakeFirst();
  if (!row) return undefined;
  return fromJson<{ skipped?: string | null; firmware?: boolean } | null>(row.value) ?? {};
}

/** Notes on the mark that the demo image is stored, so that no later start stores it again. */
export async function markDemoFirmware(db: Kysely<Database>): Promise<void> {
  const mark = (await demoDevicesMark(db)) ?? {};
  await db
    .updateTable('settings')
    .set({ value: toJson({ ...mark, firmware: true }), updated_at: Date.now() })
    .where('key', '=', DEMO_DEVICES_SETTING)
    .execute();
}

/** Whether the database has any device: demo devices never mix into a real fleet. */
export async function hasDevices(trx: Trx): Promise<boolean> {
  return (await trx.selectFrom('devices').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function insertDemoTag(
  trx: Trx,
  values: { owner_id: number; category_id: number; name: string; created_at: number },
): Promise<number> {
  const tag = await trx
    .insertInto('tags')
    .values({ ...values, description: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return tag.id;
}
