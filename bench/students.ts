import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../packages/server/src/app.ts';
import { allMigrations } from '../packages/server/src/features.ts';
import { DemoRandom, idCardNumber, personName } from '../packages/server/src/mind/demo/names.ts';
import { studentPage } from '../packages/server/src/mind/people/students/repository.ts';
import { type StudentScope, studentScopeOf } from '../packages/server/src/mind/people/students/scope.ts';
import { insertStudents, type StudentSeed } from '../packages/server/src/mind/people/students/testing.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { type Db, openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { grantIdentity, grantRole, insertUser } from '../packages/server/src/portal/accounts/repository.ts';
import { hashPassword } from '../packages/server/src/portal/identity/secrets.ts';
import type { OrgType } from '../packages/server/src/portal/identity/tables.ts';
import { createTestDatabase } from '../packages/server/test/db.ts';
import { loadInWorker, onBothEngines, percentile } from './load.ts';
import type { Figure } from './run.ts';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500_000);
const SCHOOLS = 30;
const GRADES_PER_SCHOOL = 10;
const CLASSES_PER_GRADE = 33;
/** Students per transaction: a few thousand, so that a batch neither holds the writer long nor costs a commit per row. */
const BATCH = 5000;
const CONCURRENCY = 50;
const REQUESTS = 2000;
const ACCOUNT = 'bench_bureau';
const PASSWORD = 'Bench#2026';
const TARGET_P95_MS = 100;

interface Klass {
  id: number;
  gradeId: number;
  schoolId: number;
}

/** One level of the organisation tree in one statement, then its paths from the parents' in one more. */
async function insertLevel(
  db: Db,
  type: OrgType,
  depth: number,
  parents: Array<number | null>,
  names: (i: number) => string,
) {
  const at = Date.now();
  const ids: number[] = [];
  for (let i = 0; i < parents.length; i += 1000) {
    const rows = await db.kysely
      .insertInto('orgs')
      .values(
        parents.slice(i, i + 1000).map((parent_id, j) => ({
          parent_id,
          type,
          name: names(i + j),
          code: null,
          path: '/',
          depth,
          sort: i + j,
          status: 'enabled' as const,
          logo: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  await sql`update orgs set path = coalesce((select p.path from orgs p where p.id = orgs.parent_id), '/') || cast(id as text) || '/' where depth = ${depth}`.execute(
    db.kysely,
  );
  return ids;
}

/**
 * A bureau over 30 schools of 10 grades of 33 classes: 9,900 classes of about 50. With `subDistricts`,
 * the schools lie round that many sub-district bureaus under the district's (the streets' walls).
 */
async function seedTree(db: Db, subDistricts = 0): Promise<{ bureauId: number; nodeIds: number[]; classes: Klass[] }> {
  const [bureauId] = (await insertLevel(db, 'bureau', 0, [null], () => 'Bench Bureau')) as [number];
  const nodeIds = await insertLevel(db, 'bureau', 1, Array(subDistricts).fill(bureauId), (i) => `Street ${i + 1}`);
  const top = nodeIds.length > 0 ? 2 : 1;
  const schoolParents = Array.from({ length: SCHOOLS }, (_, i) => nodeIds[i % Math.max(1, nodeIds.length)] ?? bureauId);
  const schools = await insertLevel(db, 'school', top, schoolParents, (i) => `School ${i + 1}`);
  const gradeParents = schools.flatMap((s) => Array(GRADES_PER_SCHOOL).fill(s) as number[]);
  const grades = await insertLevel(db, 'grade', top + 1, gradeParents, (i) => `Grade ${(i % GRADES_PER_SCHOOL) + 1}`);
  const classParents = grades.flatMap((g) => Array(CLASSES_PER_GRADE).fill(g) as number[]);
  const classIds = await insertLevel(db, 'class', top + 2, classParents, (i) => `Class ${(i % CLASSES_PER_GRADE) + 1}`);
  const classes = classIds.map((id, i) => {
    const g = Math.floor(i / CLASSES_PER_GRADE);
    return { id, gradeId: grades[g] as number, schoolId: gradeParents[g] as number };
  });
  return { bureauId, nodeIds, classes };
}

/** Students spread round the classes as an import of many schools would leave them, a transaction per batch. */
async function seedStudents(db: Db, classes: Klass[], count: number): Promise<void> {
  const rng = new DemoRandom(7);
  for (let start = 0; start < count; start += BATCH) {
    const rows: StudentSeed[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const k = classes[i % classes.length] as Klass;
      const gender = rng.next() < 0.52 ? 'male' : 'female';
      const birthday = `20${String(8 + (i % 10)).padStart(2, '0')}-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`;
      rows.push({
        org_id: k.id,
        school_id: k.schoolId,
        grade_id: k.gradeId,
        name: personName(rng, gender),
        student_no: `S${i}`,
        gender,
        birthday,
        id_card: idCardNumber('330106', birthday, i, gender),
        enrol_year: 2016 + (i % 10),
      });
    }
    await db.kysely.transaction().execute((trx) => insertStudents(trx, rows).then(() => undefined));
  }
}

/**
 * What autovacuum (PostgreSQL) or a maintenance run (SQLite) does after a bulk load: fresh statistics
 * for the planner and, on PostgreSQL, a visibility map so that counts stay on the index.
 */
export async function afterBulkLoad(db: Db): Promise<void> {
  await sql.raw(db.engine === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db.kysely);
}

/**
 * A district of `count` students round 9,900 classes of 30 schools (under `subDistricts` streets when
 * asked), and its bureau administrator `account`, whose role sees every screen of the bureau.
 */
export async function seedDistrict(
  db: Db,
  options: { students: number; account: string; password: string; subDistricts?: number },
) {
  const tree = await seedTree(db, options.subDistricts);
  await seedStudents(db, tree.classes, options.students);
  const userId = await insertUser(db.kysely, {
    account: options.account,
    password_hash: await hashPassword(options.password),
    nickname: options.account,
    status: 'enabled',
    default_pass: false,
    password_changed_at: Date.now(),
    user_type: 'staff',
    dept_id: tree.bureauId,
  });
  await grantRole(db.kysely, userId, 1, tree.bureauId);
  await grantIdentity(db.kysely, userId, 1, tree.bureauId);
  return { ...tree, userId };
}

/** Signs in over HTTP and answers the session token. */
export async function signIn(base: string, account: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/apis-authz/authz/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The session's scope as the repositories take it, for the same calls without HTTP. */
export function benchScope(db: Db, userId: number, account: string): Promise<StudentScope> {
  return studentScopeOf(db.kysely, {
    sessionId: 0,
    userId,
    account,
    nickname: account,
    roleId: 1,
    identityId: 1,
    runAsBy: null,
    superAdmin: false,
    permissions: [],
    lang: null,
  });
}

const cpuMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

/** Runs `REQUESTS` calls, `CONCURRENCY` at a time; each call's latency in ms, sorted. */
async function measure(call: (n: number) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const n = next++;
        const start = performance.now();
        await call(n);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

/** The n-th request's filter: a school, one of its grades and one of that grade's classes, spread over the district. */
function filterFor(classes: Klass[], n: number) {
  const k = classes[(n * 7919) % classes.length] as Klass;
  return { schoolId: k.schoolId, gradeId: k.gradeId, classId: k.id };
}

async function runEngine(engine: 'SQLite' | 'PostgreSQL'): Promise<Figure[]> {
  const target = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: target.url, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }, 'bench');
  const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
  try {
    await migrateToLatest(db, allMigrations);
    const seeding = performance.now();
    const { classes, userId } = await seedDistrict(db, { students: STUDENTS, account: ACCOUNT, password: PASSWORD });
    await afterBulkLoad(db);
    console.log(
      `students bench (${engine}): seeded ${STUDENTS.toLocaleString('en')} students in ${Math.round((performance.now() - seeding) / 1000)} s`,
    );

    const app = await buildApp({ config, db, logger: pino({ level: 'silent' }) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await signIn(base, ACCOUNT, PASSWORD);
    const WARM_UP = 100;
    // The server's own CPU per request, which machine load does not inflate the way it does latencies.
    let cpu = process.threadCpuUsage();
    const api = await loadInWorker({
      requests: Array.from({ length: REQUESTS }, (_, n) => ({
        url: `${base}/api/apis-user/student/page`,
        token,
        body: { ...filterFor(classes, n), page: 1, size: 20 },
      })),
      concurrency: CONCURRENCY,
      warmUp: WARM_UP,
    });
    const apiCpu = cpuMicros(process.threadCpuUsage(cpu)) / (REQUESTS + WARM_UP);
    await app.close();

    // The same scope, filter and page straight on the repository: no HTTP, session, envelope or names.
    const scope = await benchScope(db, userId, ACCOUNT);
    cpu = process.threadCpuUsage();
    const bare = await measure(async (n) => {
      await studentPage(db.kysely, scope, filterFor(classes, n), { page: 1, size: 20 });
    });
    const bareCpu = cpuMicros(process.threadCpuUsage(cpu)) / REQUESTS;
    const p95 = percentile(api, 0.95);
    const label = `${engine}, ${STUDENTS.toLocaleString('en')} students, school+grade+class, ${CONCURRENCY} concurrent`;
    return [
      {
        name: `student list p50 over HTTP (${label})`,
        value: percentile(api, 0.5),
        unit: 'ms',
        peer: 'bare query p50',
        peerValue: percentile(bare, 0.5),
      },
      {
        name: `student list p95 over HTTP (${label})`,
        value: p95,
        unit: 'ms',
        peer: 'bare query p95',
        peerValue: percentile(bare, 0.95),
      },
      {
        name: `student list CPU of the server's thread per request (${engine})`,
        value: apiCpu,
        unit: 'µs',
        peer: 'bare query CPU per call',
        peerValue: bareCpu,
      },
      {
        name: `student list p95 budget (${engine})`,
        value: TARGET_P95_MS,
        unit: 'ms',
        peer: 'p95 over HTTP',
        peerValue: p95,
        target: { ratio: 1, meaning: `p95 under ${TARGET_P95_MS} ms` },
      },
    ];
  } finally {
    await db.close();
    await target.drop();
  }
}

/**
 * The student list filtered by school, grade and class with 500,000 students across 30 schools,
 * through the HTTP API as the bureau administrator at 50 concurrent requests, beside the bare
 * repository query; on SQLite, and on PostgreSQL when TEST_PG_URL is set.
 */
export function students(): Promise<Figure[]> {
  return onBothEngines(runEngine);
}
