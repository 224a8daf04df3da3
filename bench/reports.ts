import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../packages/server/src/app.ts';
import { allMigrations } from '../packages/server/src/features.ts';
import { bandCounts, groupFigures } from '../packages/server/src/mind/assessments/report-repository.ts';
import { type StudentScope, studentScopeOf } from '../packages/server/src/mind/people/students/scope.ts';
import { insertStudents, type StudentSeed } from '../packages/server/src/mind/people/students/testing.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { type Db, openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { toJson } from '../packages/server/src/platform/db/sql.ts';
import { grantIdentity, grantRole, insertUser } from '../packages/server/src/portal/accounts/repository.ts';
import { hashPassword } from '../packages/server/src/portal/identity/secrets.ts';
import { createTestDatabase } from '../packages/server/test/db.ts';
import { buildOrg } from '../packages/server/test/factories.ts';
import { onBothEngines, percentile } from './load.ts';
import type { Figure } from './run.ts';

const RESULTS = Number(process.env.BENCH_RESULTS ?? 50_000);
const SCHOOLS = 10;
const GRADES = 5;
const CLASSES = 10;
/** Results per insert: 17 columns each, well under both engines' bound-parameter limits. */
const BATCH = 1000;
const RUNS = 20;
const ACCOUNT = 'bench_report_bureau';
const PASSWORD = 'Bench#2026';
const TARGET_MS = 2000;
const BANDS = ['minimal', 'mild', 'moderate', 'moderatelySevere', 'severe'];

interface Klass {
  id: number;
  gradeId: number;
  schoolId: number;
}

/** A bureau over 10 schools of 5 grades of 10 classes, and one student per result spread round the classes. */
async function seed(db: Db) {
  const k = db.kysely;
  const bureau = await buildOrg(k, { type: 'bureau', name: 'Bench Bureau' });
  const classes: Klass[] = [];
  for (let s = 0; s < SCHOOLS; s++) {
    const school = await buildOrg(k, { type: 'school', name: `School ${s + 1}`, parentId: bureau.id });
    for (let g = 0; g < GRADES; g++) {
      const grade = await buildOrg(k, { type: 'grade', name: `Grade ${g + 1}`, parentId: school.id });
      for (let c = 0; c < CLASSES; c++) {
        const klass = await buildOrg(k, { type: 'class', name: `Class ${c + 1}`, parentId: grade.id });
        classes.push({ id: klass.id, gradeId: grade.id, schoolId: school.id });
      }
    }
  }
  const seeds: StudentSeed[] = Array.from({ length: RESULTS }, (_, i) => {
    const klass = classes[i % classes.length] as Klass;
    return {
      org_id: klass.id,
      school_id: klass.schoolId,
      grade_id: klass.gradeId,
      name: `Student ${i}`,
      student_no: `S${i}`,
      gender: i % 2 === 0 ? 'male' : 'female',
    };
  });
  const studentIds = await insertStudents(k, seeds);

  const scale = await k
    .selectFrom('scales')
    .select(['id', 'current_version_id'])
    .where('code', '=', 'PHQ-9')
    .executeTakeFirstOrThrow();
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
  await grantRole(k, admin, 1, bureau.id);
  await grantIdentity(k, admin, 1, bureau.id);
  const task = await k
    .insertInto('assessment_tasks')
    .values({
      org_id: bureau.id,
      org_path: bureau.path,
      name: 'Bench screening',
      kind: 'student',
      rater: null,
      state: 'ended',
      targets: toJson({}),
      starts_at: now - 86_400_000,
      ends_at: now,
      retest: false,
      show_report: false,
      max_minutes: null,
      assignee_count: RESULTS,
      created_by: admin,
      created_at: now,
      updated_at: now,
      published_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // PHQ-9 sheets as a screening leaves them: totals 0-27, about one in eight raising a warning.
  for (let start = 0; start < RESULTS; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(RESULTS, start + BATCH); i++) {
      const klass = classes[i % classes.length] as Klass;
      const total = (i * 7) % 28;
      const band = BANDS[total < 5 ? 0 : total < 10 ? 1 : total < 15 ? 2 : total < 20 ? 3 : 4] as string;
      const items = Object.fromEntries(Array.from({ length: 9 }, (_, n) => [String(n + 1), (total + n) % 4]));
      rows.push({
        task_id: task.id,
        assignee_id: i + 1,
        scale_id: scale.id,
        version_id: scale.current_version_id ?? 0,
        student_id: studentIds[i] as number,
        respondent_id: admin,
        school_id: klass.schoolId,
        grade_id: klass.gradeId,
        class_id: klass.id,
        valid: i % 50 !== 0,
        total,
        band,
        warning_level: total >= 20 ? 'orange' : i % 97 === 0 ? 'red' : null,
        score: toJson({
          valid: true,
          invalid: [],
          raw: total,
          total,
          band,
          factors: [],
          items,
          flags: [],
          warnings: [],
        }),
        answers: toJson(Object.fromEntries(Object.keys(items).map((key) => [key, 'B']))),
        attempt: 1,
        duration_ms: 120_000,
        submitted_at: now - i * 1000,
      });
    }
    await k.insertInto('assessment_results').values(rows).execute();
  }
  await sql.raw(db.engine === 'postgres' ? 'vacuum analyze' : 'analyze').execute(k);
  return { adminId: admin, scaleId: scale.id };
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
    const seeding = performance.now();
    const { adminId, scaleId } = await seed(db);
    console.log(
      `reports bench (${engine}): seeded ${RESULTS.toLocaleString('en')} results in ${Math.round((performance.now() - seeding) / 1000)} s`,
    );
    const app = await buildApp({ config, db, logger: pino({ level: 'silent' }) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/apis-authz/authz/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: ACCOUNT, password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const report = async (by: string) => {
      const res = await fetch(`${base}/api/apis-psychology/cp/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-authorization': token },
        body: JSON.stringify({ scaleId, by }),
      });
      const json = (await res.json()) as { code: number; message: string; data: { results: number } };
      if (json.code !== 200 || json.data.results !== RESULTS) throw new Error(`cp/report: ${json.message}`);
    };
    await report('class');
    const byClass = await timed(RUNS, () => report('class'));
    const byGender = await timed(RUNS, () => report('gender'));
    await app.close();

    // The same two aggregates straight on the repository: no HTTP, session, names or norm.
    const scope: StudentScope = await studentScopeOf(db.kysely, {
      sessionId: 0,
      userId: adminId,
      account: ACCOUNT,
      nickname: ACCOUNT,
      roleId: 1,
      identityId: 1,
      runAsBy: null,
      superAdmin: false,
      permissions: [],
      lang: null,
    });
    const bare = await timed(RUNS, () =>
      Promise.all([groupFigures(db.kysely, scope, { scaleId }, 'class'), bandCounts(db.kysely, scope, { scaleId })]),
    );
    const worst = Math.max(byClass.at(-1) ?? 0, byGender.at(-1) ?? 0);
    const label = `${engine}, ${RESULTS.toLocaleString('en')} results, bureau of ${SCHOOLS} schools`;
    return [
      {
        name: `group report by class p50 over HTTP (${label})`,
        value: percentile(byClass, 0.5),
        unit: 'ms',
        peer: 'bare aggregate queries p50',
        peerValue: percentile(bare, 0.5),
      },
      {
        name: `group report by gender p50 over HTTP (${label})`,
        value: percentile(byGender, 0.5),
        unit: 'ms',
        peer: 'bare aggregate queries p50',
        peerValue: percentile(bare, 0.5),
      },
      {
        name: `group report budget (${engine})`,
        value: TARGET_MS,
        unit: 'ms',
        peer: `slowest of ${RUNS * 2} reports over HTTP`,
        peerValue: worst,
        target: { ratio: 1, meaning: `every report under ${TARGET_MS} ms` },
      },
    ];
  } finally {
    await db.close();
    await target.drop();
  }
}

/**
 * The group report (`cp/report`) of one scale over 50,000 results as the bureau administrator,
 * by class and by gender, through the HTTP API beside the bare aggregate queries of the same
 * scope; on SQLite, and on PostgreSQL when TEST_PG_URL is set.
 */
export function reports(): Promise<Figure[]> {
  return onBothEngines(runEngine);
}
