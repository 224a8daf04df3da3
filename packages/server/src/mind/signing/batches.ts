import type { SignBatchSend } from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { defineJob } from '../../platform/jobs/types.ts';
import { formatDate } from '../../platform/time.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { archiveScope } from '../archive/access.ts';
import {
  type BatchRow,
  batchPage,
  firstParentsWithAccounts,
  formsDueForReminder,
  insertBatch,
  insertForm,
  insertReminders,
  studentsForBatch,
  templatesOf,
  waitingFormsOfBatch,
} from './repository.ts';
import { formSent } from './service.ts';

const nullable = (v: number | string | null) => (v === null ? null : Number(v));

function presentBatch(row: BatchRow) {
  return {
    id: Number(row.id),
    title: row.title,
    templateVersion: Number(row.template_version),
    className: row.class_name,
    remindAfterDays: nullable(row.remind_after_days),
    sentAt: Number(row.sent_at),
    sentBy: row.sent_by_name,
    sent: Number(row.sent),
    signed: Number(row.signed),
    pending: Number(row.pending),
    withdrawn: Number(row.withdrawn),
    remindedAt: nullable(row.reminded_at as number | string | null),
  };
}

async function batchOfScope(actor: Actor, id: number) {
  const page = await batchPage(actor.db, await archiveScope(actor), { id }, { page: 1, size: 1 });
  const row = page.list[0];
  if (!row) throw new AppError(404, 'signing.batchNotFound');
  return presentBatch(row);
}

/**
 * Sends a template, as it reads now, to the parents of a class or of chosen students of the caller's
 * scope: one form per student, to their first registered parent with an account, all in one batch.
 * Students without such a parent are answered as left out; a batch of nobody is refused.
 */
export async function sendBatch(actor: Actor, body: SignBatchSend) {
  const scope = await archiveScope(actor);
  const students = await studentsForBatch(
    actor.db,
    scope,
    body.classId !== undefined ? { classId: body.classId } : { ids: [...new Set(body.studentIds ?? [])] },
  );
  if (students.length === 0) {
    throw new AppError(404, body.classId !== undefined ? 'signing.classNotFound' : 'student.notFound');
  }
  const schools = new Set(students.map((s) => Number(s.school_id)));
  if (schools.size > 1) {
    throw new AppError(400, 'signing.batchOneSchool', {
      rules: [{ field: 'studentIds', key: 'signing.batchOneSchool' }],
    });
  }
  const schoolId = Number(students[0]?.school_id);
  const template = (await templatesOf(actor.db, scope)).find(
    (t) => Number(t.id) === body.templateId && (t.school_id === null || Number(t.school_id) === schoolId),
  );
  if (!template) throw new AppError(404, 'signing.templateNotFound');
  const parents = await firstParentsWithAccounts(
    actor.db,
    students.map((s) => Number(s.id)),
  );
  const reached = students.filter((s) => parents.has(Number(s.id)));
  if (reached.length === 0) throw new AppError(409, 'signing.batchNobody');
  const at = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const batchId = await insertBatch(trx, {
      school_id: schoolId,
      template_id: Number(template.id),
      template_version: Number(template.version),
      title: template.title,
      class_id: body.classId ?? null,
      remind_after_days: body.remindAfterDays ?? null,
      sent_by: actor.auth.userId,
      sent_at: at,
    });
    for (const student of reached) {
      const parent = parents.get(Number(student.id));
      if (!parent) continue;
      await insertForm(
        trx,
        formSent({
          template,
          batchId,
          schoolId,
          studentId: Number(student.id),
          recipient: { kind: 'parent', ...parent },
          sentBy: actor.auth.userId,
          at,
        }),
      );
    }
    return batchId;
  });
  return {
    batch: await batchOfScope(actor, id),
    skipped: students
      .filter((s) => !parents.has(Number(s.id)))
      .map((s) => ({ studentId: Number(s.id), studentName: s.name })),
  };
}

export async function listBatches(
  actor: Actor,
  filter: { keyword?: string | undefined },
  page: { page: number; size: number },
) {
  const result = await batchPage(actor.db, await archiveScope(actor), filter, page);
  return { ...result, list: result.list.map(presentBatch) };
}

/** Reminds the signers of a batch's waiting forms: each form at most once a day, whoever asks. */
export async function remindBatch(actor: Actor, id: number) {
  await batchOfScope(actor, id);
  const waiting = await waitingFormsOfBatch(actor.db, id);
  if (waiting.length === 0) throw new AppError(409, 'signing.nobodyWaiting');
  const at = Date.now();
  const reminded = await insertReminders(
    actor.db,
    waiting.map((f) => ({
      form_id: Number(f.id),
      user_id: Number(f.recipient_user_id),
      day: formatDate(at),
      kind: 'manual' as const,
      created_at: at,
    })),
  );
  if (reminded.length === 0) throw new AppError(409, 'signing.remindedToday');
  return { reminded: reminded.length, alreadyToday: waiting.length - reminded.length };
}

export const SIGNING_REMINDERS = 'mind.signing.reminders';
/** At most this many forms per run; the next run takes the rest. */
const BATCH = 500;

/**
 * The automatic reminder: every unsigned form of a batch with a reminder whose signer heard nothing
 * from the school (the sending or the last reminder) for the batch's days gets one. The row of the
 * reminder is keyed by form and day, so an overlapping or repeated run reminds nobody twice that day.
 */
export const signingReminderJob = defineJob({
  kind: SIGNING_REMINDERS,
  maxAttempts: 3,
  async run(_job, { db, signal }) {
    const k = db.kysely;
    for (;;) {
      if (signal.aborted) throw new Error('stopped before every form was reminded');
      const at = Date.now();
      const due = await formsDueForReminder(k, at, BATCH);
      const reminded = await insertReminders(
        k,
        due.map((f) => ({
          form_id: Number(f.id),
          user_id: Number(f.recipient_user_id),
          day: formatDate(at),
          kind: 'auto' as const,
          created_at: at,
        })),
      );
      // A full batch all reminded now may have more behind it; anything less is the end.
      if (due.length < BATCH || reminded.length < due.length) return;
    }
  },
});

export const signingReminderSchedule = { kind: SIGNING_REMINDERS, cron: '17 * * * *' };
