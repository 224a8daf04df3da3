import { SIGNING_LIMITS, type SignField } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { receiveUpload } from '../../platform/files/receive.ts';
import { sniffKind } from '../../platform/files/sniff.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findFileByPath } from '../../portal/files/repository.ts';
import { filesContextOf } from '../../portal/files/service.ts';
import { openStored, readAll, referenceOf, removeStoredFiles, storeFiles } from '../../portal/files/store.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { signedFormPdf } from './pdf.ts';
import { type FormRow, findFormOfRecipient, formsOfRecipient, recordSignature } from './repository.ts';

function presentToSign(row: FormRow) {
  return {
    number: row.number,
    title: row.title,
    body: row.body,
    fields: fromJson<SignField[]>(row.fields),
    schoolName: row.school_name,
    studentName: row.student_name,
    state: row.state,
    sentAt: Number(row.sent_at),
    signedAt: row.signed_at === null ? null : Number(row.signed_at),
    values: row.values === null ? null : fromJson<Record<string, string>>(row.values),
    remindedAt: row.reminded_at === null ? null : Number(row.reminded_at),
  };
}

/** H5: the forms sent to the signed-in account, withdrawn ones left out. */
export async function myForms(actor: Actor) {
  return (await formsOfRecipient(actor.db, actor.auth.userId)).map(presentToSign);
}

/** A form sent to the caller; a withdrawn one does not open. */
async function formToSign(actor: Actor, number: string): Promise<FormRow> {
  const row = await findFormOfRecipient(actor.db, actor.auth.userId, number);
  if (!row) throw new AppError(404, 'signing.notFound');
  if (row.state === 'withdrawn') throw new AppError(409, 'signing.withdrawn');
  return row;
}

export async function openForm(actor: Actor, number: string) {
  return presentToSign(await formToSign(actor, number));
}

/** `psychology sign upload`: one handwritten signature, a PNG by its content, kept protected as the signer's. */
export async function uploadSignature(request: FastifyRequest, actor: Actor) {
  const received = await receiveUpload(request, {
    maxBytes: SIGNING_LIMITS.signatureMaxBytes,
    maxFiles: 1,
    fields: [],
  });
  const file = received.files[0];
  if (!file) throw new AppError(400, 'files.noFile');
  if ((await sniffKind(file.bytes)) !== 'png') throw new AppError(400, 'signing.notPng');
  const [row] = await storeFiles(filesContextOf(request), [{ ...file, kind: 'png' }], {
    purpose: 'attachment',
    protected: true,
    ownerId: actor.auth.userId,
  });
  if (!row) throw new AppError(400, 'files.noFile');
  return referenceOf(row);
}

/** The answers to the form's fields: each known, each required one given. */
function checkedValues(fields: SignField[], values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.key] ?? '').trim();
    if (field.required && value === '') {
      throw new AppError(400, 'signing.required', {
        params: { label: field.label },
        rules: [{ field: field.key, key: 'signing.required', params: { label: field.label } }],
      });
    }
    out[field.key] = value;
  }
  return out;
}

/**
 * Signs a form sent to the caller: the answers, the uploaded signature and the time go into a PDF
 * kept by the file service with its SHA-256. A form signed or withdrawn meanwhile keeps what it had.
 */
export async function signForm(
  request: FastifyRequest,
  actor: Actor,
  body: { number: string; values: Record<string, string>; signaturePath: string },
) {
  const row = await formToSign(actor, body.number);
  if (row.state === 'signed') throw new AppError(409, 'signing.alreadySigned');
  const values = checkedValues(fromJson<SignField[]>(row.fields), body.values);
  const ctx = filesContextOf(request);
  const file = await findFileByPath(ctx.db, body.signaturePath);
  // Only a PNG the caller uploaded: never someone else's file by its path.
  if (!file || file.owner_id !== actor.auth.userId || !file.path.endsWith('.png')) {
    throw new AppError(400, 'signing.badSignature', {
      rules: [{ field: 'signaturePath', key: 'signing.badSignature' }],
    });
  }
  const signature = await readAll(await openStored(ctx, file), SIGNING_LIMITS.signatureMaxBytes);
  const signedAt = Date.now();
  const pdf = await signedFormPdf({
    number: row.number,
    title: row.title,
    body: row.body,
    schoolName: row.school_name,
    studentName: row.student_name,
    signerName: row.recipient_name,
    fields: fromJson<SignField[]>(row.fields),
    values,
    signature,
    signedAt,
  });
  const [stored] = await storeFiles(ctx, [{ name: `${row.number}.pdf`, bytes: pdf, kind: 'pdf' }], {
    purpose: 'attachment',
    protected: true,
    ownerId: Number(row.recipient_user_id),
  });
  if (!stored) throw new AppError(503, 'files.uploadFailed');
  const recorded = await recordSignature(actor.db, Number(row.id), {
    values: toJson(values),
    signature_path: file.path,
    pdf_path: stored.path,
    pdf_sha256: stored.sha256,
    signed_at: signedAt,
  });
  if (!recorded) {
    // Signed or withdrawn while this PDF was made: it is nobody's, remove it.
    await removeStoredFiles(ctx.db, ctx.stores, [Number(stored.id)], ctx.log);
    const now = await findFormOfRecipient(actor.db, actor.auth.userId, body.number);
    throw new AppError(409, now?.state === 'withdrawn' ? 'signing.withdrawn' : 'signing.alreadySigned');
  }
  return presentToSign(await formToSign(actor, body.number));
}
