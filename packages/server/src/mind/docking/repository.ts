import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains } from '../../platform/db/sql.ts';
import type { StudentScope } from '../people/students/scope.ts';
import type { DockingBatchesTable, DockingConfigsTable, DockingRecordsTable, DockingResyncsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The organisation a scope's settings belong to: its first organisation; 0 for the whole deployment. */
export async function ownerOf(db: Kysely<Database>, scope: StudentScope): Promise<number> {
  const path = scope.orgPaths[0];
  if (scope.all || path === undefined) return 0;
  const row = await db.selectFrom('orgs').select('id').where('path', '=', path).executeTakeFirst();
  return row ? Number(row.id) : 0;
}

export const readConfig = (db: Kysely<Database>, ownerOrgId: number) =>
  db.selectFrom('docking_configs').selectAll().where('owner_org_id', '=', ownerOrgId).executeTakeFirst();

export async function writeConfig(db: Kysely<Database>, row: Omit<DockingConfigsTable, 'id'>): Promise<void> {
  await db
    .insertInto('docking_configs')
    .values(row)
    .onConflict((oc) =>
      oc.column('owner_org_id').doUpdateSet({
        base_url: row.base_url,
        app_id: row.app_id,
        sealed_secret: row.sealed_secret,
        school_ids: row.school_ids,
        kinds: row.kinds,
        mapping: row.mapping,
        resync_per_minute: row.resync_per_minute,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** A window of a source: rows after `after` (by id), at most `limit`; all when absent. */
export interface SourceWindow {
  after?: number;
  limit?: number;
}

/** The students of these schools, with what the platform is told about each. */
export async function studentsOf(db: Db, schoolIds: number[], win: SourceWindow = {}) {
  if (schoolIds.length === 0) return [];
  return db
    .selectFrom('students as s')
    .innerJoin('orgs as o', 'o.id', 's.school_id')
    .leftJoin('orgs as g', 'g.id', 's.grade_id')
    .select([
      's.id',
      's.school_id',
      'o.name as school_name',
      's.name',
      's.student_no',
      's.gender',
      's.id_card',
      'g.name as grade_name',
    ])
    .where('s.school_id', 'in', schoolIds)
    .$if(win.after !== undefined, (q) => q.where('s.id', '>', win.after as number))
    .orderBy('s.id')
    .$if(win.limit !== undefined, (q) => q.limit(win.limit as number))
    .execute();
}

/** The valid assessment results of students of these schools, with their scale. */
export async function resultsOf(db: Db, schoolIds: number[], win: SourceWindow = {}) {
  if (schoolIds.length === 0) return [];
  return db
    .selectFrom('assessment_results as r')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .innerJoin('orgs as o', 'o.id', 'r.school_id')
    .innerJoin('scales as c', 'c.id', 'r.scale_id')
    .select([
      'r.id',
      'r.school_id',
      'o.name as school_name',
      'r.student_id',
      's.name',
      's.student_no',
      's.id_card',
      'c.code as scale_code',
      'r.total',
      'r.band',
      'r.warning_level',
      'r.submitted_at',
    ])
    .where('r.school_id', 'in', schoolIds)
    .where('r.valid', '=', true)
    .$if(win.after !== undefined, (q) => q.where('r.id', '>', win.after as number))
    .orderBy('r.id')
    .$if(win.limit !== undefined, (q) => q.limit(win.limit as number))
    .execute();
}

/** The warnings about students of these schools, whatever their state (the platform follows it). */
export async function warningsOf(db: Db, schoolIds: number[], win: SourceWindow = {}) {
  if (schoolIds.length === 0) return [];
  return db
    .selectFrom('warnings as w')
    .innerJoin('students as s', 's.id', 'w.student_id')
    .innerJoin('orgs as o', 'o.id', 'w.school_id')
    .select([
      'w.id',
      'w.school_id',
      'o.name as school_name',
      'w.student_id',
      's.name',
      's.student_no',
      's.id_card',
      'w.level',
      'w.source_type',
      'w.state',
      'w.created_at',
      'w.closed_at',
    ])
    .where('w.school_id', 'in', schoolIds)
    .$if(win.after !== undefined, (q) => q.where('w.id', '>', win.after as number))
    .orderBy('w.id')
    .$if(win.limit !== undefined, (q) => q.limit(win.limit as number))
    .execute();
}

/** The interventions recorded on warnings of these schools: what was done and when, never the notes. */
export async function interventionsOf(db: Db, schoolIds: number[], win: SourceWindow = {}) {
  if (schoolIds.length === 0) return [];
  return db
    .selectFrom('interventions as i')
    .innerJoin('students as s', 's.id', 'i.student_id')
    .innerJoin('orgs as o', 'o.id', 'i.school_id')
    .select([
      'i.id',
      'i.school_id',
      'o.name as school_name',
      'i.student_id',
      'i.warning_id',
      's.name',
      's.student_no',
      's.id_card',
      'i.kind',
      'i.method',
      'i.happened_at',
      'i.next_follow_up_at',
    ])
    .where('i.school_id', 'in', schoolIds)
    .$if(win.after !== undefined, (q) => q.where('i.id', '>', win.after as number))
    .orderBy('i.id')
    .$if(win.limit !== undefined, (q) => q.limit(win.limit as number))
    .execute();
}

/** How many records each kind makes of these schools, for a resync's progress. */
export async function sourceCounts(db: Db, schoolIds: number[]) {
  if (schoolIds.length === 0) return { student: 0, result: 0, warning: 0, intervention: 0 };
  const n = async (q: Promise<{ n: string | number | bigint } | undefined>) => Number((await q)?.n ?? 0);
  return {
    student: await n(
      db
        .selectFrom('students')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('school_id', 'in', schoolIds)
        .executeTakeFirst(),
    ),
    result: await n(
      db
        .selectFrom('assessment_results')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('school_id', 'in', schoolIds)
        .where('valid', '=', true)
        .executeTakeFirst(),
    ),
    warning: await n(
      db
        .selectFrom('warnings')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('school_id', 'in', schoolIds)
        .executeTakeFirst(),
    ),
    intervention: await n(
      db
        .selectFrom('interventions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('school_id', 'in', schoolIds)
        .executeTakeFirst(),
    ),
  };
}

/** The keys among these the platform already has a row for, with their state and id. */
export async function knownKeys(db: Db, keys: string[]) {
  const known = new Map<string, string>();
  const ids = new Map<string, number>();
  // Chunked: a district's records can exceed a statement's parameter limit.
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('docking_records')
      .select(['id', 'record_key', 'state'])
      .where('record_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      known.set(r.record_key, r.state);
      ids.set(r.record_key, Number(r.id));
    }
  }
  return Object.assign(known, { ids });
}

export async function insertBatch(db: Db, row: Omit<DockingBatchesTable, 'id'>): Promise<number> {
  const { id } = await db.insertInto('docking_batches').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function insertRecords(db: Db, rows: Array<Omit<DockingRecordsTable, 'id'>>): Promise<void> {
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .insertInto('docking_records')
      .values(rows.slice(i, i + 50))
      // Two pushes at once: the second leaves the first one's rows as they are.
      .onConflict((oc) => oc.column('record_key').doNothing())
      .execute();
  }
}

/** Puts records into a batch to be sent again. */
export async function requeueRecords(
  db: Db,
  ids: number[],
  batchId: number,
  at: number,
  payloads?: Map<number, string>,
) {
  if (ids.length === 0) return;
  if (payloads) {
    for (const [id, payload] of payloads) {
      await db.updateTable('docking_records').set({ payload }).where('id', '=', id).execute();
    }
  }
  await db
    .updateTable('docking_records')
    .set({ state: 'resend', batch_id: batchId, updated_at: at })
    .where('id', 'in', ids)
    .execute();
}

export const findBatch = (db: Kysely<Database>, id: number) =>
  db.selectFrom('docking_batches').selectAll().where('id', '=', id).executeTakeFirst();

/** The records a batch carries that still wait to be sent. */
export const waitingRecordsOf = (db: Kysely<Database>, batchId: number) =>
  db
    .selectFrom('docking_records')
    .select(['id', 'record_key', 'kind', 'payload', 'student_id'])
    .where('batch_id', '=', batchId)
    .where('state', 'in', ['pending', 'resend'])
    .orderBy('id')
    .execute();

/** Writes what the platform answered for a batch, in one transaction. */
export async function recordOutcome(
  db: Kysely<Database>,
  batchId: number,
  outcome: {
    accepted: string[];
    refused: Array<{ key: string; reason: string }>;
    /** Failed here, never sent: the field mapping cannot translate them. */
    unsent?: Array<{ key: string; reason: string }>;
    attempts: number;
  },
  at: number,
): Promise<void> {
  const unsent = outcome.unsent ?? [];
  await db.transaction().execute(async (trx) => {
    for (const r of unsent) {
      await trx
        .updateTable('docking_records')
        .set({ state: 'failed', reason: r.reason, updated_at: at })
        .where('batch_id', '=', batchId)
        .where('record_key', '=', r.key)
        .execute();
    }
    for (let i = 0; i < outcome.accepted.length; i += 500) {
      await trx
        .updateTable('docking_records')
        .set((eb) => ({ state: 'sent', reason: null, sent_at: at, updated_at: at, sends: eb('sends', '+', 1) }))
        .where('batch_id', '=', batchId)
        .where('record_key', 'in', outcome.accepted.slice(i, i + 500))
        .execute();
    }
    for (const r of outcome.refused) {
      await trx
        .updateTable('docking_records')
        .set((eb) => ({ state: 'failed', reason: r.reason, updated_at: at, sends: eb('sends', '+', 1) }))
        .where('batch_id', '=', batchId)
        .where('record_key', '=', r.key)
        .execute();
    }
    await trx
      .updateTable('docking_batches')
      .set({
        state: 'sent',
        accepted: outcome.accepted.length,
        refused: outcome.refused.length + unsent.length,
        attempts: outcome.attempts,
        last_error: null,
        sent_at: at,
      })
      .where('id', '=', batchId)
      .execute();
  });
}

/** A failed attempt: the batch waits for its retry, or, on the last, its records fail with the reason. */
export async function recordAttemptFailed(
  db: Kysely<Database>,
  batchId: number,
  error: string,
  attempts: number,
  last: boolean,
  at: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('docking_batches')
      .set({ state: last ? 'failed' : 'retrying', attempts, last_error: error })
      .where('id', '=', batchId)
      .execute();
    if (last) {
      await trx
        .updateTable('docking_records')
        .set({ state: 'failed', reason: error, updated_at: at })
        .where('batch_id', '=', batchId)
        .where('state', 'in', ['pending', 'resend'])
        .execute();
    }
  });
}

export interface RecordFilter {
  state?: string | undefined;
  kind?: string | undefined;
  schoolId?: number | undefined;
  batchId?: number | undefined;
  keyword?: string | undefined;
  ids?: number[] | undefined;
}

function recordsIn(db: Kysely<Database>, scope: StudentScope, f: RecordFilter) {
  return db
    .selectFrom('docking_records as d')
    .innerJoin('orgs as o', 'o.id', 'd.school_id')
    .$if(!scope.all, (q) => q.where('d.school_id', 'in', scope.schoolIds.length ? scope.schoolIds : [0]))
    .$if(f.state !== undefined, (q) => q.where('d.state', '=', f.state as DockingRecordsTable['state']))
    .$if(f.kind !== undefined, (q) => q.where('d.kind', '=', f.kind as DockingRecordsTable['kind']))
    .$if(f.schoolId !== undefined, (q) => q.where('d.school_id', '=', f.schoolId as number))
    .$if(f.batchId !== undefined, (q) => q.where('d.batch_id', '=', f.batchId as number))
    .$if(f.ids !== undefined, (q) => q.where('d.id', 'in', f.ids?.length ? f.ids : [0]))
    .$if(f.keyword !== undefined, (q) => q.where(contains('d.payload', f.keyword as string)));
}

/** A page of the records of a scope, newest first. */
export async function recordPage(
  db: Kysely<Database>,
  scope: StudentScope,
  f: RecordFilter,
  page: number,
  size: number,
) {
  const [list, count] = await Promise.all([
    recordsIn(db, scope, f)
      .select([
        'd.id',
        'd.record_key',
        'd.kind',
        'd.school_id',
        'o.name as school_name',
        'd.payload',
        'd.state',
        'd.reason',
        'd.batch_id',
        'd.sends',
        'd.sent_at',
        'd.updated_at',
      ])
      .orderBy('d.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    recordsIn(db, scope, f)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.n) };
}

/** The ids, owners and states of records of a scope. */
export const recordsOfScope = (db: Kysely<Database>, scope: StudentScope, f: RecordFilter) =>
  recordsIn(db, scope, f)
    .select(['d.id', 'd.owner_org_id', 'd.kind', 'd.state', 'd.payload'])
    .orderBy('d.id')
    .execute();

/** A page of an owner's batches (every owner's for the whole deployment), newest first. */
export async function batchPage(
  db: Kysely<Database>,
  owner: number | null,
  state: string | undefined,
  page: number,
  size: number,
) {
  const base = db
    .selectFrom('docking_batches')
    .$if(owner !== null, (q) => q.where('owner_org_id', '=', owner as number))
    .$if(state !== undefined, (q) => q.where('state', '=', state as DockingBatchesTable['state']));
  const [list, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.n) };
}

/** The failed records (this one included) of the student record `id` is about. */
export async function failedOfSameStudent(db: Kysely<Database>, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom('docking_records as a')
    .innerJoin('docking_records as b', 'b.student_id', 'a.student_id')
    .select('b.id')
    .where('a.id', '=', id)
    .where('b.state', '=', 'failed')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The running resync of an owner, or its latest. */
export const latestResync = (db: Db, ownerOrgId: number) =>
  db
    .selectFrom('docking_resyncs')
    .selectAll()
    .where('owner_org_id', '=', ownerOrgId)
    .orderBy('id', 'desc')
    .executeTakeFirst();

export const findResync = (db: Db, id: number) =>
  db.selectFrom('docking_resyncs').selectAll().where('id', '=', id).executeTakeFirst();

/** Opens a resync; undefined when one of the owner runs already (the unique index on `running_owner`). */
export async function insertResync(db: Db, row: Omit<DockingResyncsTable, 'id'>): Promise<number | undefined> {
  const result = await db
    .insertInto('docking_resyncs')
    .values(row)
    .onConflict((oc) => oc.column('running_owner').doNothing())
    .returning('id')
    .executeTakeFirst();
  return result ? Number(result.id) : undefined;
}

/** Moves a resync's cursor after a step; only from the step it was at, so a step run twice moves it once. */
export async function advanceResync(
  db: Db,
  id: number,
  fromStep: number,
  next: Pick<DockingResyncsTable, 'cursor_kind' | 'cursor_id' | 'done' | 'batches'> & { finishedAt: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('docking_resyncs')
    .set({
      cursor_kind: next.cursor_kind,
      cursor_id: next.cursor_id,
      done: next.done,
      batches: next.batches,
      step: fromStep + 1,
      ...(next.finishedAt === null ? {} : { state: 'done', running_owner: null, finished_at: next.finishedAt }),
    })
    .where('id', '=', id)
    .where('step', '=', fromStep)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Refreshes what an existing record will send and queues it in a batch (a resync's "every record again"). */
export async function requeueWithPayload(db: Db, id: number, payload: string, batchId: number, at: number) {
  await db
    .updateTable('docking_records')
    .set({ payload, state: 'resend', reason: null, batch_id: batchId, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** The stored payloads of these keys (at most a batch's), by key. */
export async function payloadsOf(db: Db, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('docking_records')
    .select(['record_key', 'payload'])
    .where('record_key', 'in', keys)
    .execute();
  return new Map(rows.map((r) => [r.record_key, r.payload]));
}
