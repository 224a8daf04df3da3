import { createHash } from 'node:crypto';
import { DEMO_DEVICES, DEMO_DTU_FIRMWARE, DEMO_FIRMWARE_NEXT, DEMO_PASSWORD } from '@meridian/simulator/demo';
import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { findUserByLogin, grantRole, insertUser } from '../../portal/accounts/repository.ts';
import { DEFAULT_DEMO_PASSWORD, type DemoAccount, demoAccountLine, demoWanted } from '../../portal/demo.ts';
import { hashPassword } from '../../portal/identity/secrets.ts';
import { insertDevices, setDeviceTags } from '../devices/repository.ts';
import { versionTaken } from '../firmware/repository.ts';
import { saveFirmware } from '../firmware/service.ts';
import { insertProject } from '../projects/repository.ts';
import { insertCategory } from '../projects/tags/repository.ts';
import { insertTemplate, writeTree } from '../templates/repository.ts';
import { claimDemoDevices, demoDevicesMark, hasDevices, insertDemoTag, markDemoFirmware } from './repository.ts';
import { demoTemplate } from './templates.ts';

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

/** The Device Cloud demo account (README, "Demo accounts"): a main account of its own. */
export const DEMO_IOT_ACCOUNT: DemoAccount = {
  account: 'demo_iot',
  roleId: 10,
  role: '设备云主账号 (Device Cloud main account)',
  sees: 'six demo devices (five DTUs, one MQTT sensor); `npm run demo` makes them live',
};

export type DemoDevicesOutcome = { seeded: number; ownerId: number } | { skipped: 'off' | 'done' | 'devices' };

/** A fixed IMEI per demo device: the spec wants an SN to come with its MAC or IMEI. */
const imeiOf = (sn: string) => `8610000000000${sn.slice(-2)}`;

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
    tagIds.set(name, await insertDemoTag(trx, { owner_id: ownerId, category_id: categoryId, name, created_at: at }));
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
 * The demo DTUs' next firmware: 64 KiB of fixed bytes (a hash chain, the same on every start), so
 * that a visitor can start an upgrade at once and watch the version change.
 */
export function demoFirmwareImage(): Buffer {
  const blocks: Buffer[] = [];
  for (let i = 0; i < 2048; i++) {
    blocks.push(createHash('sha256').update(`meridian demo firmware ${DEMO_FIRMWARE_NEXT} #${i}`).digest());
  }
  return Buffer.concat(blocks);
}

/** Stores the demo image through the firmware service, as an upload would (size, SHA-256, unique version). */
async function seedDemoFirmware(db: Db, config: Config, log: Pick<Logger, 'info' | 'warn'>, ownerId: number) {
  const key = {
    ownerId,
    series: DEMO_DTU_FIRMWARE.series,
    model: DEMO_DTU_FIRMWARE.model,
    version: DEMO_FIRMWARE_NEXT,
  };
  // Stored by a start that stopped before marking it: only the mark is missing.
  if (await versionTaken(db.kysely, key)) return markDemoFirmware(db.kysely);
  const bytes = demoFirmwareImage();
  await saveFirmware(
    db.kysely,
    config,
    log,
    ownerId,
    {
      name: `Demo DTU firmware ${DEMO_FIRMWARE_NEXT}`,
      series: DEMO_DTU_FIRMWARE.series,
      model: DEMO_DTU_FIRMWARE.model,
      version: DEMO_FIRMWARE_NEXT,
      type: 'full',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      remark: 'Demo image: upgrade a demo DTU from Upgrade Tasks',
    },
    { name: `md-4g-${DEMO_FIRMWARE_NEXT}.bin`, bytes },
  );
  await markDemoFirmware(db.kysely);
}

/** The demo account, made with the demo password unless it exists (an older start made it). */
async function demoOwner(trx: Transaction<Database>, passwordHash: string): Promise<number> {
  const found = await findUserByLogin(trx, DEMO_IOT_ACCOUNT.account);
  if (found) return found.id;
  const id = await insertUser(trx, {
    account: DEMO_IOT_ACCOUNT.account,
    password_hash: passwordHash,
    nickname: '设备云演示账号',
    status: 'enabled',
    // A demo is for trying, so its account is not sent to change the password first.
    default_pass: false,
    password_changed_at: Date.now(),
    user_type: 'main',
  });
  await grantRole(trx, id, DEMO_IOT_ACCOUNT.roleId);
  return id;
}

/**
 * With demo data on, makes the `demo_iot` account and gives it the demo devices
 * (docs/simulator.md): a template per kind copied from the built-in library, one MQTT device, a
 * project, tags, and a firmware image the demo DTUs can be upgraded to. Once per database (a settings key marks it); nothing when the database already
 * has devices, since someone has begun to build a real fleet in it.
 */
export async function seedDemoDevices(
  db: Db,
  config: Config,
  log: Pick<Logger, 'info' | 'warn'>,
): Promise<DemoDevicesOutcome> {
  if (!demoWanted(config)) return { skipped: 'off' };
  const mark = await demoDevicesMark(db.kysely);
  if (mark) {
    // A start that stopped between the devices and their image: this one stores the image.
    const owner =
      mark.skipped || mark.firmware ? undefined : await findUserByLogin(db.kysely, DEMO_IOT_ACCOUNT.account);
    if (owner) await seedDemoFirmware(db, config, log, owner.id);
    return { skipped: 'done' };
  }
  // Hashed before the transaction opens, so that the write lock is held only for the writing.
  const passwordHash = await hashPassword(config.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD);
  const outcome = await db.kysely.transaction().execute(async (trx): Promise<DemoDevicesOutcome> => {
    const fleet = await hasDevices(trx);
    if (!(await claimDemoDevices(trx, { at: Date.now(), skipped: fleet ? 'devices' : null })))
      return { skipped: 'done' };
    if (fleet) return { skipped: 'devices' };
    const ownerId = await demoOwner(trx, passwordHash);
    return { seeded: await writeDemoDevices(trx, ownerId), ownerId };
  });
  if ('skipped' in outcome) {
    if (outcome.skipped === 'devices') log.info('demo devices: not added, this database already has devices');
    return outcome;
  }
  // After the devices' transaction: the bytes go to the file store first (saveFirmware), which a
  // transaction cannot hold. A start that stops in between leaves the mark without `firmware`, and
  // the next start stores the image.
  await seedDemoFirmware(db, config, log, outcome.ownerId);
  const sns = DEMO_DEVICES.map((d) => d.sn);
  log.info(
    `demo devices: ${outcome.seeded} devices for "${DEMO_IOT_ACCOUNT.account}" (SNs ${sns[0]}..${sns.at(-1)?.slice(-2)}, ` +
      `communication password "${DEMO_PASSWORD}"), firmware ${DEMO_FIRMWARE_NEXT} for the DTUs; ` +
      '`npm run demo` runs the server with a simulator playing them',
  );
  log.info(demoAccountLine(DEMO_IOT_ACCOUNT, config));
  return outcome;
}
