import { uploadRules } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import { checkUpload } from '../../platform/files/check.ts';
import { fileStoresOf } from '../../platform/files/stores.ts';
import { DEFAULT_DEMO_PASSWORD, demoAccountLine, demoWanted } from '../../portal/demo.ts';
import { removeStoredFiles, storeFiles } from '../../portal/files/store.ts';
import { hashPassword } from '../../portal/identity/secrets.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { type CampusSummary, planCampus, writeCampus } from './campus.ts';
import { type DistrictSummary, writeDistrict } from './district.ts';
import { planDistrict } from './plan.ts';
import { claimDemo, demoSeeded, hasOrgs } from './repository.ts';

export type DemoOutcome = { seeded: DistrictSummary; campus: CampusSummary } | { skipped: 'off' | 'done' | 'orgs' };

/**
 * On the first start with demo data wanted, writes the demo district in one transaction and prints
 * its accounts. Never twice (a settings key marks it, also when it was skipped because the
 * database already had organisations), and never into a district someone has begun to build.
 */
export async function seedDemoDistrict(db: Db, config: Config, log: Logger, today = new Date()): Promise<DemoOutcome> {
  if (!demoWanted(config)) return { skipped: 'off' };
  if (await demoSeeded(db.kysely)) return { skipped: 'done' };
  const password = config.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD;
  // Hashed and planned before the transaction opens, so that the write lock is held only for the writing.
  const passwordHash = await hashPassword(password);
  const plan = planDistrict(today);
  const campus = planCampus(plan);
  // The alerts' snapshots go to the file store first, checked by their content as uploads are; the
  // files are removed again when the district is not written after all.
  const files = { db: db.kysely, stores: fileStoresOf(config), log: log as unknown as FastifyBaseLogger };
  const checked = await checkUpload(
    campus.snapshots.map((bytes, i) => ({ name: `snapshot-${i + 1}.png`, bytes })),
    { ...uploadRules.image, maxFiles: campus.snapshots.length },
  );
  const snapshots = await storeFiles(files, checked, { purpose: 'image', protected: true, ownerId: null });
  const started = performance.now();
  let outcome: DemoOutcome;
  try {
    outcome = await db.kysely.transaction().execute(async (trx): Promise<DemoOutcome> => {
      const orgsExist = await hasOrgs(trx);
      const claimed = await claimDemo(trx, { at: Date.now(), skipped: orgsExist ? 'orgs' : null });
      if (!claimed) return { skipped: 'done' };
      if (orgsExist) return { skipped: 'orgs' };
      const seeded = await writeDistrict(trx, plan, passwordHash);
      const paths = snapshots.map((f) => f.path);
      return { seeded, campus: await writeCampus(trx, plan, seeded, campus, paths, today) };
    });
  } catch (error) {
    await removeStoredFiles(
      db.kysely,
      files.stores,
      snapshots.map((f) => Number(f.id)),
      log,
    );
    throw error;
  }
  if ('skipped' in outcome) {
    await removeStoredFiles(
      db.kysely,
      files.stores,
      snapshots.map((f) => Number(f.id)),
      log,
    );
    if (outcome.skipped === 'orgs') log.info('demo data: not added, this database already has organisations');
    return outcome;
  }
  const s = outcome.seeded;
  log.info(
    `demo data: ${plan.bureau.name} with ${s.schoolIds.length} schools, ${s.classes} classes, ${s.students} students, ` +
      `${s.parents} parents and ${s.teachers} teachers; ${outcome.campus.devices} campus devices, ` +
      `${outcome.campus.alerts} behaviour alerts and ${outcome.campus.samples} class emotion samples ` +
      `(${Math.round(performance.now() - started)} ms)`,
  );
  for (const a of DEMO_ACCOUNTS) log.info(demoAccountLine(a, config));
  return outcome;
}
