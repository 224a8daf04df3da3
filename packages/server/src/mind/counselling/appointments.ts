import { type AppointmentAdd, type AppointmentReview, type AppointmentState, translate } from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { archiveScope, schoolInScope, studentOfScope } from '../archive/access.ts';
import { studentScopeOf } from '../people/students/scope.ts';
import {
  type AppointmentValues,
  appointmentPage,
  findAppointment,
  insertAppointment,
  insertNote,
  moveAppointment,
  notesOf,
  rateAppointmentRow,
} from './repository.ts';

type AppointmentRow = NonNullable<Awaited<ReturnType<typeof findAppointment>>>;
const PAGE = '/data/appointmentRecordQuery';
const notFound = () => new AppError(404, 'appointment.notFound');

/** "This appointment is {state}; this cannot be done now", the state in the caller's words. */
const wrongState = (actor: Actor, state: string) =>
  new AppError(409, 'appointment.state', { params: { state: translate(`appointment.state.${state}`, actor.lang) } });

const present = (r: AppointmentRow) => ({
  id: r.id,
  studentId: r.student_id,
  studentName: r.student_name,
  schoolId: r.school_id,
  classId: r.class_id,
  requestedBy: r.requested_by,
  counsellorId: r.counsellor_id,
  wantedAt: Number(r.wanted_at),
  reason: r.reason,
  state: r.state as AppointmentState,
  reviewNote: r.review_note,
  sessionAt: r.session_at === null ? null : Number(r.session_at),
  sessionPlace: r.session_place,
  summary: r.summary,
  rating: r.rating,
  ratingComment: r.rating_comment,
  createdAt: Number(r.created_at),
});

/**
 * Private notes are read by their author and by roles that hold `privateNotes` by name: a role
 * granted everything (`*`) does not read counsellors' notes unless the deployment says so.
 */
export function readsPrivateNotes(actor: Actor): boolean {
  return actor.auth.permissions.some(
    (e) => e.path === PAGE && e.perms.split(',').some((code) => code.trim() === 'privateNotes'),
  );
}

async function appointmentOf(actor: Actor, id: number): Promise<AppointmentRow> {
  const scope = await archiveScope(actor);
  const row = await findAppointment(actor.db, scope, id);
  if (!row) throw notFound();
  return row;
}

/** Moves the appointment from the state it was read in; a concurrent move makes this one refused. */
async function move(actor: Actor, row: AppointmentRow, changes: Partial<AppointmentValues>, action: string) {
  await actor.db.transaction().execute(async (trx) => {
    if (!(await moveAppointment(trx, row.id, row.state, { ...changes, updated_at: Date.now() }))) {
      throw wrongState(actor, row.state);
    }
    await audit(trx, actor.request, {
      action,
      targetType: 'appointment',
      targetId: row.id,
      detail: { studentId: row.student_id },
    });
  });
  return present(await appointmentOf(actor, row.id));
}

export async function listAppointments(
  actor: Actor,
  filters: { state?: string; studentId?: number; schoolId?: number },
  page: { page: number; size: number },
) {
  const scope = await archiveScope(actor);
  const result = await appointmentPage(actor.db, scope, filters, page);
  return { ...result, list: result.list.map((r) => present({ ...r, student_user_id: null })) };
}

export async function appointmentDetail(actor: Actor, id: number) {
  return present(await appointmentOf(actor, id));
}

export async function requestAppointment(actor: Actor, input: AppointmentAdd) {
  const scope = await archiveScope(actor);
  const student = await studentOfScope(actor, scope, input.studentId);
  const at = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const created = await insertAppointment(trx, {
      student_id: student.id,
      school_id: student.school_id,
      class_id: student.org_id,
      requested_by: actor.auth.userId,
      counsellor_id: null,
      wanted_at: input.wantedAt,
      reason: input.reason,
      state: 'requested',
      review_note: null,
      reviewed_at: null,
      session_at: null,
      session_place: null,
      summary: null,
      rating: null,
      rating_comment: null,
      created_at: at,
      updated_at: at,
    });
    await audit(trx, actor.request, {
      action: 'appointment.request',
      targetType: 'appointment',
      targetId: created,
      detail: { studentId: student.id },
    });
    return created;
  });
  return appointmentDetail(actor, id);
}

/** The counsellor who approves takes the appointment and sets the session; a refusal says why. */
export async function reviewAppointment(actor: Actor, input: AppointmentReview) {
  const row = await appointmentOf(actor, input.id);
  if (!schoolInScope(await archiveScope(actor), row.school_id)) throw new AppError(403, 'auth.forbidden');
  if (row.state !== 'requested') throw wrongState(actor, row.state);
  const at = Date.now();
  return move(
    actor,
    row,
    input.approve
      ? {
          state: 'approved',
          counsellor_id: actor.auth.userId,
          session_at: input.sessionAt,
          session_place: input.place,
          review_note: input.note,
          reviewed_at: at,
        }
      : { state: 'rejected', review_note: input.note, reviewed_at: at },
    input.approve ? 'appointment.approve' : 'appointment.reject',
  );
}

export async function recordSession(actor: Actor, id: number, summary: string) {
  const row = await appointmentOf(actor, id);
  if (row.state !== 'approved') throw wrongState(actor, row.state);
  if (row.counsellor_id !== actor.auth.userId) throw new AppError(403, 'appointment.notCounsellor');
  return move(actor, row, { state: 'done', summary }, 'appointment.session');
}

/** The student (on H5) or whoever asked for the appointment gives the rating, once the session is done. */
export async function rateAppointment(actor: Actor, input: { id: number; rating: number; comment: string | null }) {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await findAppointment(actor.db, scope, input.id);
  if (!row) throw notFound();
  if (row.requested_by !== actor.auth.userId && row.student_user_id !== actor.auth.userId) {
    throw new AppError(403, 'auth.forbidden');
  }
  if (row.state !== 'done') throw new AppError(409, 'appointment.rateOnlyDone');
  await actor.db.transaction().execute(async (trx) => {
    await rateAppointmentRow(trx, row.id, input.rating, input.comment, Date.now());
    await audit(trx, actor.request, { action: 'appointment.rate', targetType: 'appointment', targetId: row.id });
  });
  return present({ ...row, rating: input.rating, rating_comment: input.comment });
}

/** Whoever asked, or staff of the school, may cancel before the session; the reason is kept. */
export async function cancelAppointment(actor: Actor, id: number, reason: string) {
  const row = await appointmentOf(actor, id);
  if (row.requested_by !== actor.auth.userId && !schoolInScope(await archiveScope(actor), row.school_id)) {
    throw new AppError(403, 'auth.forbidden');
  }
  if (row.state !== 'requested' && row.state !== 'approved') throw wrongState(actor, row.state);
  return move(actor, row, { state: 'cancelled', review_note: reason }, 'appointment.cancel');
}

/** A counsellor's private note: written by the counsellor of the appointment or staff of its school. */
export async function addNote(actor: Actor, appointmentId: number, content: string) {
  const row = await appointmentOf(actor, appointmentId);
  if (row.counsellor_id !== actor.auth.userId && !schoolInScope(await archiveScope(actor), row.school_id)) {
    throw new AppError(403, 'auth.forbidden');
  }
  const id = await insertNote(actor.db, {
    appointment_id: row.id,
    author_id: actor.auth.userId,
    content,
    created_at: Date.now(),
  });
  return { id };
}

/** The notes the caller may read: their own, or all with `privateNotes`. Reading is audited. */
export async function listNotes(actor: Actor, appointmentId: number) {
  const row = await appointmentOf(actor, appointmentId);
  const notes = await notesOf(actor.db, row.id, readsPrivateNotes(actor) ? null : actor.auth.userId);
  await audit(actor.db, actor.request, {
    action: 'appointment.notes.read',
    targetType: 'appointment',
    targetId: row.id,
    detail: { notes: notes.length },
  });
  return notes.map((n) => ({
    id: n.id,
    appointmentId: n.appointment_id,
    authorId: n.author_id,
    content: n.content,
    createdAt: Number(n.created_at),
  }));
}
