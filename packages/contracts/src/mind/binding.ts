import { z } from 'zod';
import { pageQuery } from '../paging.ts';
import { bodyId, queryId } from '../portal/orgs.ts';
import { parentRelation, studentName, studentNo } from './students.ts';
import { teacherName, teacherNo } from './teachers.ts';

export const ROSTER_KINDS = ['student', 'teacher', 'parent'] as const;
export type RosterKindName = (typeof ROSTER_KINDS)[number];
export const BINDING_ACTIONS = ['bind', 'unbind', 'transfer'] as const;

const rosterKind = z.enum(ROSTER_KINDS, { error: 'v.binding.kind' });
const phoneLast4 = z.string().regex(/^\d{4}$/, 'v.binding.phoneLast4');
const idCardLast6 = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^\d{5}[\dX]$/, 'v.binding.idCardLast6'));

/** `queryTeacher`: the teachers of a school with exactly this name, for someone finding their own record. */
export const queryTeacherQuery = z.object({ schoolId: queryId, name: teacherName });
export const teacherCandidate = z.object({
  teacherId: z.number(),
  name: z.string(),
  schoolName: z.string(),
  /** `138****5678`: enough to recognise one's own number, not to learn someone else's. */
  phone: z.string().nullable(),
  /** Whether someone already uses the record (then only an administrator can release it). */
  bound: z.boolean(),
});

/** Claiming one's teacher record found through `queryTeacher`: the name and the phone's last 4 digits or the number. */
export const bindTeacherByName = z
  .strictObject({
    teacherId: bodyId,
    name: teacherName,
    phoneLast4: phoneLast4.optional(),
    teacherNo: teacherNo.optional(),
  })
  .refine((b) => b.phoneLast4 !== undefined || b.teacherNo !== undefined, {
    message: 'v.binding.teacherProof',
    path: ['phoneLast4'],
  });
/** Claiming one's teacher record by school, number and name, with the phone's last 4 digits. */
export const bindTeacherAccount = z.strictObject({
  schoolId: bodyId,
  teacherNo,
  name: teacherName,
  phoneLast4,
});
/** A student account claiming its roster entry. */
export const bindStudentAccount = z.strictObject({ schoolId: bodyId, studentNo, name: studentName, idCardLast6 });
/** A parent account adding a child. */
export const bindChildAccount = z.strictObject({
  schoolId: bodyId,
  studentNo,
  name: studentName,
  idCardLast6,
  relation: parentRelation,
});

/** What a self-binding answers: the record now held and the identity the session switched to. */
export const bindResult = z.object({
  kind: rosterKind,
  rosterId: z.number(),
  identityId: z.number(),
});

export const rosterRef = z.strictObject({ kind: rosterKind, rosterId: bodyId });
export const checkAndBindUser = rosterRef;
export const bindAccount = z.strictObject({ kind: rosterKind, rosterId: bodyId, userId: bodyId });
export const transferAccount = z.strictObject({ kind: rosterKind, rosterId: bodyId, toUserId: bodyId });
export const unbindAccount = rosterRef;

/** The account a roster entry is bound to after an administrator's call; `created` when it was made just now. */
export const rosterAccount = z.object({
  kind: rosterKind,
  rosterId: z.number(),
  userId: z.number().nullable(),
  account: z.string().nullable(),
  created: z.boolean(),
});

export const bindLogQuery = pageQuery.extend({
  kind: rosterKind.optional(),
  schoolId: queryId.optional(),
  userId: queryId.optional(),
});
export const bindLogLine = z.object({
  id: z.number(),
  at: z.number(),
  action: z.enum(BINDING_ACTIONS),
  kind: rosterKind,
  rosterId: z.number(),
  rosterName: z.string().nullable(),
  schoolId: z.number(),
  userId: z.number().nullable(),
  account: z.string().nullable(),
  fromUserId: z.number().nullable(),
  fromAccount: z.string().nullable(),
  byUserId: z.number(),
  byAccount: z.string().nullable(),
  ip: z.string().nullable(),
});
