import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../packages/server/src/app.ts';
import { allMigrations } from '../packages/server/src/features.ts';
import { classDays, hourSums } from '../packages/server/src/mind/emotion/repository.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { type Db, openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { grantIdentity, grantRole, insertUser } from '../packages/server/src/portal/accounts/repository.ts';
import { hashPassword } from '../packages/server/src/portal/identity/secrets.ts';
import { createTestDatabase } from '../packages/server/test/db.ts';
import { buildOrg } from '../packages/server/test/factories.ts';
import { onBothEngines, percentile } from './load.ts';
import type { Figure } from './run.ts';

/** A school of 3,000 students: 6 grades of 13 classes of about 38. */
const GRADES = 6;
const CLASSES = 13;
/** A semester: 20 weeks of 5 school days, 8 lessons a day with samples. */
const DAYS = 140;
const HOURS = [8, 9, 10, 11, 14, 15, 16, 17];
const BATCH = 500;
const RUNS = 20;
const ACCOUNT = 'bench_emotion_school';
const PASSWORD = 'Bench#2026';
const TARGET_MS = 500;
const FIRST_DAY = Date.parse('2026-03-02T00:00:00Z');
const dayOf = (n: number) => new Date(FIRST_DAY + n * 86_400_000).toISOString().slice(0, 10);

/** The school, its classes, a semester of their hourly summaries (as the samples leave them) and its administrator. */
async function seed(db: Db) {
  const k = db.kysely;
  const school = await buildOrg(k, { type: 'school', name: 'Bench School' });
  const classIds: number[] = [];
  for (let g = 0; g < GRADES; g++) {
    const grade = await buildOrg(k, { type: 'grade', name: `Grade ${g + 1}`, parentId: school.id });
    for (let c = 0; c < CLASSES; c++) {
      classIds.push((await buildOrg(k, { type: 'class', name: `Class ${g + 1}-${c + 1}`, parentId: grade.id })).id);
    }
  }
  const rows = [];
  for (let d = 0; d < DAYS; d++) {
    if (d % 7 >= 5) continue;
    for (const classId of classIds) {
      for (const hour of HOURS) {
        const faces = 38 * 4;
        const sad = ((classId + d + hour) % 10) * faces * 10;
        rows.push({
          school_id: school.id,
          class_id: classId,
          day: dayOf(d),
          hour,
          samples: 4,
          faces,
          happy: faces * 300,
          calm: faces * 450 - sad,
          surprised: faces * 100,
          sad,
          angry: faces * 100,
          fearful: faces * 50,
        });
      }
    }
  }
  for (let start = 0; start < rows.length; start += BATCH) {
    await k
      .insertInto('emotion_class_hours')
      .values(rows.slice(start, start + BATCH))
      .execute();
  }
  // The same rows summed per class and day, as the intake keeps them.
  const days = new Map<string, Omit<(typeof rows)[number], 'hour'>>();
  for (const { hour: _, ...row } of rows) {
    const key = `${row.class_id} ${row.day}`;
    const sum = days.get(key);
    if (!sum) days.set(key, { ...row });
    else
      for (const column of ['samples', 'faces', 'happy', 'calm', 'surprised', 'sad', 'angry', 'fearful'] as const)
        sum[column] += row[column];
  }
  const dayRows = [...days.values()];
  for (let start = 0; start < dayRows.length; start += BATCH) {
    await k
      .insertInto('emotion_class_days')
      .values(dayRows.slice(start, start + BATCH))
      .execute();
  }
  const now = Date.now();
  const admin = await insertUser(k, {
    account: ACCOUNT,
    password_hash: await hashPassword(PASSWORD),
    nickname: ACCOUNT,
    status: 'enabled',
    default_pass: false,
    password_changed_at: now,
    user_type: 'staff',
    parent_id: null,
    super_admin: false,
  });
  await grantRole(k, admin, 2, school.id);
  await grantIdentity(k, admin, 1, school.id);
  await sql.raw(db.engine === 'postgres' ? 'vacuum analyze' : 'analyze').execute(k);
  return { schoolId: school.id, classId: classIds[0] as number, rows: rows.length };
}

async function timed(runs: number, call: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let n = 0; n < runs; n++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

async function runEngine(engine: 'SQLite' | 'PostgreSQL'): Promise<Figure[]> {
  const target = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: target.url, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }, 'bench');
  const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
  try {
    await migrateToLatest(db, allMigrations);
    const { schoolId, classId, rows } = await seed(db);
    const app = await buildApp({ config, db, logger: pino({ level: 'silent' }) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/apis-authz/authz/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: ACCOUNT, password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const range = `from=${dayOf(0)}&to=${dayOf(DAYS - 1)}`;
    const board = async (query: string) => {
      const res = await fetch(`${base}/api/apis-psychology/emotion/board?${query}&${range}`, {
        headers: { 'x-authorization': token },
      });
      const json = (await res.json()) as { code: number; message: string; data: { total: { samples: number } } };
      if (json.code !== 200 || json.data.total.samples === 0) throw new Error(`emotion/board: ${json.message}`);
    };
    await board(`schoolId=${schoolId}&by=day`);
    const classBoard = await timed(RUNS, () => board(`schoolId=${schoolId}&by=day`));
    const byWeek = await timed(RUNS, () => board(`schoolId=${schoolId}&by=week`));
    const detail = await timed(RUNS, () => board(`classId=${classId}&by=day`));
    await app.close();
    const filter = {
      scope: { all: false, schoolIds: [schoolId], classIds: [], orgPaths: [] },
      schoolId,
      from: dayOf(0),
      to: dayOf(DAYS - 1),
    };
    const bare = await timed(RUNS, () => Promise.all([classDays(db.kysely, filter), hourSums(db.kysely, filter)]));
    const worst = Math.max(classBoard.at(-1) ?? 0, byWeek.at(-1) ?? 0, detail.at(-1) ?? 0);
    const label = `${engine}, ${GRADES * CLASSES} classes, a semester of ${rows.toLocaleString('en')} class-hours`;
    return [
      {
        name: `class emotion board by day p50 over HTTP (${label})`,
        value: percentile(classBoard, 0.5),
        unit: 'ms',
        peer: 'bare summary queries p50',
        peerValue: percentile(bare, 0.5),
      },
      {
        name: `emotion board budget (${engine})`,
        value: TARGET_MS,
        unit: 'ms',
        peer: `slowest of ${RUNS * 3} boards over HTTP (school by day and week, one class)`,
        peerValue: worst,
        target: { ratio: 1, meaning: `every board under ${TARGET_MS} ms` },
      },
    ];
  } finally {
    await db.close();
    await target.drop();
  }
}

/**
 * The class emotion board of a 3,000-student school over a semester, as its administrator, through
 * the HTTP API beside the bare summary queries; on SQLite, and on PostgreSQL when TEST_PG_URL is set.
 */
export function emotion(): Promise<Figure[]> {
  return onBothEngines(runEngine);
}
