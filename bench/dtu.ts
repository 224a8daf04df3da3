// DTU polling at scale: 10,000 DTUs of 50 points each, polled every 10 s by one gateway process
// (this one, with the real telemetry writer), simulated by packages/simulator in another process.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { allMigrations } from '../packages/server/src/features.ts';
import { DTU_DEFAULTS, startDtuServer } from '../packages/server/src/iot/gateway/server.ts';
import { telemetryFor } from '../packages/server/src/iot/telemetry/index.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { embeddedTestDatabase, seedFleet } from './fleet.ts';
import { percentile } from './load.ts';
import type { Figure } from './run.ts';

const DTUS = Number(process.env.BENCH_DTUS ?? 10_000);
const POINTS = 50;
const INTERVAL_S = 10;
/** Three poll rounds measured, after every DTU has connected and one round has settled. */
const MEASURE_MS = 3 * INTERVAL_S * 1000;
const LATENESS_LIMIT_MS = 500;
const MEMORY_LIMIT_MIB = 1024;
const SN_PREFIX = 'SIM';
const PASSWORD = '12345678';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The simulator's SNs: the prefix and a number from 1, zero-padded to 20 characters. */
const snOf = (n: number) => SN_PREFIX + String(n).padStart(20 - SN_PREFIX.length, '0');

/** Waits until `count()` reaches `want`, saying how far it got every 10 s. */
function until(count: () => number, want: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  let said = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      const n = count();
      if (n >= want) resolve();
      else if (Date.now() > deadline) reject(new Error(`only ${n} of ${want} simulated DTUs connected in time`));
      else {
        if (Date.now() - said > 10_000) {
          said = Date.now();
          console.log(`DTU bench: ${n.toLocaleString('en')} of ${want.toLocaleString('en')} DTUs connected`);
        }
        setTimeout(tick, 250);
      }
    };
    tick();
  });
}

export async function dtuPolling(): Promise<Figure[]> {
  // The embedded database: the figure is about the gateway, and one process holds both.
  const target = await embeddedTestDatabase();
  const config = loadConfig({ DATABASE_URL: target.url, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }, 'bench');
  const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
  const log = pino({ level: 'silent' });
  let simulator: ChildProcess | undefined;
  try {
    await migrateToLatest(db, allMigrations);
    // The simulator's `generic` profile: int16 holding registers 0..49 on slave 1. Latest values only.
    await seedFleet(db, {
      account: 'bench_dtu',
      devices: DTUS,
      points: POINTS,
      protocol: 'modbusRtu',
      variant: 'int16',
      storage: 'none',
      formula: 'x / 10',
      precision: 1,
      interval: INTERVAL_S,
      cloudConfig: true,
      sn: (n) => snOf(n + 1),
      password: PASSWORD,
    });

    const telemetry = telemetryFor(db, config, log);
    const server = await startDtuServer(db, log, telemetry, { ...DTU_DEFAULTS, host: '127.0.0.1', port: 0 });
    simulator = spawn(
      process.execPath,
      [
        path.join(repoRoot, 'packages/simulator/src/cli.ts'),
        '--gateway',
        `127.0.0.1:${server.port}`,
        '--dtus',
        String(DTUS),
        '--sn-prefix',
        SN_PREFIX,
        '--password',
        PASSWORD,
        '--points',
        String(POINTS),
        '--ramp',
        '1000',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    await until(() => server.connections.size, DTUS, 120_000);
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_S * 1000));
    server.schedule.takeLateness();
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    let peakRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 500);
    await new Promise((resolve) => setTimeout(resolve, MEASURE_MS));
    clearInterval(sampler);
    const cpu = process.cpuUsage(cpu0);
    const seconds = (performance.now() - started) / 1000;
    const lateness = server.schedule.takeLateness().sort((a, b) => a - b);
    const connected = server.connections.size;
    simulator.kill('SIGINT');
    await server.stop();
    await telemetry.close();

    const cpuPercent = ((cpu.user + cpu.system) / 1e6 / seconds) * 100;
    const p99 = percentile(lateness, 0.99);
    const label = `${connected.toLocaleString('en')} DTUs x ${POINTS} points every ${INTERVAL_S} s, one gateway process`;
    console.log(
      `DTU polling (${label}): ${cpuPercent.toFixed(1)}% of a core, ${((cpuPercent * 1000) / connected).toFixed(2)}% per thousand DTUs, ${lateness.length.toLocaleString('en')} polls measured`,
    );
    return [
      {
        name: `DTU poll lateness limit over p99 lateness (${label})`,
        value: LATENESS_LIMIT_MS,
        unit: 'ms',
        peer: 'p99 poll lateness',
        peerValue: Math.max(p99, 1),
        target: { ratio: 1, meaning: `p99 lateness under ${LATENESS_LIMIT_MS} ms` },
      },
      {
        name: `gateway memory limit over peak resident memory (${label})`,
        value: MEMORY_LIMIT_MIB,
        unit: 'MiB',
        peer: 'peak RSS',
        peerValue: peakRss / 2 ** 20,
        target: { ratio: 1, meaning: `under ${MEMORY_LIMIT_MIB} MiB` },
      },
    ];
  } finally {
    simulator?.kill('SIGKILL');
    await db.close();
    await target.drop();
  }
}
