// MQTT ingestion end to end on the embedded database: devices publish QoS 1 JSON of 50 points to
// the embedded broker, which stores them through the telemetry writer and acknowledges after the
// commit; against the bare batched insert into the same history table, in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import mqtt from 'mqtt';
import pino from 'pino';
import { allMigrations } from '../packages/server/src/features.ts';
import { startBroker } from '../packages/server/src/iot/mqtt/broker.ts';
import { closeTelemetry, telemetryFor } from '../packages/server/src/iot/telemetry/index.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { type Db, openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { seedFleet } from './fleet.ts';
import type { Figure } from './run.ts';

const DEVICES = 200;
const POINTS = 50;
/** QoS 1 messages each device keeps in flight: a device with buffered readings sends them back to back. */
const IN_FLIGHT = 16;
const SECONDS = 6;
const PASSWORD = 'Bench123';
const BARE_ROWS = 500_000;
const BARE_BATCH = 5000;
const TARGET_POINTS_PER_SECOND = 150_000;

interface PublishJob {
  mqttBench: true;
  port: number;
  sns: string[];
  names: string[];
  seconds: number;
}

/** The devices, in a worker thread so that building their JSON does not take the broker's core. */
async function publish(job: PublishJob): Promise<{ acked: number; ms: number }> {
  const clients = await Promise.all(
    job.sns.map((sn) =>
      mqtt.connectAsync(`mqtt://127.0.0.1:${job.port}`, {
        clientId: sn,
        username: sn,
        password: PASSWORD,
        reconnectPeriod: 0,
      }),
    ),
  );
  // Distinct times per device, within history's window: a reading per device and millisecond.
  const base = Date.now() - 3_600_000;
  const start = performance.now();
  const end = start + job.seconds * 1000;
  let acked = 0;
  await Promise.all(
    clients.map(async (client, d) => {
      const topic = `devices/${job.sns[d]}/up`;
      let seq = 0;
      const lane = async () => {
        while (performance.now() < end) {
          const values: Record<string, number> = {};
          for (const name of job.names) values[name] = Math.round(Math.random() * 10_000) / 100;
          await client.publishAsync(topic, JSON.stringify({ ts: base + seq++, values }), { qos: 1 });
          acked++;
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
    }),
  );
  const ms = performance.now() - start;
  await Promise.all(clients.map((c) => c.endAsync()));
  return { acked, ms };
}

if (!isMainThread && parentPort && (workerData as PublishJob | undefined)?.mqttBench) {
  parentPort.postMessage(await publish(workerData as PublishJob));
}

/** One owner, one template of 50 numeric points stored every time, and the MQTT devices on it. */
async function seed(db: Db): Promise<{ sns: string[]; names: string[] }> {
  const snOf = (i: number) => `BENCHMQTT${String(i).padStart(11, '0')}`;
  const fleet = await seedFleet(db, {
    account: 'bench_mqtt',
    devices: DEVICES,
    points: POINTS,
    protocol: 'mqttJson',
    variant: 'float32AbCd',
    storage: 'timed',
    precision: 2,
    sn: snOf,
    password: PASSWORD,
  });
  return { sns: fleet.devices.map((_, i) => snOf(i)), names: fleet.pointNames };
}

/** The peer: the same history table filled by one prepared statement in batched transactions. */
async function bareRate(dir: string): Promise<number> {
  const file = path.join(dir, 'bare.db');
  const db = openDatabase(`sqlite:${file}`);
  await migrateToLatest(db, allMigrations);
  await db.close();
  const raw = new DatabaseSync(file);
  raw.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  const insert = raw.prepare('insert into telemetry (device_id, point_id, ts, num, text) values (?, ?, ?, ?, ?)');
  const base = Date.now() - 3_600_000;
  // In key order, its best case: each device's points and times appended (the issue's ~620,000 rows/s).
  const times = BARE_ROWS / (DEVICES * POINTS);
  const start = performance.now();
  for (let i = 0; i < BARE_ROWS; i += BARE_BATCH) {
    raw.exec('begin');
    for (let j = i; j < i + BARE_BATCH; j++) {
      insert.run(
        Math.floor(j / (POINTS * times)),
        Math.floor(j / times) % POINTS,
        base + (j % times),
        Math.random() * 100,
        null,
      );
    }
    raw.exec('commit');
  }
  const rate = BARE_ROWS / ((performance.now() - start) / 1000);
  raw.close();
  return rate;
}

export async function mqttIngest(): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-mqtt-'));
  try {
    const config = loadConfig(
      { NODE_ENV: 'production', DATABASE_URL: `sqlite:${path.join(dir, 'meridian.db')}`, LOG_FORMAT: 'json' },
      '0.0.0-bench',
    );
    const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
    await migrateToLatest(db, allMigrations);
    const { sns, names } = await seed(db);
    const log = pino({ level: 'warn' });
    const broker = await startBroker({
      db,
      log,
      telemetry: telemetryFor(db, config, log),
      port: 0,
      host: '127.0.0.1',
      retentionDays: 35,
    });
    const job: PublishJob = { mqttBench: true, port: broker.port, sns, names, seconds: SECONDS };
    const result = await new Promise<{ acked: number; ms: number }>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: job });
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => code !== 0 && reject(new Error(`the publishing worker stopped with code ${code}`)));
    });
    await broker.stop();
    await closeTelemetry(db);
    const stored = await db.kysely
      .selectFrom('telemetry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await db.close();
    const acknowledged = result.acked * POINTS;
    if (Number(stored.n) < acknowledged) {
      throw new Error(`acknowledged ${acknowledged} points but stored ${stored.n}: an acknowledged value was lost`);
    }
    const pointsPerSecond = acknowledged / (result.ms / 1000);
    const bare = await bareRate(dir);
    console.log(
      `MQTT ingestion: ${Math.round(pointsPerSecond).toLocaleString('en')} points/s persisted (target ${TARGET_POINTS_PER_SECOND.toLocaleString('en')}) ${pointsPerSecond >= TARGET_POINTS_PER_SECOND ? 'ok' : 'MISSED'}`,
    );
    return [
      {
        name: `MQTT ingestion, ${DEVICES} devices x ${POINTS}-point QoS 1 JSON, acknowledged after commit (SQLite)`,
        value: pointsPerSecond,
        unit: 'points/s',
        peer: 'bare batched insert into the same history table',
        peerValue: bare,
        target: { ratio: 0.25, meaning: 'the broker, decoding and the writer cost at most 4x the bare insert' },
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
