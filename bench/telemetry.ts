import { DatabaseSync } from 'node:sqlite';
import pino from 'pino';
import { allMigrations } from '../packages/server/src/features.ts';
import { liveFor } from '../packages/server/src/iot/telemetry/live.ts';
import { TelemetryWriter } from '../packages/server/src/iot/telemetry/writer.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { type Db, openDatabase, sqliteFileOf } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { createTestDatabase } from '../packages/server/test/db.ts';
import { seedFleet } from './fleet.ts';
import type { Figure } from './run.ts';

const DEVICES = 200;
const POINTS = 50;
/** Poll rounds: every device reports all its points once per round. */
const ROUNDS = 120;
const ROWS_PER_STATEMENT = 200;
const ROWS_PER_TRANSACTION = 5000;
const T0 = Date.UTC(2025, 0, 1);
const TARGET_POINTS_PER_SECOND = 150_000;

/** An owner, a template of 50 timed points and 200 devices on it. */
async function seed(db: Db): Promise<{ devices: number[]; points: number[] }> {
  return seedFleet(db, {
    account: 'bench_telemetry',
    devices: DEVICES,
    points: POINTS,
    protocol: 'modbusRtu',
    variant: 'uint16',
    storage: 'timed',
  });
}

/** The peer: the same rows inserted into the same table with node:sqlite directly, in batched multi-row statements. */
function bareInsert(file: string, devices: number[], points: number[]): number {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  const groups = Array.from({ length: ROWS_PER_STATEMENT }, () => '(?,?,?,?,?)').join(',');
  const insert = db.prepare(
    `insert into telemetry (device_id, point_id, ts, num, text) values ${groups} on conflict do nothing`,
  );
  const params: Array<number | null> = [];
  let inTransaction = 0;
  const start = performance.now();
  db.exec('begin');
  for (let r = 0; r < ROUNDS; r++) {
    for (const d of devices) {
      for (const [i, p] of points.entries()) {
        params.push(d, p, T0 + r * 10_000, r + i, null);
        if (params.length === ROWS_PER_STATEMENT * 5) {
          insert.run(...params);
          params.length = 0;
          inTransaction += ROWS_PER_STATEMENT;
          if (inTransaction >= ROWS_PER_TRANSACTION) {
            db.exec('commit; begin');
            inTransaction = 0;
          }
        }
      }
    }
  }
  db.exec('commit');
  const seconds = (performance.now() - start) / 1000;
  db.close();
  return (ROUNDS * devices.length * points.length) / seconds;
}

/** telemetry.record as the gateway calls it: every device's 50 points each round, each round awaited (committed). */
async function recorded(db: Db, devices: number[], points: number[]): Promise<number> {
  const log = pino({ level: 'silent' });
  const writer = new TelemetryWriter(db, liveFor(db, '', log), log);
  const start = performance.now();
  for (let r = 0; r < ROUNDS; r++) {
    await Promise.all(
      devices.map((deviceId) =>
        writer.record({
          deviceId,
          at: T0 + r * 10_000,
          readings: points.map((pointId, i) => ({ pointId, value: r + i })),
        }),
      ),
    );
  }
  const seconds = (performance.now() - start) / 1000;
  await writer.close();
  return (ROUNDS * devices.length * points.length) / seconds;
}

async function fresh() {
  const target = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: target.url, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }, 'bench');
  const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
  await migrateToLatest(db, allMigrations);
  return { target, db, ...(await seed(db)) };
}

/** Telemetry ingestion on the embedded database: points persisted per second, against the bare batched insert. */
export async function telemetry(): Promise<Figure[]> {
  const bare = await fresh();
  await bare.db.close();
  const bareRate = bareInsert(sqliteFileOf(bare.target.url), bare.devices, bare.points);
  await bare.target.drop();

  const ours = await fresh();
  const rate = await recorded(ours.db, ours.devices, ours.points);
  const stored = await ours.db.kysely
    .selectFrom('telemetry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  await ours.db.close();
  await ours.target.drop();
  if (Number(stored.n) !== ROUNDS * DEVICES * POINTS) throw new Error(`telemetry bench stored ${stored.n} rows`);
  return [
    {
      name: `telemetry.record, SQLite (${DEVICES} devices x ${POINTS} points, committed)`,
      value: rate,
      unit: 'points/s',
      peer: 'bare batched insert into the same table',
      peerValue: bareRate,
      target: {
        ratio: 0.25,
        meaning: `a quarter of the bare rate; ${TARGET_POINTS_PER_SECOND.toLocaleString('en')} points/s`,
      },
    },
  ];
}

// `node bench/telemetry.ts` runs this suite alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await telemetry()) {
    console.log(
      `${f.name}: ${Math.round(f.value).toLocaleString('en')} ${f.unit} | ${f.peer}: ${Math.round(f.peerValue).toLocaleString('en')} | ratio ${(f.value / f.peerValue).toFixed(2)}`,
    );
  }
}
