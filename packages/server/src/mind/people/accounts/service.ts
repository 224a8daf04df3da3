import { type accountBatch, translate } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { startDownload } from '../../downloads/service.ts';
import { findStudent } from '../students/repository.ts';
import { orgInStudentScope, studentScopeOf } from '../students/scope.ts';
import { orgById, studentsUnder } from './repository.ts';
import type { SlipsParams } from './slips.ts';
import { slipStamp } from './slips-pdf.ts';

/** What may be selected: a school or a place inside one. */
const PLACES: readonly string[] = ['school', 'campus', 'grade', 'class'];

/** The H5 sign-in page of this deployment, as the browser that asked reaches it: what the QR codes open. */
function h5Url(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}/h5/login`;
}

function who(actor: Actor): Pick<SlipsParams, 'byUserId' | 'ip' | 'userAgent'> {
  return {
    byUserId: actor.auth.userId,
    ip: actor.request.ip,
    userAgent: actor.request.headers['user-agent']?.slice(0, 300) ?? null,
  };
}

/**
 * `user/account/batch`: a download task that makes accounts for the students of a class, grade,
 * campus or school of the caller's scope who have none (and their parents'), and writes the slips.
 * An organisation outside the scope (another school's class) does not exist for the caller.
 */
export async function startAccountBatch(actor: Actor, body: z.infer<typeof accountBatch>) {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const org = await orgById(actor.db, body.orgId);
  if (!org || !PLACES.includes(org.type) || !orgInStudentScope(scope, org.path)) {
    throw new AppError(404, 'accounts.orgNotFound');
  }
  const students = await studentsUnder(actor.db, scope, org.path);
  const skipped = students.filter((s) => s.user_id !== null);
  const date = slipStamp(Date.now());
  const params: SlipsParams & { listName: string } = {
    mode: 'batch',
    studentIds: students.map((s) => s.id),
    parents: body.parents,
    h5Url: h5Url(actor.request),
    ...who(actor),
    listName: translate('download.file.accountList', actor.lang, { org: org.name, date }),
  };
  const name = translate('download.file.accountSlips', actor.lang, { org: org.name, date });
  const task = await startDownload(actor, 'accountSlips', name, params, 'accounts.batch');
  return {
    task,
    selected: students.length,
    creating: students.length - skipped.length,
    skipped: skipped.length,
    skippedNames: skipped.slice(0, 50).map((s) => ({ name: s.name, className: s.class_name })),
  };
}

/** `user/account/reset`: a new initial password for one student of the scope, on a one-slip file. */
export async function startPasswordReset(actor: Actor, studentId: number) {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const student = await findStudent(actor.db, scope, studentId);
  if (!student) throw new AppError(404, 'binding.rosterNotFound');
  if (student.user_id === null) throw new AppError(409, 'accounts.noAccount');
  const date = slipStamp(Date.now());
  const params: SlipsParams & { listName: string } = {
    mode: 'reset',
    studentIds: [student.id],
    parents: false,
    h5Url: h5Url(actor.request),
    ...who(actor),
    listName: translate('download.file.accountList', actor.lang, { org: student.name, date }),
  };
  const name = translate('download.file.passwordReset', actor.lang, { name: student.name, date });
  return startDownload(actor, 'accountSlips', name, params, 'accounts.reset');
}
