import { z } from 'zod';
import { pageQuery } from '../paging.ts';
import { bodyId, bodyPage, queryId } from '../portal/orgs.ts';
import { isoDate } from './students.ts';

/** Limits of group and individual counselling, written once for the server and the form. */
export const COUNSELLING_LIMITS = {
  titleMax: 50,
  topicMax: 100,
  planMax: 2000,
  sessionsMax: 50,
  membersMax: 60,
  textMax: 2000,
  placeMax: 100,
  noteMax: 500,
} as const;
const L = COUNSELLING_LIMITS;

export const GROUP_STATES = ['pending', 'approved', 'rejected'] as const;
export type GroupState = (typeof GROUP_STATES)[number];
/** An appointment: requested → approved or rejected; approved → done (session held) or cancelled; a requested one may be cancelled. */
export const APPOINTMENT_STATES = ['requested', 'approved', 'rejected', 'done', 'cancelled'] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];

const groupFields = {
  title: z.string().trim().min(1, 'v.counsellingGroup.title').max(L.titleMax, 'v.counsellingGroup.title'),
  topic: z.string().trim().min(1, 'v.counsellingGroup.topic').max(L.topicMax, 'v.counsellingGroup.topic'),
  plan: z.string().trim().min(1, 'v.counsellingGroup.plan').max(L.planMax, 'v.counsellingGroup.plan'),
  startsOn: isoDate,
  sessions: z
    .number({ error: 'v.counsellingGroup.sessions' })
    .int('v.counsellingGroup.sessions')
    .min(1, 'v.counsellingGroup.sessions')
    .max(L.sessionsMax, 'v.counsellingGroup.sessions'),
  studentIds: z
    .array(bodyId, { error: 'v.counsellingGroup.members' })
    .min(1, 'v.counsellingGroup.members')
    .max(L.membersMax, 'v.counsellingGroup.members')
    .refine((ids) => new Set(ids).size === ids.length, 'v.counsellingGroup.members'),
};
export const groupApplyAdd = z.strictObject(groupFields);
export type GroupApplyAdd = z.infer<typeof groupApplyAdd>;
export const groupApplyUpdate = z.strictObject({ id: bodyId, ...groupFields });
export type GroupApplyUpdate = z.infer<typeof groupApplyUpdate>;
export const groupReview = z
  .strictObject({
    id: bodyId,
    approve: z.boolean(),
    note: z.string().trim().max(L.noteMax, 'v.review.note').nullable().default(null),
  })
  // A refusal says why, so that the applicant can fix it.
  .refine((r) => r.approve || (r.note !== null && r.note.length > 0), { message: 'v.review.note', path: ['note'] });
export const groupPage = z.strictObject({
  state: z.enum(GROUP_STATES).optional(),
  schoolId: bodyId.optional(),
  ...bodyPage,
});

export const counsellingGroup = z.object({
  id: z.number(),
  schoolId: z.number(),
  title: z.string(),
  topic: z.string(),
  plan: z.string(),
  startsOn: z.string(),
  sessions: z.number(),
  state: z.enum(GROUP_STATES),
  applicantId: z.number(),
  applicantName: z.string().nullable(),
  reviewNote: z.string().nullable(),
  reviewedAt: z.number().nullable(),
  members: z.array(z.object({ studentId: z.number(), name: z.string() })),
  sessionsHeld: z.number(),
  createdAt: z.number(),
});

export const groupSessionAdd = z.strictObject({
  groupId: bodyId,
  heldAt: z.number({ error: 'v.session.time' }).int().positive('v.session.time'),
  place: z.string().trim().min(1, 'v.session.place').max(L.placeMax, 'v.session.place'),
  content: z.string().trim().min(1, 'v.session.content').max(L.textMax, 'v.session.content'),
  absentStudentIds: z.array(bodyId).max(L.membersMax).default([]),
});
export type GroupSessionAdd = z.infer<typeof groupSessionAdd>;
export const groupSessionPage = z.strictObject({ groupId: bodyId.optional(), ...bodyPage });
export const groupSession = z.object({
  id: z.number(),
  groupId: z.number(),
  groupTitle: z.string(),
  heldAt: z.number(),
  place: z.string(),
  content: z.string(),
  absentStudentIds: z.array(z.number()),
  authorId: z.number(),
  createdAt: z.number(),
});

export const appointmentAdd = z.strictObject({
  studentId: bodyId,
  wantedAt: z.number({ error: 'v.appointment.wantedAt' }).int().positive('v.appointment.wantedAt'),
  reason: z.string().trim().min(1, 'v.appointment.reason').max(L.textMax, 'v.appointment.reason'),
});
export type AppointmentAdd = z.infer<typeof appointmentAdd>;
export const appointmentReview = z
  .strictObject({
    id: bodyId,
    approve: z.boolean(),
    sessionAt: z.number().int().positive('v.appointment.sessionAt').nullable().default(null),
    place: z.string().trim().max(L.placeMax, 'v.session.place').nullable().default(null),
    note: z.string().trim().max(L.noteMax, 'v.review.note').nullable().default(null),
  })
  .refine((r) => r.approve || (r.note !== null && r.note.length > 0), { message: 'v.review.note', path: ['note'] })
  .refine((r) => !r.approve || r.sessionAt !== null, { message: 'v.appointment.sessionAt', path: ['sessionAt'] });
export type AppointmentReview = z.infer<typeof appointmentReview>;
export const appointmentSession = z.strictObject({
  id: bodyId,
  summary: z.string().trim().min(1, 'v.appointment.summary').max(L.textMax, 'v.appointment.summary'),
});
export const appointmentRate = z.strictObject({
  id: bodyId,
  rating: z
    .number({ error: 'v.appointment.rating' })
    .int('v.appointment.rating')
    .min(1, 'v.appointment.rating')
    .max(5, 'v.appointment.rating'),
  comment: z.string().trim().max(L.noteMax, 'v.appointment.comment').nullable().default(null),
});
export const appointmentCancel = z.strictObject({
  id: bodyId,
  reason: z.string().trim().min(1, 'v.appointment.cancelReason').max(L.noteMax, 'v.appointment.cancelReason'),
});
export const appointmentPage = z.strictObject({
  state: z.enum(APPOINTMENT_STATES).optional(),
  studentId: bodyId.optional(),
  schoolId: bodyId.optional(),
  ...bodyPage,
});
/** `analysis/review/txth` (decision 0135): the individual talks held (appointments done), in the scope. */
export const talksHeldQuery = pageQuery.extend({ studentId: queryId.optional(), schoolId: queryId.optional() });
export const appointmentNoteAdd = z.strictObject({
  appointmentId: bodyId,
  content: z.string().trim().min(1, 'v.note.content').max(L.textMax, 'v.note.content'),
});
export const appointmentNote = z.object({
  id: z.number(),
  appointmentId: z.number(),
  authorId: z.number(),
  content: z.string(),
  createdAt: z.number(),
});
export const appointment = z.object({
  id: z.number(),
  studentId: z.number(),
  studentName: z.string(),
  schoolId: z.number(),
  classId: z.number().nullable(),
  requestedBy: z.number(),
  counsellorId: z.number().nullable(),
  wantedAt: z.number(),
  reason: z.string(),
  state: z.enum(APPOINTMENT_STATES),
  reviewNote: z.string().nullable(),
  sessionAt: z.number().nullable(),
  sessionPlace: z.string().nullable(),
  summary: z.string().nullable(),
  rating: z.number().nullable(),
  ratingComment: z.string().nullable(),
  createdAt: z.number(),
});
