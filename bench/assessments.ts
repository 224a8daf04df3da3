import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../packages/server/src/app.ts';
import { allMigrations } from '../packages/server/src/features.ts';
import { insertStudents, type StudentSeed } from '../packages/server/src/mind/people/students/testing.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { type Db, openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { toJson } from '../packages/server/src/platform/db/sql.ts';
import { grantIdentity, grantRole, insertUser } from '../packages/server/src/portal/accounts/repository.ts';
import { hashPassword, newToken, tokenHash } from '../packages/server/src/portal/identity/secrets.ts';
import { insertSession } from '../packages/server/src/portal/sessions/repository.ts';
import { createTestDatabase } from '../packages/server/test/db.ts';
import { buildOrg } from '../packages/server/test/factories.ts';
import { type LoadRequest, loadInWorker, onBothEngines, percentile } from './load.ts';
import type { Figure } from './run.ts';

const STUDENTS = 500;
const CLASSES = 10;
/** Tasks of one MHT each, to all the students: STUDENTS x TASKS sheets to submit, each once. */
const TASKS = 10;
const WARM_UP = 300;
const CONCURRENCY = 50;
const PASSWORD = 'Bench#2026';
const ACCOUNT = 'bench_assess_bureau';
const TARGET_PER_SECOND = 1000;
const TARGET_P99_MS = 100;

interface World {
  bureauId: number;
  schoolId: number;
  students: Array<{ id: number; token: string }>;
}

/** A bureau, a school with a grade of 10 classes, 500 students with accounts and live H5 sessions. */
async function seed(db: Db): Promise<World> {
  const k = db.kysely;
  const bureau = await buildOrg(k, { type: 'bureau', name: 'Bench Bureau' });
  const school = await buildOrg(k, { type: 'school', name: 'Bench School', parentId: bureau.id });
  const grade = await buildOrg(k, { type: 'grade', name: 'Grade 8', parentId: school.id });
  const classes = [];
  for (let c = 0; c < CLASSES; c++)
    classes.push(await buildOrg(k, { type: 'class', name: `Class ${c + 1}`, parentId: grade.id }));
  const hash = await hashPassword(PASSWORD);
  const now = Date.now();
  const admin = await insertUser(k, {
    account: ACCOUNT,
    password_hash: hash,
    nickname: ACCOUNT,
    status: 'enabled',
    default_pass: false,
    password_changed_at: now,
    user_type: 'staff',
    parent_id: null,
    super_admin: false,
  });
  await grantRole(k, admin, 1, bureau.id);
  await grantIdentity(k, admin, 1, bureau.id);

  const seeds: StudentSeed[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < STUDENTS; i++) {
    const account = `bench_student_${i}`;
    const userId = await insertUser(k, {
      account,
      password_hash: hash,
      nickname: account,
      status: 'enabled',
      default_pass: false,
      password_changed_at: now,
      user_type: 'staff',
      parent_id: null,
      super_admin: false,
    });
    const klass = classes[i % CLASSES] as { id: number };
    await grantIdentity(k, userId, 2, klass.id);
    // The session a bound student holds on H5 (identity 2, no role), as binding leaves it.
    const token = newToken();
    await insertSession(
      k,
      {
        tokenHash: tokenHash(token),
        userId,
        roleId: null,
        identityId: 2,
        runAsBy: null,
        expiresAt: now + 86_400_000,
        ip: null,
        userAgent: null,
        deviceId: null,
      },
      now,
    );
    tokens.push(token);
    seeds.push({
      org_id: klass.id,
      school_id: school.id,
      grade_id: grade.id,
      name: `Student ${i}`,
      student_no: `S${i}`,
      user_id: userId,
    });
  }
  const ids = await insertStudents(k, seeds);
  return {
    bureauId: bureau.id,
    schoolId: school.id,
    students: ids.map((id, i) => ({ id, token: tokens[i] as string })),
  };
}

async function call(base: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-authorization': token },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string; data: { id: number; token: string } };
  if (json.code !== 200) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

/** A 100-item MHT sheet: one in ten answers "yes" often enough to reach the guidance band and its warning. */
function mhtSheet(n: number): Record<string, string> {
  const heavy = n % 10 === 0;
  const answers: Record<string, string> = {};
  for (let item = 1; item <= 100; item++) {
    const validity = item >= 82 && item % 2 === 0;
    const yes = !validity && (item * 31 + n * 17) % 100 < (heavy ? 85 : 40);
    answers[String(item)] = yes ? 'A' : 'B';
  }
  return answers;
}

async function runEngine(engine: 'SQLite' | 'PostgreSQL'): Promise<Figure[]> {
  const target = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: target.url, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }, 'bench');
  const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
  try {
    await migrateToLatest(db, allMigrations);
    const world = await seed(db);
    const mht = await db.kysely.selectFrom('scales').select('id').where('code', '=', 'MHT').executeTakeFirstOrThrow();
    const app = await buildApp({ config, db, logger: pino({ level: 'silent' }) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/apis-authz/authz/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: ACCOUNT, password: PASSWORD }),
    });
    const admin = ((await login.json()) as { data: { token: string } }).data.token;
    const taskIds: number[] = [];
    for (let n = 0; n <= TASKS; n++) {
      const task = await call(base, admin, '/apis-psychology/survey/record/createTask', {
        name: `Bench ${n}`,
        scaleIds: [mht.id],
        targets: { schoolIds: [world.schoolId] },
        startsAt: Date.now() - 60_000,
        endsAt: Date.now() + 3_600_000,
      });
      await call(base, admin, '/apis-psychology/survey/task/publish', { id: task.id });
      taskIds.push(task.id);
    }
    await sql`analyze`.execute(db.kysely);
    const submission = (taskId: number, n: number): LoadRequest => {
      const student = world.students[n % STUDENTS] as World['students'][number];
      return {
        url: `${base}/api/apis-psychology/h5/survey/submit`,
        token: student.token,
        body: { taskId, scaleId: mht.id, answers: mhtSheet(n) },
      };
    };
    // The first task warms both sides up (JIT, caches, the pinned definition); it is not measured.
    await loadInWorker({
      requests: Array.from({ length: WARM_UP }, (_, n) => submission(taskIds[0] as number, n)),
      concurrency: CONCURRENCY,
      warmUp: 0,
    });
    const total = STUDENTS * TASKS;
    const requests = Array.from({ length: total }, (_, n) =>
      submission(taskIds[1 + Math.floor(n / STUDENTS)] as number, n),
    );
    const started = performance.now();
    const cpu = process.cpuUsage();
    const api = await loadInWorker({ requests, concurrency: CONCURRENCY, warmUp: 0 });
    const perSecond = total / ((performance.now() - started) / 1000);
    // The server's own CPU per submission (the clients run in their thread, counted too but small):
    // machine load inflates it less than wall time.
    const used = process.cpuUsage(cpu);
    const cpuPerSubmit = (used.user + used.system) / 1000 / total;
    await app.close();
    const warnings = await db.kysely
      .selectFrom('warnings')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();

    // The peer: the same result row inserted bare, as many times, at the same concurrency.
    const sample = await db.kysely.selectFrom('assessment_results').selectAll().limit(1).executeTakeFirstOrThrow();
    const { id: _id, ...row } = sample;
    const values = { ...row, score: toJson(row.score), answers: toJson(row.answers), valid: Boolean(row.valid) };
    const bare: number[] = [];
    let next = 0;
    const bareStarted = performance.now();
    const bareCpu = process.cpuUsage();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < total) {
          next++;
          const t0 = performance.now();
          await db.kysely.insertInto('assessment_results').values(values).execute();
          bare.push(performance.now() - t0);
        }
      }),
    );
    const barePerSecond = total / ((performance.now() - bareStarted) / 1000);
    const used2 = process.cpuUsage(bareCpu);
    const cpuPerInsert = (used2.user + used2.system) / 1000 / total;
    bare.sort((a, b) => a - b);
    const p99 = percentile(api, 0.99);
    const label = `${engine}, ${total.toLocaleString('en')} MHT sheets, ${CONCURRENCY} concurrent, ${warnings.n} warnings opened`;
    return [
      {
        name: `MHT submissions per second over HTTP (${label})`,
        value: perSecond,
        unit: '/s',
        peer: 'bare result inserts per second',
        peerValue: barePerSecond,
      },
      {
        name: `process CPU per MHT submission (${engine})`,
        value: cpuPerSubmit,
        unit: 'ms',
        peer: 'CPU per bare insert',
        peerValue: cpuPerInsert,
      },
      {
        name: `MHT submission p99 over HTTP (${engine})`,
        value: p99,
        unit: 'ms',
        peer: 'bare insert p99',
        peerValue: percentile(bare, 0.99),
      },
      {
        name: `MHT submissions per second (${engine})`,
        value: perSecond,
        unit: '/s',
        peer: 'target',
        peerValue: TARGET_PER_SECOND,
        target: { ratio: 1, meaning: `at least ${TARGET_PER_SECOND} per second` },
      },
      {
        name: `MHT submission p99 budget (${engine})`,
        value: TARGET_P99_MS,
        unit: 'ms',
        peer: 'p99 over HTTP',
        peerValue: p99,
        target: { ratio: 1, meaning: `p99 under ${TARGET_P99_MS} ms` },
      },
    ];
  } finally {
    await db.close();
    await target.drop();
  }
}

/**
 * 100-item MHT sheets submitted through the H5 API by 500 students at 50 concurrent requests:
 * each checked, scored, stored and warning-checked; beside the bare insert of a result row.
 * On SQLite, and on PostgreSQL when TEST_PG_URL is set.
 */
export function assessments(): Promise<Figure[]> {
  return onBothEngines(runEngine);
}
