import type { AddressInfo } from 'node:net';
import { type RawBuilder, sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../packages/server/src/app.ts';
import { allMigrations } from '../packages/server/src/features.ts';
import { rebuildScreenCounts } from '../packages/server/src/mind/screens/repository.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { type Db, openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { toJson } from '../packages/server/src/platform/db/sql.ts';
import { createTestDatabase } from '../packages/server/test/db.ts';
import { loadInWorker, onBothEngines, percentile } from './load.ts';
import type { Figure } from './run.ts';
import { afterBulkLoad, seedDistrict, signIn } from './students.ts';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500_000);
/** Screenings every student answered: 4 of 500,000 make the 2 million results. */
const TASKS = 4;
/** One result in 40 raised a warning: 50,000 of 2 million. */
const WARNED_EVERY = 40;
const SUB_DISTRICTS = 3;
/** A control room's walls and the bureau's laptops refreshing at once, each call of each card. */
const CONCURRENCY = 10;
const REQUESTS = 200;
const WARM_UP = 20;
const ACCOUNT = 'bench_screen_bureau';
const PASSWORD = 'Bench#2026';
const TARGET_P95_MS = 300;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The screenings' starts, fixed instants (08:00 Beijing time) over two school years. */
const STARTS = [Date.UTC(2025, 8, 8), Date.UTC(2025, 10, 10), Date.UTC(2026, 2, 2), Date.UTC(2026, 4, 11)];

/** A JSON value built in SQL: text in SQLite, jsonb in PostgreSQL. */
const json = (db: Db, text: RawBuilder<string>) => (db.engine === 'postgres' ? sql`cast(${text} as jsonb)` : text);

/**
 * One bulk statement; on PostgreSQL without the foreign-key triggers, as `pg_restore --disable-triggers`
 * loads: the rows are made from the very students, tasks and sheets they point at, and a trigger per
 * row of two million would make the seeding most of the bench's ten minutes.
 */
async function bulk(db: Db, statement: RawBuilder<unknown>): Promise<void> {
  if (db.engine !== 'postgres') {
    await statement.execute(db.kysely);
    return;
  }
  await db.kysely.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await statement.execute(trx);
  });
}

/**
 * One screening of PHQ-9 over every student, as publishing and answering leave it: a sheet per
 * student, a result per sheet answered on the class's day, the sheet pointing at its result; one
 * result in 40 scored high enough to warn. Rows are made in the database a statement at a time.
 */
async function seedScreening(
  db: Db,
  n: number,
  scale: { id: number; versionId: number },
  by: { bureauId: number; userId: number },
) {
  const lit = sql.lit;
  const k = db.kysely;
  const startsAt = STARTS[n % STARTS.length] as number;
  const task = await k
    .insertInto('assessment_tasks')
    .values({
      org_id: by.bureauId,
      org_path: `/${by.bureauId}/`,
      name: `Screening ${n + 1}`,
      kind: 'student',
      rater: null,
      state: 'ended',
      targets: toJson({}),
      starts_at: startsAt,
      ends_at: startsAt + 14 * DAY_MS,
      retest: false,
      show_report: false,
      max_minutes: null,
      assignee_count: STUDENTS,
      created_by: by.userId,
      created_at: startsAt - DAY_MS,
      updated_at: startsAt,
      published_at: startsAt - DAY_MS,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k
    .insertInto('assessment_task_scales')
    .values({ task_id: task.id, scale_id: scale.id, version_id: scale.versionId, position: 0 })
    .execute();
  // Each class answers on one of the task's first five days, its students over the school day.
  const answered = sql<number>`${lit(startsAt)} + (s.org_id % 5) * ${lit(DAY_MS)} + (s.id % 8) * ${lit(HOUR_MS)}`;
  await bulk(
    db,
    sql`insert into assessment_assignees (task_id, scale_id, version_id, student_id, user_id, school_id, grade_id,
      class_id, state, answers, started_at, submitted_at, attempts, result_id, updated_at)
    select ${lit(task.id)}, ${lit(scale.id)}, ${lit(scale.versionId)}, s.id, null, s.school_id, s.grade_id, s.org_id, 'done',
      ${json(db, sql`'{}'`)}, ${answered} - 600000, ${answered}, 1, null, ${answered}
    from students s order by s.id`,
  );
  const total = sql<number>`(case when a.id % ${lit(WARNED_EVERY)} = 0 then 20 + a.id % 8 else (a.id * 7) % 20 end)`;
  const band = sql<string>`(case when ${total} < 5 then 'minimal' when ${total} < 10 then 'mild'
    when ${total} < 15 then 'moderate' when ${total} < 20 then 'moderatelySevere' else 'severe' end)`;
  const score = sql<string>`'{"valid":true,"invalid":[],"raw":' || cast(${total} as text) || ',"total":' ||
    cast(${total} as text) || ',"band":"' || ${band} || '","factors":[],"items":{},"flags":[],"warnings":[]}'`;
  await bulk(
    db,
    sql`insert into assessment_results (task_id, assignee_id, scale_id, version_id, student_id, respondent_id,
      school_id, grade_id, class_id, valid, total, band, warning_level, score, answers, attempt, duration_ms, submitted_at)
    select a.task_id, a.id, a.scale_id, a.version_id, a.student_id, ${lit(by.userId)}, a.school_id, a.grade_id, a.class_id,
      ${db.engine === 'postgres' ? sql`true` : sql`1`}, ${total}, ${band},
      case when a.id % ${lit(WARNED_EVERY)} = 0 then (case when ${total} >= 25 then 'red' else 'orange' end) else null end,
      ${json(db, score)}, ${json(db, sql`'{}'`)}, 1, 600000, a.submitted_at
    from assessment_assignees a where a.task_id = ${lit(task.id)} order by a.id`,
  );
  // Both statements numbered their rows in the same order: each sheet points at its own result.
  const first = await k
    .selectFrom('assessment_results')
    .select((eb) => [eb.fn.min('id').as('result'), eb.fn.min('assignee_id').as('assignee')])
    .where('task_id', '=', task.id)
    .executeTakeFirstOrThrow();
  await bulk(
    db,
    sql`update assessment_assignees set result_id = id + ${Number(first.result) - Number(first.assignee)}
    where task_id = ${task.id}`,
  );
  const astray = await sql<{ n: number }>`select count(*) as n from assessment_assignees a
    where a.task_id = ${task.id} and not exists (select 1 from assessment_results r where r.id = a.result_id and r.assignee_id = a.id)`.execute(
    k,
  );
  if (Number(astray.rows[0]?.n) !== 0)
    throw new Error(`screening ${n + 1}: ${astray.rows[0]?.n} sheets lost their result`);
}

/**
 * The warnings the warned results opened, at various stages: six in ten solved 1 to 72 hours after
 * opening, the others new, set up, published or being handled.
 */
async function seedWarnings(db: Db) {
  const reason = toJson({ 'zh-CN': 'PHQ-9 总分达到预警线', en: 'PHQ-9 total at the warning line' });
  await bulk(
    db,
    sql`insert into warnings (student_id, school_id, class_id, level, rule, reason, source_type, source_id, state,
      closed_at, created_at, updated_at)
    select r.student_id, r.school_id, r.class_id, r.warning_level, 'phq9.total', ${json(db, sql`${reason}`)}, 'assessment',
      r.id, case r.id % 10 when 6 then 'new' when 7 then 'setUp' when 8 then 'published' when 9 then 'intervening'
        else 'solved' end,
      case when r.id % 10 < 6 then r.submitted_at + (1 + r.id % 72) * ${sql.lit(HOUR_MS)} else null end,
      r.submitted_at, r.submitted_at
    from assessment_results r where r.warning_level is not null order by r.id`,
  );
}

async function seed(db: Db) {
  const district = await seedDistrict(db, {
    students: STUDENTS,
    account: ACCOUNT,
    password: PASSWORD,
    subDistricts: SUB_DISTRICTS,
  });
  const scale = await db.kysely
    .selectFrom('scales')
    .select(['id', 'current_version_id'])
    .where('code', '=', 'PHQ-9')
    .executeTakeFirstOrThrow();
  for (let n = 0; n < TASKS; n++) {
    await seedScreening(db, n, { id: scale.id, versionId: scale.current_version_id ?? 0 }, district);
  }
  await seedWarnings(db);
  // The summary tables as the product fills them from what is stored (decision 0072).
  await rebuildScreenCounts(db.kysely);
  await afterBulkLoad(db);
  const [results, warnings] = await Promise.all(
    (['assessment_results', 'warnings'] as const).map((table) =>
      db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
  );
  return { ...district, results: Number(results?.n), warnings: Number(warnings?.n) };
}

/**
 * Every call the district walls make (packages/web/src/mind/screens: DistrictScreen, its
 * sub-district and one-school views, the overview by stage, and the youth-soul homes), with the
 * filters their addresses give.
 */
function districtCalls(ids: { schoolId: number; orgId: number }): Array<[string, string]> {
  const { schoolId, orgId } = ids;
  return [
    ['schools compared (queryList)', 'screen/school/queryList'],
    ['results by band and grade (queryClassTj)', 'screen/school/queryClassTj'],
    ['warnings by level (warning/gauge)', 'warning/gauge'],
    ['by school stage (district/stages)', 'screen/district/stages'],
    ['trend by month (school/trend)', 'screen/school/trend'],
    ['overdue steps (queryPage)', 'screen/school/queryPage?size=8'],
    ['sub-districts (district/nodes)', 'screen/district/nodes'],
    ['one sub-district: schools compared', `screen/school/queryList?orgId=${orgId}`],
    ['one sub-district: results by band', `screen/school/queryClassTj?orgId=${orgId}`],
    ['one sub-district: warnings by level', `warning/gauge?orgId=${orgId}`],
    ['one sub-district: by school stage', `screen/district/stages?orgId=${orgId}`],
    ['one school: figures (queryList)', `screen/school/queryList?schoolId=${schoolId}`],
    ['one school: results by band and class', `screen/school/queryClassTj?schoolId=${schoolId}`],
    ['one school: warnings by level', `warning/gauge?schoolId=${schoolId}`],
    ['one school: warnings by grade (radarList)', `warning/radarList?schoolId=${schoolId}`],
    ['one school: trend by month', `screen/school/trend?schoolId=${schoolId}`],
  ];
}

async function runEngine(engine: 'SQLite' | 'PostgreSQL'): Promise<Figure[]> {
  const target = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: target.url, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }, 'bench');
  const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
  try {
    await migrateToLatest(db, allMigrations);
    const seeding = performance.now();
    const district = await seed(db);
    console.log(
      `screens bench (${engine}): seeded ${STUDENTS.toLocaleString('en')} students, ${district.results.toLocaleString('en')} results and ${district.warnings.toLocaleString('en')} warnings in ${Math.round((performance.now() - seeding) / 1000)} s`,
    );
    const app = await buildApp({ config, db, logger: pino({ level: 'silent' }) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await signIn(base, ACCOUNT, PASSWORD);
    const ids = { schoolId: district.classes[0]?.schoolId ?? 0, orgId: district.nodeIds[0] ?? 0 };
    const figures: Figure[] = [];
    try {
      for (const [label, path] of districtCalls(ids)) {
        const url = `${base}/api/apis-psychology/${path}`;
        // The server's own CPU per request, which the machine's load does not inflate the way it does latencies.
        const cpu = process.threadCpuUsage();
        const latencies = await loadInWorker({
          requests: Array.from({ length: REQUESTS }, () => ({ url, token })),
          concurrency: CONCURRENCY,
          warmUp: WARM_UP,
        });
        const used = process.threadCpuUsage(cpu);
        const cpuMs = (used.user + used.system) / 1000 / (REQUESTS + WARM_UP);
        const p95 = percentile(latencies, 0.95);
        console.log(
          `  ${engine} ${label}: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, server thread CPU ${cpuMs.toFixed(2)} ms a request`,
        );
        figures.push({
          name: `district screen ${label} budget (${engine}, ${STUDENTS.toLocaleString('en')} students, ${CONCURRENCY} concurrent)`,
          value: TARGET_P95_MS,
          unit: 'ms',
          peer: 'p95 over HTTP',
          peerValue: p95,
          target: { ratio: 1, meaning: `p95 under ${TARGET_P95_MS} ms` },
        });
      }
    } finally {
      await app.close();
    }
    return figures;
  } finally {
    await db.close();
    await target.drop();
  }
}

/**
 * The district screen's calls over a district of 500,000 students, 2 million results and 50,000
 * warnings, as its bureau administrator, 10 at a time through the HTTP API, each against 300 ms
 * p95; on SQLite, and on PostgreSQL when TEST_PG_URL is set. `BENCH_STUDENTS` shrinks the district.
 */
export function screens(): Promise<Figure[]> {
  return onBothEngines(runEngine);
}
