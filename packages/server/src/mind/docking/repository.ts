import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains } from '../../platform/db/sql.ts';
import type { StudentScope } from '../people/students/scope.ts';
import type { DockingBatchesTable, DockingConfigsTable, DockingRecordsTable } from './tables.ts';

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
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** The students of these schools, with what the platform is told about each. */
export async function studentsOf(db: Db, schoolIds: number[]) {
  if (schoolIds.length === 0) return [];
  return db
    .selectFrom('students as s')
    .innerJoin('orgs as o', 'o.id', 's.school_id')
    .select(['s.id', 's.school_id', 'o.name as school_name', 's.name', 's.student_no', 's.gender', 's.id_card'])
    .where('s.school_id', 'in', schoolIds)
    .orderBy('s.id')
    .execute();
}

/** The valid assessment results of students of these schools, with their scale. */
export async function resultsOf(db: Db, schoolIds: number[]) {
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
    .orderBy('r.id')
    .execute();
}

/** The keys among these the platform already has a row for, with their state. */
export async function knownKeys(db: Db, keys: string[]) {
  const known = new Map<string, string>();
  // Chunked: a district's records can exceed a statement's parameter limit.
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('docking_records')
      .select(['record_key', 'state'])
      .where('record_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const r of rows) known.set(r.record_key, r.state);
  }
  return known;
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
    .select(['id', 'record_key', 'kind', 'payload'])
    .where('batch_id', '=', batchId)
    .where('state', 'in', ['pending', 'resend'])
    .orderBy('id')
    .execute();

/** Writes what the platform answered for a batch, in one transaction. */
export async function recordOutcome(
  db: Kysely<Database>,
  batchId: number,
  outcome: { accepted: string[]; refused: Array<{ key: string; reason: string }>; attempts: number },
  at: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
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
        refused: outcome.refused.length,
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
