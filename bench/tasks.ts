// Timed tasks (issue 19): 10,000 tasks firing every minute through the jobs table. Each run's
// lateness (when its write was recorded against when it was due) at the 99th percentile against
// the promised 1 s, and the worker's CPU at rest (10,000 tasks waiting) against 5 % of one core.
// The devices are not connected, so each write ends at once as "device offline": what is measured
// is the scheduler, not a DTU link.
import pino from 'pino';
import { allMigrations } from '../packages/server/src/features.ts';
import { insertTask, replaceTargets } from '../packages/server/src/iot/tasks/repository.ts';
import { taskRunJob } from '../packages/server/src/iot/tasks/run.ts';
import { enqueueFiring } from '../packages/server/src/iot/tasks/service.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { type Db, openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { JobWorker } from '../packages/server/src/platform/jobs/worker.ts';
import { createTestDatabase } from '../packages/server/test/db.ts';
import { seedFleet } from './fleet.ts';
import type { Figure } from './run.ts';

const TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
const DEVICES = 100;
const MINUTE = 60_000;
/** Seconds of rest over which the worker's CPU is measured. */
const REST_S = 10;

/** `TASKS` tasks every minute, their first firings spread evenly over the minute from `from`. */
async function seedTasks(db: Db, from: number): Promise<void> {
  const fleet = await seedFleet(db, {
    account: 'bench_tasks',
    devices: DEVICES,
    points: 1,
    protocol: 'modbusRtu',
    variant: 'uint16',
    storage: 'none',
    cloudConfig: true,
  });
  const now = Date.now();
  for (let start = 0; start < TASKS; start += 500) {
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(TASKS, start + 500); i++) {
        const startAt = from + Math.floor((i * MINUTE) / TASKS);
        const id = await insertTask(trx, {
          owner_id: fleet.owner,
          name: `Bench ${i}`,
          schedule: JSON.stringify({ kind: 'interval', every: 1, unit: 'minutes' }),
          time_zone: 'UTC',
          start_at: startAt,
          end_at: null,
          missed: 'skip',
          state: 'active',
          next_run_at: startAt,
          last_run_at: null,
          last_outcome: null,
          created_by: null,
          created_at: now,
          updated_at: now,
        });
        await replaceTargets(trx, id, [
          { device_id: fleet.devices[i % DEVICES] as number, point_id: fleet.points[0] as number, value: '1' },
        ]);
        await enqueueFiring(trx, id, startAt, now);
      }
    });
  }
}

async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const target = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: target.url, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }, 'bench');
  const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
  try {
    await migrateToLatest(db, allMigrations);
    return await work(db);
  } finally {
    await db.close();
    await target.drop();
  }
}

const worker = (db: Db) => new JobWorker({ db, log: pino({ level: 'silent' }), jobs: [taskRunJob] });

/** Every task's first run, late by how much (a run skipped as missed, or not run at all, counts as never). */
async function lateness(): Promise<number[]> {
  return withDatabase(async (db) => {
    const from = Date.now() + 5_000;
    await seedTasks(db, from);
    const jobs = worker(db);
    jobs.start();
    await new Promise((resolve) => setTimeout(resolve, from + MINUTE + 5_000 - Date.now()));
    await jobs.stop();
    const first = await db.kysely
      .selectFrom('timed_task_records')
      .select(['task_id', (eb) => eb.fn.min('ran_at').as('ran'), (eb) => eb.fn.min('due_at').as('due')])
      .groupBy('task_id')
      .execute();
    const late = first.map((r) => Number(r.ran) - Number(r.due));
    return [...late, ...Array<number>(TASKS - late.length).fill(Number.POSITIVE_INFINITY)];
  });
}

/** The worker's CPU share of one core while the tasks wait an hour for their firings. */
async function restingCpu(): Promise<number> {
  return withDatabase(async (db) => {
    await seedTasks(db, Date.now() + 3_600_000);
    const jobs = worker(db);
    jobs.start();
    const start = process.cpuUsage();
    const wall = performance.now();
    await new Promise((resolve) => setTimeout(resolve, REST_S * 1000));
    const used = process.cpuUsage(start);
    const share = (used.user + used.system) / 1000 / (performance.now() - wall);
    await jobs.stop();
    return share;
  });
}

export async function tasks(): Promise<Figure[]> {
  const late = (await lateness()).sort((a, b) => a - b);
  const p99 = late[Math.floor(late.length * 0.99)] as number;
  const cpu = await restingCpu();
  return [
    {
      name: `${TASKS.toLocaleString('en')} timed tasks firing every minute: a run's lateness, p99 (median ${Math.round(late[late.length >> 1] as number)} ms)`,
      value: 1000,
      unit: 'ms',
      peer: 'the limit, against p99',
      peerValue: Number.isFinite(p99) ? Math.max(p99, 1) : Number.MAX_SAFE_INTEGER,
      target: { ratio: 1, meaning: 'every run within 1 s of its time, at the 99th percentile' },
    },
    {
      name: `the job worker at rest with ${TASKS.toLocaleString('en')} tasks waiting: 5 % of one core, against its CPU`,
      value: 5,
      unit: '% of one core',
      peer: 'measured',
      peerValue: Math.max(cpu * 100, 0.01),
      target: { ratio: 1, meaning: 'the scheduler costs at most 5 % of one core at rest' },
    },
  ];
}

// `node bench/tasks.ts` runs this suite alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await tasks())
    console.log(
      `${f.name}: ${f.value} ${f.unit} | ${f.peer}: ${f.peerValue.toFixed(1)} | ratio ${(f.value / f.peerValue).toFixed(2)}`,
    );
}
