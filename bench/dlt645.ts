// DL/T 645 polling at scale (issue 25): 5,000 electricity meters behind 250 DTUs, 20 on each RS485
// bus, polled every minute by one gateway process (this one, with the real telemetry writer); the
// DTUs and meters are simulated in another process (bench/dlt645-meters.ts). Decision 0158 gives the
// limits: p99 poll lateness under 1 s (the issue's), a bus's 20 reads done within a sixth of the
// interval (10 s: a real 2400-baud line spends about 4 s of it on the wire), and 1.2 ms of CPU per
// meter read (5,000 meters a minute in a tenth of one of 2 cores).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { allMigrations } from '../packages/server/src/features.ts';
import { DTU_DEFAULTS, startDtuServer } from '../packages/server/src/iot/gateway/server.ts';
import { telemetryFor } from '../packages/server/src/iot/telemetry/index.ts';
import type { DeviceReadings, Telemetry } from '../packages/server/src/iot/telemetry/types.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { embeddedTestDatabase, seedFleet } from './fleet.ts';
import { percentile } from './load.ts';
import { meterAddress, meterDtuSn } from './meter-addresses.ts';
import type { Figure } from './run.ts';

const DTUS = Number(process.env.BENCH_DLT645_DTUS ?? 250);
const METERS_PER_BUS = 20;
const INTERVAL_S = Number(process.env.BENCH_DLT645_INTERVAL ?? 60);
/** Two poll rounds measured, after every DTU has connected and its first polls have run. */
const SETTLE_MS = 15_000;
const MEASURE_MS = 2 * INTERVAL_S * 1000;
const LATENESS_LIMIT_MS = 1000;
/** A sixth of the interval: the wire's ~4 s for 20 reads at 2400 baud, and room for the next poll. */
const CYCLE_LIMIT_MS = (INTERVAL_S * 1000) / 6;
const CPU_PER_READ_LIMIT_MS = 1.2;
const SN_PREFIX = 'MTR';
const PASSWORD = '12345678';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Waits until `count()` reaches `want`, polling every 250 ms; fails after `ms`. */
async function until(count: () => number, want: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (count() < want) {
    if (Date.now() > deadline) throw new Error(`only ${count()} of ${want} simulated DTUs connected in time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The telemetry writer, and how long each poll cycle took from its start to its batch (per bus). */
function timedTelemetry(inner: Telemetry) {
  const cycles: number[] = [];
  let reads = 0;
  const telemetry = new Proxy(inner, {
    get(target, key) {
      if (key === 'record')
        return (batch: DeviceReadings) => {
          cycles.push(Date.now() - batch.at);
          reads += batch.readings.length;
          return target.record(batch);
        };
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    telemetry,
    take() {
      const out = { cycles: cycles.splice(0), reads };
      reads = 0;
      return out;
    },
  };
}

export async function dlt645Polling(): Promise<Figure[]> {
  const target = await embeddedTestDatabase();
  const config = loadConfig({ DATABASE_URL: target.url, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }, 'bench');
  const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
  const log = pino({ level: 'silent' });
  let meters: ChildProcess | undefined;
  try {
    await migrateToLatest(db, allMigrations);
    // One template names the 20 meters of a bus by address, so every bus carries meters at the
    // same 20 addresses, as identical sites sharing one template do.
    await seedFleet(db, {
      account: 'bench_dlt645',
      devices: DTUS,
      points: METERS_PER_BUS,
      protocol: 'dlt645',
      meterAddresses: Array.from({ length: METERS_PER_BUS }, (_, i) => meterAddress(1, i + 1)),
      variant: 'uint16',
      storage: 'timed',
      interval: INTERVAL_S,
      sn: (n) => meterDtuSn(SN_PREFIX, n + 1),
      password: PASSWORD,
    });
    const timed = timedTelemetry(telemetryFor(db, config, log));
    const server = await startDtuServer(db, log, timed.telemetry, { ...DTU_DEFAULTS, host: '127.0.0.1', port: 0 });
    meters = spawn(
      process.execPath,
      [
        path.join(repoRoot, 'bench/dlt645-meters.ts'),
        '--gateway',
        `127.0.0.1:${server.port}`,
        '--dtus',
        String(DTUS),
        '--meters',
        String(METERS_PER_BUS),
        '--sn-prefix',
        SN_PREFIX,
        '--password',
        PASSWORD,
        '--ramp',
        '100',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    await until(() => server.connections.size, DTUS, 60_000);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    server.schedule.takeLateness();
    timed.take();
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, MEASURE_MS));
    const cpu = process.cpuUsage(cpu0);
    const seconds = (performance.now() - started) / 1000;
    const lateness = server.schedule.takeLateness().sort((a, b) => a - b);
    const { cycles, reads } = timed.take();
    cycles.sort((a, b) => a - b);
    const connected = server.connections.size;
    meters.kill('SIGTERM');
    await server.stop();
    await timed.telemetry.close();

    const cpuMs = (cpu.user + cpu.system) / 1000;
    const perRead = cpuMs / Math.max(reads, 1);
    const label = `${(connected * METERS_PER_BUS).toLocaleString('en')} meters on ${connected} DTUs x ${METERS_PER_BUS}, every ${INTERVAL_S} s`;
    console.log(
      `DL/T 645 polling (${label}): ${reads.toLocaleString('en')} meter reads in ${cycles.length.toLocaleString('en')} bus cycles over ${seconds.toFixed(0)} s; cycle per bus p50 ${percentile(cycles, 0.5)} ms, p99 ${percentile(cycles, 0.99)} ms; ${((cpuMs / 1000 / seconds) * 100).toFixed(1)}% of a core, ${perRead.toFixed(3)} ms CPU per meter read; lateness p99 ${percentile(lateness, 0.99)} ms`,
    );
    return [
      {
        name: `DL/T 645 poll lateness limit over p99 lateness (${label})`,
        value: LATENESS_LIMIT_MS,
        unit: 'ms',
        peer: 'p99 poll lateness',
        peerValue: Math.max(percentile(lateness, 0.99), 1),
        target: { ratio: 1, meaning: `p99 lateness under ${LATENESS_LIMIT_MS} ms (issue 25)` },
      },
      {
        name: `bus cycle limit over p99 cycle time of ${METERS_PER_BUS} meters (${label})`,
        value: CYCLE_LIMIT_MS,
        unit: 'ms',
        peer: 'p99 cycle per bus',
        peerValue: Math.max(percentile(cycles, 0.99), 1),
        target: { ratio: 1, meaning: `a bus's ${METERS_PER_BUS} reads within a sixth of the interval (decision 0158)` },
      },
      {
        name: `CPU limit per meter read over CPU per meter read, in microseconds (${label})`,
        value: CPU_PER_READ_LIMIT_MS * 1000,
        unit: 'µs',
        peer: 'CPU per meter read',
        peerValue: Math.max(perRead * 1000, 1),
        target: { ratio: 1, meaning: `${CPU_PER_READ_LIMIT_MS} ms of CPU per meter read (decision 0158)` },
      },
    ];
  } finally {
    meters?.kill('SIGKILL');
    await db.close();
    await target.drop();
  }
}
