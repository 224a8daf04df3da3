// Firmware upgrade of many DTUs at once: N simulated DTUs take a 256 KiB image over their TCP links
// (network AT commands, docs/protocols/firmware-upgrade.md) from one gateway process with the real
// upgrade runner, against the time the links alone would need.
//
// BENCH_UPGRADE_RESTART=1 adds the crash half (issue 19): a second job (3.0.0) starts, and once a
// third of its chunks are acknowledged the gateway goes away in this process (its DTU server, then
// its upgrade runner, as upgrade.test.ts stops them: the links drop mid-transfer). A new one starts
// on the same database and port under the same node name, with a BENCH_UPGRADE_TIMEOUT_S (default
// 30) no-progress timeout. Within that timeout plus the transfer time every device must end success
// or failed with a reason: the figure is the devices that ended over the devices in the job (target
// 1, none stays upgrading), with the success / failed / stuck counts printed beside it.
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
import { ModbusSlave, SimulatedDtu, Ticker } from '../packages/simulator/src/index.ts';
import { embeddedTestDatabase, seedFleet } from './fleet.ts';
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
const RESTART = process.env.BENCH_UPGRADE_RESTART === '1';
const RESTART_TIMEOUT_MS = Number(process.env.BENCH_UPGRADE_TIMEOUT_S ?? 30) * 1000;

async function until(done: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`upgrade bench: ${what} did not happen in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function dtuUpgrades(): Promise<Figure[]> {
  const target = await embeddedTestDatabase();
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
    const store = fileStoresOf(config).current;
    /** A firmware image of IMAGE_BYTES random bytes for M100 / M100-A, stored as an upload stores it. */
    const addFirmware = async (version: string) => {
      const image = randomBytes(IMAGE_BYTES);
      const now = Date.now();
      const month = new Date(now).toISOString().slice(0, 7).replace('-', '');
      const storageKey = `firmware/${month}/${randomBytes(16).toString('hex')}.bin`;
      await store.put(storageKey, image, 'application/octet-stream');
      const row = await db.kysely
        .insertInto('firmware')
        .values({
          owner_id: fleet.owner,
          name: 'bench firmware',
          series: 'M100',
          model: 'M100-A',
          version,
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
      return Number(row.id);
    };
    const firmwareId = await addFirmware('2.0.0');
    /** A running job upgrading every DTU from `from` to `version` of firmware `id`. */
    const startJob = async (id: number, version: string, from: string) => {
      const jobId = await insertJob(
        db.kysely,
        {
          owner_id: fleet.owner,
          firmware_id: id,
          firmware_name: 'bench firmware',
          series: 'M100',
          model: 'M100-A',
          version,
          wave_size: WAVE,
          fail_percent: 100,
          state: 'running',
          created_by: fleet.owner,
          created_at: Date.now(),
        },
        fleet.devices.map((deviceId) => ({ deviceId, fromVersion: from })),
      );
      runner.kick();
      return jobId;
    };
    const jobEnded = (jobId: number) => async () => {
      const job = await db.kysely
        .selectFrom('upgrade_jobs')
        .select('state')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      return job.state !== 'running';
    };

    const telemetry = telemetryFor(db, config, log);
    let server = await startDtuServer(db, log, telemetry, { ...DTU_DEFAULTS, host: '127.0.0.1', port: 0 });
    let runner = await startUpgradeRunner(db, 'bench-upgrade', config, log);
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
    const jobId = await startJob(firmwareId, '2.0.0', '1.0.0');
    const ended = jobEnded(jobId);
    const chunks = Math.ceil(IMAGE_BYTES / CHUNK);
    const idealMs = Math.ceil(DTUS / WAVE) * chunks * chunkMs;
    await until(ended, idealMs * 10 + 120_000, 'the job ending');
    const seconds = (performance.now() - started) / 1000;
    const rows = await db.kysely.selectFrom('upgrade_devices').select(['state']).where('job_id', '=', jobId).execute();
    const success = rows.filter((r) => r.state === 'success').length;
    if (success !== DTUS) throw new Error(`upgrade bench: ${success} of ${DTUS} DTUs upgraded`);
    const label = `${DTUS} DTUs x 256 KiB at ${LINK_KBPS} kbit/s, ${WAVE} at once`;
    console.log(`DTU upgrade (${label}): all ${success} upgraded in ${seconds.toFixed(1)} s`);
    const figures: Figure[] = [];
    if (RESTART) {
      // The crash half: a second job, the gateway gone a third of the way through, a new one on the same database.
      const second = await startJob(await addFirmware('3.0.0'), '3.0.0', '2.0.0');
      const acked = async () => {
        const row = await db.kysely
          .selectFrom('upgrade_devices')
          .select((eb) => eb.fn.sum<number>('acked_chunks').as('n'))
          .where('job_id', '=', second)
          .executeTakeFirstOrThrow();
        return Number(row.n ?? 0) >= (DTUS * chunks) / 3;
      };
      await until(acked, idealMs * 10 + 120_000, 'a third of the chunks of the second job');
      const port = server.port;
      // The links go first (as upgrade.test.ts stops its broker): a runner stopped first would drain its transfers.
      await server.stop();
      await runner.stop();
      const cut = await db.kysely
        .selectFrom('upgrade_devices')
        .select(['state', 'acked_chunks'])
        .where('job_id', '=', second)
        .execute();
      const upgrading = cut.filter((r) => r.state === 'upgrading').length;
      const ackedAtStop = cut.reduce((n, r) => n + Number(r.acked_chunks), 0);
      const restarted = performance.now();
      server = await startDtuServer(db, log, telemetry, { ...DTU_DEFAULTS, host: '127.0.0.1', port });
      runner = await startUpgradeRunner(db, 'bench-upgrade', config, log, {
        ...UPGRADE_RUNNER_DEFAULTS,
        timeoutMs: RESTART_TIMEOUT_MS,
      });
      runner.kick();
      // Bounded: the no-progress timeout, the whole transfer again, and a margin for the reconnections.
      const limitMs = RESTART_TIMEOUT_MS + idealMs * 3 + 60_000;
      await until(jobEnded(second), limitMs, 'the second job ending after the restart').catch(() => undefined);
      const after = await db.kysely
        .selectFrom('upgrade_devices')
        .select(['state', 'reason_key'])
        .where('job_id', '=', second)
        .execute();
      const ok = after.filter((r) => r.state === 'success').length;
      const failed = after.filter((r) => r.state === 'failed' && r.reason_key !== null).length;
      const stuck = DTUS - ok - failed;
      console.log(
        `DTU upgrade across a gateway restart (${label}, ${upgrading} upgrading and ${ackedAtStop} of ${DTUS * chunks} chunks acknowledged at the stop): ` +
          `${ok} success, ${failed} failed with a reason, ${stuck} stuck, ` +
          `${((performance.now() - restarted) / 1000).toFixed(1)} s after the restart (limit ${(limitMs / 1000).toFixed(0)} s)`,
      );
      figures.push({
        name: `devices ended (success or failed with a reason) after a restart mid-transfer (${label})`,
        value: ok + failed,
        unit: 'devices',
        peer: 'devices in the job',
        peerValue: DTUS,
        target: { ratio: 1, meaning: 'none stays upgrading' },
      });
    }
    await runner.stop();
    await server.stop();
    await telemetry.close();
    return [
      {
        name: `ideal time at the link rate over the time taken (${label})`,
        value: idealMs,
        unit: 'ms',
        peer: 'time from the job to the last version report',
        peerValue: seconds * 1000,
      },
      ...figures,
    ];
  } finally {
    for (const dtu of dtus) dtu.stop();
    await db.close();
    await target.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
