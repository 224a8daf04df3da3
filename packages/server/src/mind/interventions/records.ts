import { type AttachedFile, hasPermission, type InterventionSave } from '@meridian/contracts';
import { toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { DAY } from '../../platform/time.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { staffScope } from '../assessments/tasks.ts';
import { nextState } from '../warnings/states.ts';
import { loadWarning, requireHandler, takeStep } from '../warnings/step.ts';
import { closeTodos } from '../warnings/todos.ts';
import { attachedFilesOf, attachmentPaths, checkedAttachments } from './attachments.ts';
import {
  type InterventionFilters,
  type InterventionListRow,
  insertIntervention,
  interventionPage,
} from './records-repository.ts';
import { followUpDays } from './reminders-repository.ts';

/**
 * Records an interview, plan, return visit or referral on a published warning. The first record
 * moves the warning into intervention; each one sets when the next follow-up is due (the record's
 * own date, or the reminder model's interval for the level) and closes a due follow-up reminder.
 */
export async function saveIntervention(actor: Actor, body: InterventionSave): Promise<{ id: number }> {
  const w = await loadWarning(actor, body.warningId);
  requireHandler(actor, w);
  if (nextState(w.state, 'intervene') === null) throw new AppError(409, 'intervene.closed');
  const attachments = await checkedAttachments(actor, body.attachments);
  const due = body.nextFollowUpAt ?? body.happenedAt + (await followUpDays(actor.db, w.level)) * DAY;
  let id = 0;
  await takeStep(actor, w, {
    action: 'intervene',
    reason: body.kind,
    set: { follow_up_due_at: due },
    effects: async (trx, _h, at) => {
      id = await insertIntervention(trx, {
        warning_id: w.id,
        student_id: w.student_id,
        school_id: w.school_id,
        class_id: w.class_id,
        kind: body.kind,
        happened_at: body.happenedAt,
        place: body.place,
        people: body.people,
        content: body.content,
        assessment: body.assessment,
        next_step: body.nextStep,
        method: body.method ?? null,
        institution: body.institution,
        attachments: toJson(attachments),
        private_note: body.privateNote,
        next_follow_up_at: body.nextFollowUpAt,
        author_id: actor.auth.userId,
        created_at: at,
      });
      await closeTodos(trx, w.id, at, ['warning.followUp']);
    },
  });
  return { id };
}

/** Private notes are their author's, and readable by the roles the deployment grants. */
function mayReadPrivate(actor: Actor, authorId: number): boolean {
  return (
    authorId === actor.auth.userId ||
    actor.auth.superAdmin ||
    hasPermission(actor.auth.permissions, '/data/intervene', 'privateNotes')
  );
}

function interventionOut(actor: Actor, r: InterventionListRow, files: ReadonlyMap<string, AttachedFile>) {
  return {
    id: r.id,
    warningId: r.warning_id,
    studentId: r.student_id,
    studentName: r.student_name,
    kind: r.kind,
    happenedAt: Number(r.happened_at),
    place: r.place,
    people: r.people,
    content: r.content,
    assessment: r.assessment,
    nextStep: r.next_step,
    method: r.method,
    institution: r.institution,
    // A file gone from the files table is left out rather than shown as a dead link.
    attachments: attachmentPaths(r.attachments).flatMap((path) => files.get(path) ?? []),
    privateNote: mayReadPrivate(actor, r.author_id) ? r.private_note : null,
    nextFollowUpAt: r.next_follow_up_at === null ? null : Number(r.next_follow_up_at),
    authorId: r.author_id,
    authorName: r.author_name ?? '',
    createdAt: Number(r.created_at),
  };
}

export async function listInterventions(actor: Actor, f: InterventionFilters, paging: { page: number; size: number }) {
  const scope = await staffScope(actor);
  const page = await interventionPage(actor.db, scope, actor.auth.userId, f, paging);
  return { ...page, list: await interventionsOut(actor, page.list) };
}

/** A page of records as the reader may see them, their attachments read in one query. */
export async function interventionsOut(actor: Actor, rows: readonly InterventionListRow[]) {
  const files = await attachedFilesOf(actor.db, rows);
  return rows.map((r) => interventionOut(actor, r, files));
}
