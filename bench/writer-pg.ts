import pino from 'pino';
import { allMigrations } from '../packages/server/src/features.ts';
import { liveFor } from '../packages/server/src/iot/telemetry/live.ts';
import { TelemetryWriter } from '../packages/server/src/iot/telemetry/writer.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { createTestDatabase } from '../packages/server/test/db.ts';
import { seedFleet } from './fleet.ts';

/**
 * The telemetry writer on PostgreSQL alone (decision 0161): 1,000 devices of 50 timed points record
 * a round each 10 s of device time, each round awaited (committed), as the gateway records them.
 * Prints the gateway-side CPU per thousand values and the values stored per second.
 * `TEST_PG_URL=postgres://... node bench/writer-pg.ts` (ROUNDS=20 by default).
 */
process.env.TEST_ENGINE = 'postgres';
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const T0 = Date.UTC(2025, 0, 1);
const target = await createTestDatabase();
const config = loadConfig({ DATABASE_URL: target.url, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }, 'bench');
const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
await migrateToLatest(db, allMigrations);
const { devices, points } = await seedFleet(db, {
  account: 'bench_writer',
  devices: 1000,
  points: 50,
  protocol: 'modbusRtu',
  variant: 'uint16',
  storage: 'timed',
});
const log = pino({ level: 'silent' });
const writer = new TelemetryWriter(db, liveFor(db, '', log), log);
const round = (r: number) =>
  Promise.all(
    devices.map((deviceId) =>
      writer.record({
        deviceId,
        at: T0 + r * 10_000,
        readings: points.map((pointId, i) => ({ pointId, value: r + i })),
      }),
    ),
  );
await round(0);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let r = 1; r <= ROUNDS; r++) await round(r);
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const values = ROUNDS * devices.length * points.length;
console.log(
  JSON.stringify({
    values,
    wallMs: Math.round(ms),
    cpuMsPerThousandValues: +((cpu.user + cpu.system) / 1000 / (values / 1000)).toFixed(3),
    valuesPerSecond: Math.round(values / (ms / 1000)),
  }),
);
await writer.close();
await db.close();
await target.drop();
