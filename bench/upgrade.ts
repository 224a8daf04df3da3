// Firmware upgrade of many DTUs at once: N simulated DTUs take a 256 KiB image over their TCP links
// (network AT commands, docs/protocols/firmware-upgrade.md) from one gateway process with the real
// upgrade runner, against the time the links alone would need.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { allMigrations } from '../packages/server/src/features.ts';
import { DTU_DEFAULTS, startDtuServer } from '../packages/server/src/iot/gateway/server.ts';
import { telemetryFor } from '../packages/server/src/iot/telemetry/index.ts';
import { insertJob } from '../packages/server/src/iot/upgrade/repository.ts';
import { startUpgradeRunner, UPGRADE_RUNNER_DEFAULTS } from '../packages/server/src/iot/upgrade/runner.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { fileStoresOf } from '../packages/server/src/platform/files/stores.ts';
import { createTestDatabase } from '../packages/server/test/db.ts';
import { ModbusSlave, SimulatedDtu, Ticker } from '../packages/simulator/src/index.ts';
import { seedFleet } from './fleet.ts';
import type { Figure } from './run.ts';

/** How many DTUs upgrade at once (the figure is 1,000; the default stays light for a laptop). */
const DTUS = Number(process.env.BENCH_UPGRADE_DTUS ?? 20);
/** The DTUs' link rate in kbit/s: a 4G Cat-1 DTU's usable downlink is around 500. */
const LINK_KBPS = Number(process.env.BENCH_UPGRADE_KBPS ?? 512);
const IMAGE_BYTES = 256 * 1024;
const CHUNK = UPGRADE_RUNNER_DEFAULTS.chunkSize;
/** An upgrade job upgrades at most this many devices at once (UPGRADE_WAVE_MAX). */
const WAVE = Math.min(DTUS, 100);
const PASSWORD = '12345678';
const snOf = (n: number) => `UPG${String(n).padStart(17, '0')}`;

async function until(done: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`upgrade bench: ${what} did not happen in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function dtuUpgrades(): Promise<Figure[]> {
  const engine = process.env.TEST_ENGINE;
  process.env.TEST_ENGINE = 'sqlite';
  const target = await createTestDatabase();
  if (engine === undefined) delete process.env.TEST_ENGINE;
  else process.env.TEST_ENGINE = engine;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-upgrade-bench-'));
  const config = loadConfig(
    { DATABASE_URL: target.url, LOG_LEVEL: 'silent', LOG_FORMAT: 'json', DATA_DIR: dataDir },
    'bench',
  );
  const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
  const log = pino({ level: 'silent' });
  const ticker = new Ticker();
  const dtus: SimulatedDtu[] = [];
  try {
    await migrateToLatest(db, allMigrations);
    const fleet = await seedFleet(db, {
      account: 'bench_upgrade',
      devices: DTUS,
      points: 1,
      protocol: 'modbusRtu',
      variant: 'int16',
      storage: 'none',
      interval: 3600,
      sn: (n) => snOf(n + 1),
      password: PASSWORD,
    });
    const image = randomBytes(IMAGE_BYTES);
    const now = Date.now();
    const month = new Date(now).toISOString().slice(0, 7).replace('-', '');
    const storageKey = `firmware/${month}/${randomBytes(16).toString('hex')}.bin`;
    const store = fileStoresOf(config).current;
    await store.put(storageKey, image, 'application/octet-stream');
    const firmware = await db.kysely
      .insertInto('firmware')
      .values({
        owner_id: fleet.owner,
        name: 'bench firmware',
        series: 'M100',
        model: 'M100-A',
        version: '2.0.0',
        type: 'full',
        size: IMAGE_BYTES,
        sha256: createHash('sha256').update(image).digest('hex'),
        file_name: 'bench.bin',
        channel: store.channel,
        storage_key: storageKey,
        remark: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const telemetry = telemetryFor(db, config, log);
    const server = await startDtuServer(db, log, telemetry, { ...DTU_DEFAULTS, host: '127.0.0.1', port: 0 });
    const runner = await startUpgradeRunner(db, 'bench-upgrade', config, log);
    // The link's time per chunk, as the DTU's pace: the cloud can do no better than this.
    const chunkMs = (CHUNK * 8) / LINK_KBPS;
    for (let n = 1; n <= DTUS; n++) {
      const dtu = new SimulatedDtu({
        host: '127.0.0.1',
        port: server.port,
        sn: snOf(n),
        password: PASSWORD,
        heartbeatSeconds: 0,
        reconnectMs: 200,
        restartMs: 50,
        slaves: [new ModbusSlave(1, [])],
        ticker,
        firmware: { series: 'M100', model: 'M100-A', version: '1.0.0', chunkDelayMs: chunkMs },
      });
      dtus.push(dtu);
      dtu.start();
    }
    // Each DTU is connected and has said which firmware it runs (AT+VER).
    const reported = async () => {
      const row = await db.kysely
        .selectFrom('device_firmware')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n) >= DTUS;
    };
    await until(reported, 60_000 + DTUS * 50, 'every DTU reporting its firmware');

    const started = performance.now();
    const jobId = await insertJob(
      db.kysely,
      {
        owner_id: fleet.owner,
        firmware_id: Number(firmware.id),
        firmware_name: 'bench firmware',
        series: 'M100',
        model: 'M100-A',
        version: '2.0.0',
        wave_size: WAVE,
        fail_percent: 100,
        state: 'running',
        created_by: fleet.owner,
        created_at: Date.now(),
      },
      fleet.devices.map((deviceId) => ({ deviceId, fromVersion: '1.0.0' })),
    );
    runner.kick();
    const ended = async () => {
      const job = await db.kysely
        .selectFrom('upgrade_jobs')
        .select('state')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      return job.state !== 'running';
    };
    const chunks = Math.ceil(IMAGE_BYTES / CHUNK);
    const idealMs = Math.ceil(DTUS / WAVE) * chunks * chunkMs;
    await until(ended, idealMs * 10 + 120_000, 'the job ending');
    const seconds = (performance.now() - started) / 1000;
    const rows = await db.kysely.selectFrom('upgrade_devices').select(['state']).where('job_id', '=', jobId).execute();
    const success = rows.filter((r) => r.state === 'success').length;
    await runner.stop();
    await server.stop();
    await telemetry.close();
    if (success !== DTUS) throw new Error(`upgrade bench: ${success} of ${DTUS} DTUs upgraded`);
    const label = `${DTUS} DTUs x 256 KiB at ${LINK_KBPS} kbit/s, ${WAVE} at once`;
    console.log(`DTU upgrade (${label}): all ${success} upgraded in ${seconds.toFixed(1)} s`);
    return [
      {
        name: `ideal time at the link rate over the time taken (${label})`,
        value: idealMs,
        unit: 'ms',
        peer: 'time from the job to the last version report',
        peerValue: seconds * 1000,
      },
    ];
  } finally {
    for (const dtu of dtus) dtu.stop();
    await db.close();
    await target.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
