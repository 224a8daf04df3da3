import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import { type StudentScope, studentInScope } from '../people/students/scope.ts';
import type { SignFormsTable, SignTemplatesTable } from './tables.ts';

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
      's.name as student_name',
      'f.recipient_name',
      'u.nickname as sent_by_name',
      'o.name as school_name',
    ]);
}
export type FormRow = NonNullable<Awaited<ReturnType<typeof findFormOfRecipient>>>;

export interface FormFilter {
  keyword?: string | undefined;
  state?: SignFormsTable['state'] | undefined;
  studentId?: number | undefined;
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
