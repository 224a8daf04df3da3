import { DEMO_DEVICES, DEMO_PASSWORD } from '@meridian/simulator/demo';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import { demoAccount } from '../../mind/demo/accounts.ts';
import { demoWanted } from '../../mind/demo/seed.ts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { toJson } from '../../platform/db/sql.ts';
import { insertDevices, setDeviceTags } from '../devices/repository.ts';
import { insertProject } from '../projects/repository.ts';
import { insertCategory } from '../projects/tags/repository.ts';
import { insertTemplate, writeTree } from '../templates/repository.ts';
import { demoTemplate } from './templates.ts';

export const DEMO_DEVICES_SETTING = 'demo.devices';
export const DEMO_PROJECT = 'Demo Water Works';

/** The tag of each demo device, by profile, under the tag category "Site area". */
const TAGS: Record<string, string> = {
  thermo: 'Environment',
  greenhouse: 'Environment',
  meter: 'Energy',
  plc: 'Water',
  level: 'Water',
  flow: 'Water',
};

export type DemoDevicesOutcome = { seeded: number } | { skipped: 'off' | 'done' | 'noAccount' | 'snTaken' };

/** A fixed IMEI per demo device: the spec wants an SN to come with its MAC or IMEI. */
const imeiOf = (sn: string) => `8610000000000${sn.slice(-2)}`;

async function settingExists(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('settings').select('key').where('key', '=', DEMO_DEVICES_SETTING).executeTakeFirst();
  return row !== undefined;
}

/** True for the one start that writes the mark (a concurrent second start finds it taken). */
async function claim(trx: Transaction<Database>, detail: unknown): Promise<boolean> {
  const row = await trx
    .insertInto('settings')
    .values({ key: DEMO_DEVICES_SETTING, value: toJson(detail), updated_at: Date.now(), updated_by: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

async function writeDemoDevices(trx: Transaction<Database>, ownerId: number): Promise<number> {
  const at = Date.now();
  const templateIds = new Map<string, number>();
  for (const device of DEMO_DEVICES) {
    const template = demoTemplate(device);
    if (templateIds.has(template.name)) continue;
    const id = await insertTemplate(trx, {
      owner_id: ownerId,
      name: template.name,
      protocol: template.protocol,
      description: template.description ?? null,
      category: template.category ?? null,
      vendor: template.vendor ?? null,
      model: template.model ?? null,
      created_at: at,
      updated_at: at,
    });
    await writeTree(trx, id, template);
    templateIds.set(template.name, id);
  }
  const projectId = await insertProject(trx, {
    owner_id: ownerId,
    name: DEMO_PROJECT,
    manager_id: null,
    manager_name: 'Demo Manager',
    phone: null,
    remark: 'Simulated devices: run `npm run demo` to see them live',
  });
  const categoryId = await insertCategory(trx, { owner_id: ownerId, name: 'Site area' });
  const tagIds = new Map<string, number>();
  for (const name of new Set(Object.values(TAGS))) {
    const tag = await trx
      .insertInto('tags')
      .values({ owner_id: ownerId, category_id: categoryId, name, description: null, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    tagIds.set(name, tag.id);
  }
  const ids = await insertDevices(
    trx,
    DEMO_DEVICES.map((d) => ({
      owner_id: ownerId,
      name: d.name,
      device_no: null,
      sn: d.sn,
      mac: null,
      imei: imeiOf(d.sn),
      imei2: null,
      lora_nid: null,
      comm_password: d.password,
      protocol: d.protocol,
      query_interval: d.interval,
      project_id: projectId,
      template_id: templateIds.get(demoTemplate(d).name) ?? null,
      address: d.address,
      latitude: d.latitude,
      longitude: d.longitude,
      picture: null,
      enabled: true,
      cloud_config: true,
      warranty_start: null,
      warranty_end: null,
      version: null,
      sim_iccid: null,
      remark: 'Demo device, played by the simulator',
      created_by: ownerId,
      created_at: at,
      updated_at: at,
    })),
  );
  for (const [i, id] of ids.entries()) {
    const tag = tagIds.get(TAGS[DEMO_DEVICES[i].profile]);
    if (tag) await setDeviceTags(trx, id, [tag]);
  }
  return ids.length;
}

/**
 * With demo data on, gives the `demo_iot` account the demo devices (docs/simulator.md): a template
 * per kind copied from the built-in library, one MQTT device, a project and tags. Once per
 * database (a settings key marks it); nothing when the account is missing (the demo district was
 * not added) or when one of the demo SNs is already someone's device.
 */
export async function seedDemoDevices(db: Db, config: Config, log: Pick<Logger, 'info'>): Promise<DemoDevicesOutcome> {
  if (!demoWanted(config)) return { skipped: 'off' };
  if (await settingExists(db.kysely)) return { skipped: 'done' };
  const account = demoAccount('iot').account;
  const owner = await db.kysely.selectFrom('users').select('id').where('account', '=', account).executeTakeFirst();
  if (!owner) return { skipped: 'noAccount' };
  const sns = DEMO_DEVICES.map((d) => d.sn);
  const outcome = await db.kysely.transaction().execute(async (trx): Promise<DemoDevicesOutcome> => {
    const taken = await trx.selectFrom('devices').select('sn').where('sn', 'in', sns).executeTakeFirst();
    if (!(await claim(trx, { at: Date.now(), skipped: taken ? 'snTaken' : null }))) return { skipped: 'done' };
    if (taken) return { skipped: 'snTaken' };
    return { seeded: await writeDemoDevices(trx, owner.id) };
  });
  if ('skipped' in outcome) {
    if (outcome.skipped === 'snTaken') log.info('demo devices: not added, a demo SN already belongs to a device');
    return outcome;
  }
  log.info(
    `demo devices: ${outcome.seeded} devices for "${account}" (SNs ${sns[0]}..${sns.at(-1)?.slice(-2)}, ` +
      `communication password "${DEMO_PASSWORD}"); \`npm run demo\` runs the server with a simulator playing them`,
  );
  return outcome;
}
