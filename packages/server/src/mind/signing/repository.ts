import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import { DAY } from '../../platform/time.ts';
import { type StudentScope, studentInScope } from '../people/students/scope.ts';
import type { SignBatchesTable, SignFormsTable, SignRemindersTable, SignTemplatesTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Page = { page: number; size: number };

/** The defaults and the templates of the scope's schools. */
export function templatesOf(db: Db, scope: StudentScope) {
  return db
    .selectFrom('sign_templates')
    .selectAll()
    .where((eb) => {
      if (scope.all) return eb.lit(true);
      const own = scope.schoolIds.length > 0 ? [eb('school_id', 'in', scope.schoolIds)] : [];
      return eb.or([eb('school_id', 'is', null), ...own]);
    })
    .orderBy('id')
    .execute();
}
export type TemplateRow = Awaited<ReturnType<typeof templatesOf>>[number];

export async function insertTemplate(db: Db, values: Insertable<SignTemplatesTable>): Promise<number> {
  const row = await db.insertInto('sign_templates').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Rewrites a school's template and raises its version, only if it is still at `version`: two edits
 * at once, one wins. Forms already sent keep their own copy of the words.
 */
export async function updateTemplate(
  db: Db,
  id: number,
  version: number,
  values: { title: string; body: string; fields: string; updated_at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('sign_templates')
    .set({ ...values, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('school_id', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A student of the scope with their school's name, or nothing. */
export function studentForForm(db: Db, scope: StudentScope, studentId: number) {
  return db
    .selectFrom('students as s')
    .innerJoin('orgs as o', 'o.id', 's.school_id')
    .select(['s.id', 's.name', 's.school_id', 'o.name as school_name'])
    .where('s.id', '=', studentId)
    .where(studentInScope(scope))
    .executeTakeFirst();
}

/** The active teachers of a student's class, with their part in it. */
export function teachersOfStudent(db: Db, studentId: number) {
  return db
    .selectFrom('students as s')
    .innerJoin('class_teachers as ct', 'ct.class_id', 's.org_id')
    .innerJoin('teachers as t', 't.id', 'ct.teacher_id')
    .select(['t.id', 't.name', 't.user_id', 'ct.kind'])
    .where('s.id', '=', studentId)
    .where('t.status', '=', 'active')
    .orderBy('t.id')
    .execute();
}

/** The parents registered for a student, with their accounts. */
export function parentsOfStudent(db: Db, studentId: number) {
  return db
    .selectFrom('student_parents as sp')
    .innerJoin('parents as p', 'p.id', 'sp.parent_id')
    .select(['p.id', 'p.name', 'p.user_id', 'sp.relation'])
    .where('sp.student_id', '=', studentId)
    .orderBy('p.id')
    .execute();
}

export async function insertForm(db: Db, values: Insertable<SignFormsTable>): Promise<number> {
  const row = await db.insertInto('sign_forms').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The students of a class, or those among `ids`, of the scope, with their school's name. */
export function studentsForBatch(db: Db, scope: StudentScope, who: { classId: number } | { ids: number[] }) {
  return db
    .selectFrom('students as s')
    .innerJoin('orgs as o', 'o.id', 's.school_id')
    .select(['s.id', 's.name', 's.school_id', 'o.name as school_name'])
    .where((eb) => ('classId' in who ? eb('s.org_id', '=', who.classId) : eb('s.id', 'in', who.ids)))
    .where(studentInScope(scope))
    .orderBy('s.id')
    .execute();
}

/** The first parent with an account of each of these students (the lowest parent id). */
export async function firstParentsWithAccounts(db: Db, studentIds: number[]) {
  if (studentIds.length === 0) return new Map<number, { id: number; name: string; userId: number }>();
  const rows = await db
    .selectFrom('student_parents as sp')
    .innerJoin('parents as p', 'p.id', 'sp.parent_id')
    .select(['sp.student_id', 'p.id', 'p.name', 'p.user_id'])
    .where('sp.student_id', 'in', studentIds)
    .where('p.user_id', 'is not', null)
    .orderBy('p.id')
    .execute();
  const out = new Map<number, { id: number; name: string; userId: number }>();
  for (const r of rows) {
    const student = Number(r.student_id);
    if (!out.has(student)) out.set(student, { id: Number(r.id), name: r.name, userId: Number(r.user_id) });
  }
  return out;
}

export async function insertBatch(db: Db, values: Insertable<SignBatchesTable>): Promise<number> {
  const row = await db.insertInto('sign_batches').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

const lastReminder = (db: Db) =>
  db.selectFrom('sign_reminders as r').select((eb) => eb.fn.max('r.created_at').as('at'));

/** Batches of the scope (its schools, or its classes) with the count of their forms in each state, newest first. */
export function batchPage(
  db: Db,
  scope: StudentScope,
  filter: { keyword?: string | undefined; id?: number },
  page: Page,
) {
  const count = (state: SignFormsTable['state'] | null) =>
    db
      .selectFrom('sign_forms as f')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('f.batch_id', '=', sql.ref<number>('b.id'))
      .$if(state !== null, (q) => q.where('f.state', '=', state ?? 'sent'));
  const query = db
    .selectFrom('sign_batches as b')
    .innerJoin('users as u', 'u.id', 'b.sent_by')
    .leftJoin('orgs as c', 'c.id', 'b.class_id')
    .select([
      'b.id',
      'b.title',
      'b.template_version',
      'b.remind_after_days',
      'b.sent_at',
      'u.nickname as sent_by_name',
      'c.name as class_name',
    ])
    .select([
      count(null).as('sent'),
      count('signed').as('signed'),
      count('sent').as('pending'),
      count('withdrawn').as('withdrawn'),
      lastReminder(db)
        .innerJoin('sign_forms as rf', 'rf.id', 'r.form_id')
        .where('rf.batch_id', '=', sql.ref<number>('b.id'))
        .as('reminded_at'),
    ])
    .where((eb) => {
      if (scope.all) return eb.lit(true);
      const parts = [
        ...(scope.schoolIds.length > 0 ? [eb('b.school_id', 'in', scope.schoolIds)] : []),
        ...(scope.classIds.length > 0 ? [eb('b.class_id', 'in', scope.classIds)] : []),
      ];
      return parts.length === 0 ? eb.lit(false) : eb.or(parts);
    })
    .$if(filter.keyword !== undefined, (q) => q.where(contains('b.title', filter.keyword ?? '')))
    .$if(filter.id !== undefined, (q) => q.where('b.id', '=', filter.id ?? 0))
    .orderBy('b.id', 'desc');
  return paginate(query, page);
}
export type BatchRow = Awaited<ReturnType<typeof batchPage>>['list'][number];

/** The forms of a batch still waiting for their signature, with their signer and last reminder. */
export function waitingFormsOfBatch(db: Db, batchId: number) {
  return db
    .selectFrom('sign_forms as f')
    .select(['f.id', 'f.recipient_user_id'])
    .where('f.batch_id', '=', batchId)
    .where('f.state', '=', 'sent')
    .orderBy('f.id')
    .execute();
}

/**
 * Unsigned forms of batches with an automatic reminder whose last word to the signer (the sending
 * or the last reminder) is at least the batch's days old at `now`.
 */
export function formsDueForReminder(db: Db, now: number, limit: number) {
  return db
    .selectFrom('sign_forms as f')
    .innerJoin('sign_batches as b', 'b.id', 'f.batch_id')
    .select(['f.id', 'f.recipient_user_id'])
    .where('f.state', '=', 'sent')
    .where('b.remind_after_days', 'is not', null)
    .where((eb) =>
      eb(
        eb.fn.coalesce(lastReminder(db).where('r.form_id', '=', sql.ref<number>('f.id')), 'f.sent_at'),
        '<=',
        sql<number>`cast(${now} as bigint) - b.remind_after_days * cast(${DAY} as bigint)`,
      ),
    )
    .orderBy('f.id')
    .limit(limit)
    .execute();
}

/** Records reminders; a form already reminded that day is left alone. Answers the forms reminded now. */
export async function insertReminders(db: Db, rows: Insertable<SignRemindersTable>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('sign_reminders')
    .values(rows)
    .onConflict((oc) => oc.columns(['form_id', 'day']).doNothing())
    .returning('form_id')
    .execute();
  return inserted.map((r) => Number(r.form_id));
}

function formsWithNames(db: Db) {
  return db
    .selectFrom('sign_forms as f')
    .innerJoin('students as s', 's.id', 'f.student_id')
    .innerJoin('users as u', 'u.id', 'f.sent_by')
    .innerJoin('orgs as o', 'o.id', 'f.school_id')
    .select([
      'f.id',
      'f.number',
      'f.title',
      'f.body',
      'f.fields',
      'f.state',
      'f.values',
      'f.student_id',
      'f.recipient_user_id',
      'f.signature_path',
      'f.pdf_path',
      'f.pdf_sha256',
      'f.sent_at',
      'f.signed_at',
      'f.withdrawn_at',
      'f.batch_id',
      'f.template_version',
      's.name as student_name',
      'f.recipient_name',
      'u.nickname as sent_by_name',
      'o.name as school_name',
    ])
    .select(() => lastReminder(db).where('r.form_id', '=', sql.ref<number>('f.id')).as('reminded_at'));
}
export type FormRow = NonNullable<Awaited<ReturnType<typeof findFormOfRecipient>>>;

export interface FormFilter {
  keyword?: string | undefined;
  state?: SignFormsTable['state'] | undefined;
  studentId?: number | undefined;
  batchId?: number | undefined;
}

/** The forms sent for the scope's students, newest first. */
export function formPage(db: Db, scope: StudentScope, filter: FormFilter, page: Page) {
  const query = formsWithNames(db)
    .where(studentInScope(scope))
    .$if(filter.keyword !== undefined, (q) =>
      q.where((eb) => eb.or([contains('f.title', filter.keyword ?? ''), contains('s.name', filter.keyword ?? '')])),
    )
    .$if(filter.state !== undefined, (q) => q.where('f.state', '=', filter.state ?? 'sent'))
    .$if(filter.studentId !== undefined, (q) => q.where('f.student_id', '=', filter.studentId ?? 0))
    .$if(filter.batchId !== undefined, (q) => q.where('f.batch_id', '=', filter.batchId ?? 0))
    .orderBy('f.id', 'desc');
  return paginate(query, page);
}

export function findFormInScope(db: Db, scope: StudentScope, id: number) {
  return formsWithNames(db).where('f.id', '=', id).where(studentInScope(scope)).executeTakeFirst();
}

/** A form by its number, only when it was sent to this account. */
export function findFormOfRecipient(db: Db, userId: number, number: string) {
  return formsWithNames(db).where('f.number', '=', number).where('f.recipient_user_id', '=', userId).executeTakeFirst();
}

/** The forms sent to this account, newest first. */
export function formsOfRecipient(db: Db, userId: number) {
  return formsWithNames(db)
    .where('f.recipient_user_id', '=', userId)
    .where('f.state', '!=', 'withdrawn')
    .orderBy('f.id', 'desc')
    .limit(100)
    .execute();
}

/** Withdraws a form still waiting for its signature; whether it did. */
export async function withdrawForm(db: Db, id: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('sign_forms')
    .set({ state: 'withdrawn', withdrawn_at: at })
    .where('id', '=', id)
    .where('state', '=', 'sent')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records the signature on a form still waiting for it; whether it did. Two signatures at once:
 * one moves the state, the other changes nothing and is told the form is signed.
 */
export async function recordSignature(
  db: Db,
  id: number,
  values: { values: string; signature_path: string; pdf_path: string; pdf_sha256: string; signed_at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('sign_forms')
    .set({ ...values, state: 'signed' })
    .where('id', '=', id)
    .where('state', '=', 'sent')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What verifying needs of a form: its state and hash, by number. */
export function formHash(db: Db, number: string) {
  return db
    .selectFrom('sign_forms')
    .select(['state', 'pdf_sha256', 'signed_at'])
    .where('number', '=', number)
    .executeTakeFirst();
}

/** The signed forms of a student, for the archive. The caller has checked the student against the scope. */
export function signedFormsOf(db: Db, studentId: number) {
  return db
    .selectFrom('sign_forms')
    .select(['id', 'number', 'title', 'signed_at', 'pdf_sha256'])
    .where('student_id', '=', studentId)
    .where('state', '=', 'signed')
    .orderBy('signed_at')
    .execute();
}
