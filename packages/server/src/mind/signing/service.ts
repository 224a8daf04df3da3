import { randomBytes } from 'node:crypto';
import type { SignField, SignFormSend, SignTemplateCreate, SignTemplateUpdate } from '@meridian/contracts';
import type { Insertable } from 'kysely';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findFileByPath } from '../../portal/files/repository.ts';
import { filesContextOf } from '../../portal/files/service.ts';
import { openStored } from '../../portal/files/store.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { archiveScope } from '../archive/access.ts';
import {
  type FormFilter,
  type FormRow,
  findFormInScope,
  formHash,
  formPage,
  insertForm,
  insertTemplate,
  parentsOfStudent,
  studentForForm,
  type TemplateRow,
  teachersOfStudent,
  templatesOf,
  updateTemplate,
  withdrawForm,
} from './repository.ts';
import type { SignFormsTable } from './tables.ts';

const notFound = () => new AppError(404, 'signing.notFound');

function presentTemplate(row: TemplateRow) {
  return {
    id: Number(row.id),
    schoolId: row.school_id === null ? null : Number(row.school_id),
    title: row.title,
    body: row.body,
    fields: fromJson<SignField[]>(row.fields),
    version: Number(row.version),
  };
}

export function presentForm(row: FormRow) {
  return {
    id: Number(row.id),
    number: row.number,
    title: row.title,
    studentId: Number(row.student_id),
    studentName: row.student_name,
    recipientName: row.recipient_name,
    state: row.state,
    sentAt: Number(row.sent_at),
    sentBy: row.sent_by_name,
    signedAt: row.signed_at === null ? null : Number(row.signed_at),
    withdrawnAt: row.withdrawn_at === null ? null : Number(row.withdrawn_at),
    sha256: row.pdf_sha256,
    batchId: row.batch_id === null ? null : Number(row.batch_id),
    templateVersion: Number(row.template_version),
    remindedAt: row.reminded_at === null ? null : Number(row.reminded_at),
  };
}

/** The defaults and the templates of the caller's schools. */
export async function listTemplates(actor: Actor) {
  return (await templatesOf(actor.db, await archiveScope(actor))).map(presentTemplate);
}

/** A template of the caller's school: a caller of exactly one school keeps templates for it. */
export async function addTemplate(actor: Actor, body: Required<SignTemplateCreate>) {
  const scope = await archiveScope(actor);
  const school = scope.schoolIds.length === 1 ? scope.schoolIds[0] : undefined;
  if (school === undefined) throw new AppError(403, 'signing.noSchool');
  const at = Date.now();
  const id = await insertTemplate(actor.db, {
    school_id: school,
    title: body.title,
    body: body.body,
    fields: toJson(body.fields),
    created_by: actor.auth.userId,
    created_at: at,
    updated_at: at,
  });
  const row = (await templatesOf(actor.db, scope)).find((t) => Number(t.id) === id);
  if (!row) throw new AppError(404, 'signing.templateNotFound');
  return presentTemplate(row);
}

/**
 * Edits a template of the caller's schools: its title, text and fields, raising its version. Forms
 * already sent keep the words they were sent with (decision 0130); the defaults are nobody's to edit.
 */
export async function editTemplate(actor: Actor, body: Required<SignTemplateUpdate>) {
  const scope = await archiveScope(actor);
  const row = (await templatesOf(actor.db, scope)).find((t) => Number(t.id) === body.id);
  if (!row) throw new AppError(404, 'signing.templateNotFound');
  if (row.school_id === null) throw new AppError(409, 'signing.defaultReadOnly');
  const changed = await updateTemplate(actor.db, body.id, Number(row.version), {
    title: body.title,
    body: body.body,
    fields: toJson(body.fields),
    updated_at: Date.now(),
  });
  if (!changed) throw new AppError(409, 'signing.templateChanged');
  const saved = (await templatesOf(actor.db, scope)).find((t) => Number(t.id) === body.id);
  if (!saved) throw new AppError(404, 'signing.templateNotFound');
  return presentTemplate(saved);
}

export async function listForms(actor: Actor, filter: FormFilter, page: { page: number; size: number }) {
  const result = await formPage(actor.db, await archiveScope(actor), filter, page);
  return { ...result, list: result.list.map(presentForm) };
}

/** Whom a form for this student can go to: their parents, then the teachers of their class. */
async function recipientsOfStudent(actor: Actor, studentId: number) {
  const [parents, teachers] = await Promise.all([
    parentsOfStudent(actor.db, studentId),
    teachersOfStudent(actor.db, studentId),
  ]);
  return [
    ...parents.map((p) => ({
      kind: 'parent' as const,
      id: Number(p.id),
      name: p.name,
      relation: p.relation,
      userId: p.user_id === null ? null : Number(p.user_id),
    })),
    ...teachers.map((x) => ({
      kind: 'teacher' as const,
      id: Number(x.id),
      name: x.name,
      relation: x.kind,
      userId: Number(x.user_id),
    })),
  ];
}

/** Whom a form for a student of the caller's scope can go to. */
export async function recipientsOf(actor: Actor, studentId: number) {
  const student = await studentForForm(actor.db, await archiveScope(actor), studentId);
  if (!student) throw new AppError(404, 'student.notFound');
  return (await recipientsOfStudent(actor, studentId)).map(({ userId, ...shown }) => ({
    ...shown,
    hasAccount: userId !== null,
  }));
}

/** A form number nobody can guess from another: `SF` and 12 upper-case letters and digits. */
export const newNumber = () =>
  `SF${randomBytes(9).toString('base64url').toUpperCase().replace(/[-_]/g, 'X').slice(0, 12)}`;

/** A new form as sent: the template's words as they read now, copied, waiting for its signer. */
export function formSent(f: {
  template: TemplateRow;
  batchId: number | null;
  schoolId: number;
  studentId: number;
  recipient: { kind: 'parent' | 'teacher'; id: number; name: string; userId: number };
  sentBy: number;
  at: number;
}): Insertable<SignFormsTable> {
  return {
    number: newNumber(),
    template_id: Number(f.template.id),
    template_version: Number(f.template.version),
    batch_id: f.batchId,
    school_id: f.schoolId,
    student_id: f.studentId,
    recipient_kind: f.recipient.kind,
    recipient_id: f.recipient.id,
    recipient_name: f.recipient.name,
    recipient_user_id: f.recipient.userId,
    title: f.template.title,
    body: f.template.body,
    fields: toJson(fromJson<SignField[]>(f.template.fields)),
    state: 'sent',
    values: null,
    signature_path: null,
    pdf_path: null,
    pdf_sha256: null,
    sent_by: f.sentBy,
    sent_at: f.at,
    signed_at: null,
    withdrawn_at: null,
  };
}

/** Sends a template, as it reads now, for a student of the caller's scope to one of their parents or class teachers. */
export async function sendForm(actor: Actor, body: SignFormSend) {
  const scope = await archiveScope(actor);
  const student = await studentForForm(actor.db, scope, body.studentId);
  if (!student) throw new AppError(404, 'student.notFound');
  const template = (await templatesOf(actor.db, scope)).find(
    (t) =>
      Number(t.id) === body.templateId && (t.school_id === null || Number(t.school_id) === Number(student.school_id)),
  );
  if (!template) throw new AppError(404, 'signing.templateNotFound');
  const recipient = (await recipientsOfStudent(actor, body.studentId)).find(
    (r) => r.kind === body.recipientKind && r.id === body.recipientId,
  );
  if (!recipient) {
    throw new AppError(400, 'signing.notYourParent', { rules: [{ field: 'recipient', key: 'signing.notYourParent' }] });
  }
  if (recipient.userId === null) {
    throw new AppError(409, 'signing.parentNoAccount', {
      rules: [{ field: 'recipient', key: 'signing.parentNoAccount' }],
    });
  }
  const id = await insertForm(
    actor.db,
    formSent({
      template,
      batchId: null,
      schoolId: Number(student.school_id),
      studentId: body.studentId,
      recipient: { ...recipient, userId: recipient.userId },
      sentBy: actor.auth.userId,
      at: Date.now(),
    }),
  );
  return formOfScope(actor, id);
}

async function formOfScope(actor: Actor, id: number) {
  const row = await findFormInScope(actor.db, await archiveScope(actor), id);
  if (!row) throw notFound();
  return presentForm(row);
}

/** Withdraws a form that is not signed yet; its link then refuses to open. */
export async function withdraw(actor: Actor, id: number) {
  const form = await formOfScope(actor, id);
  if (!(await withdrawForm(actor.db, id, Date.now()))) {
    throw new AppError(409, form.state === 'signed' ? 'signing.alreadySigned' : 'signing.cannotWithdraw');
  }
  return formOfScope(actor, id);
}

/** The signed PDF of a form of the caller's scope, read from the file service. */
export async function signedPdf(actor: Actor, id: number) {
  const row = await findFormInScope(actor.db, await archiveScope(actor), id);
  if (!row) throw notFound();
  if (row.state !== 'signed' || row.pdf_path === null) throw new AppError(409, 'signing.notSigned');
  const ctx = filesContextOf(actor.request);
  const file = await findFileByPath(ctx.db, row.pdf_path);
  if (!file) throw new AppError(404, 'files.notFound');
  return { name: `${row.number}.pdf`, stream: await openStored(ctx, file) };
}

/** Whether a PDF's SHA-256 is the one recorded when the form with this number was signed. */
export async function verify(actor: Pick<Actor, 'db'>, number: string, sha256: string) {
  const row = await formHash(actor.db, number);
  // A wrong number and a wrong hash answer alike: nothing about a form is told to a guess.
  const matches = row?.state === 'signed' && row.pdf_sha256 === sha256;
  return { matches, signedAt: matches && row.signed_at !== null ? Number(row.signed_at) : null };
}
