import { z } from 'zod';
import { textFilter } from '../paging.ts';
import { accountName, phone } from '../portal/identity.ts';
import { bodyId, bodyPage, orgCode, orgName, queryId } from '../portal/orgs.ts';

export const TEACHER_STATUSES = ['active', 'dimission', 'retired'] as const;
export type TeacherStatusName = (typeof TEACHER_STATUSES)[number];
export const TEACHER_CHANGE_KINDS = ['dimission', 'retire', 'rehire', 'transfer'] as const;
export type TeacherChangeKindName = (typeof TEACHER_CHANGE_KINDS)[number];
export const TEACHER_CHANGE_STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * The state a reshuffle may start from: a teacher leaves, retires or transfers only while active,
 * and is rehired only after leaving or retiring.
 */
export const TEACHER_CHANGE_FROM: Record<TeacherChangeKindName, readonly TeacherStatusName[]> = {
  dimission: ['active'],
  retire: ['active'],
  transfer: ['active'],
  rehire: ['dimission', 'retired'],
};

export const teacherName = z.string().trim().min(1, 'v.teacher.name').max(30, 'v.teacher.name');
export const teacherNo = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,32}$/, 'v.teacher.no');
/**
 * The openid of the school's WeChat official account (decision 0150): an official account's
 * openids are 28 letters, digits, `-` and `_`; 20-40 are accepted in case WeChat changes the length.
 */
export const staffWechatOpenid = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,40}$/, 'v.teacher.wechatOpenid');
const shortText = (key: 'v.teacher.subject' | 'v.teacher.title') => z.string().trim().max(30, key);

const teacherFields = {
  deptId: bodyId.nullable().optional(),
  teacherNo,
  name: teacherName,
  gender: z.enum(['male', 'female']).nullable().optional(),
  phone: phone.nullable().optional(),
  wechatOpenid: staffWechatOpenid.nullable().optional(),
  subject: shortText('v.teacher.subject').nullable().optional(),
  title: shortText('v.teacher.title').nullable().optional(),
  isPsychology: z.boolean().optional(),
};

/** A new teacher: their account is created with the default password (`account` generated from the number when left out). */
export const teacherCreate = z.strictObject({ schoolId: bodyId, account: accountName.optional(), ...teacherFields });
export const teacherUpdate = z.strictObject({
  id: bodyId,
  ...teacherFields,
  teacherNo: teacherNo.optional(),
  name: teacherName.optional(),
});

export const teacherQuery = z.strictObject({
  ...bodyPage,
  schoolId: bodyId.optional(),
  deptId: bodyId.optional(),
  /** Matches the name, the number, the phone or the account. */
  keyword: textFilter(50),
  status: z.enum(TEACHER_STATUSES).optional(),
  isPsychology: z.boolean().optional(),
});

export const teacherRow = z.object({
  id: z.number(),
  userId: z.number(),
  account: z.string(),
  schoolId: z.number(),
  schoolName: z.string(),
  deptId: z.number().nullable(),
  deptName: z.string().nullable(),
  teacherNo: z.string(),
  name: z.string(),
  gender: z.enum(['male', 'female']).nullable(),
  phone: z.string().nullable(),
  /** Only on the roster (teacher list and detail), behind its permission. */
  wechatOpenid: z.string().nullable(),
  subject: z.string().nullable(),
  title: z.string().nullable(),
  isPsychology: z.boolean(),
  status: z.enum(TEACHER_STATUSES),
  accountStatus: z.string(),
  createdAt: z.number(),
});
export type TeacherRowData = z.infer<typeof teacherRow>;

export const classAssignment = z.object({
  classId: z.number(),
  className: z.string(),
  kind: z.enum(['head', 'subject']),
  subject: z.string().nullable(),
  schoolYearId: z.number().nullable(),
});
export const teacherDetail = teacherRow.extend({ classes: z.array(classAssignment) });

/** The classes a teacher heads and teaches, replacing what was there. */
export const teacherClassesSet = z.strictObject({
  teacherId: bodyId,
  schoolYearId: bodyId.nullable().optional(),
  headClassIds: z.array(bodyId).max(20),
  subjectClasses: z
    .array(z.strictObject({ classId: bodyId, subject: shortText('v.teacher.subject').min(1, 'v.teacher.subject') }))
    .max(100),
});

export const teacherIdBody = z.strictObject({ id: bodyId });
export const teacherIdQuery = z.object({ id: queryId });

/** A calendar day that exists, written `YYYY-MM-DD` (no 30 February). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}
export const effectiveDate = z.string().refine(isCalendarDate, 'v.teacher.effectiveDate');

export const reshuffleApply = z
  .strictObject({
    teacherId: bodyId,
    kind: z.enum(TEACHER_CHANGE_KINDS),
    toSchoolId: bodyId.optional(),
    reason: z.string().trim().max(200, 'v.teacher.reason').optional(),
    effectiveDate,
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'transfer' && value.toSchoolId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['toSchoolId'], message: 'v.teacher.toSchool' });
    }
  });

export const reshuffleQuery = z.strictObject({
  ...bodyPage,
  schoolId: bodyId.optional(),
  teacherId: bodyId.optional(),
  kind: z.enum(TEACHER_CHANGE_KINDS).optional(),
  status: z.enum(TEACHER_CHANGE_STATUSES).optional(),
});

export const reshuffleAudit = z.strictObject({
  id: bodyId,
  approve: z.boolean(),
  remark: z.string().trim().max(200, 'v.teacher.remark').optional(),
});

export const reshuffleRow = z.object({
  id: z.number(),
  teacherId: z.number(),
  teacherName: z.string(),
  teacherNo: z.string(),
  schoolId: z.number(),
  schoolName: z.string(),
  kind: z.enum(TEACHER_CHANGE_KINDS),
  toSchoolId: z.number().nullable(),
  toSchoolName: z.string().nullable(),
  reason: z.string().nullable(),
  effectiveDate: z.string(),
  status: z.enum(TEACHER_CHANGE_STATUSES),
  requestedBy: z.number(),
  requestedByName: z.string(),
  requestedAt: z.number(),
  decidedBy: z.number().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.number().nullable(),
  remark: z.string().nullable(),
});

/** Departments are organisations of type department under a school or a bureau. */
export const deptQuery = z.strictObject({
  ...bodyPage,
  parentId: bodyId.optional(),
  keyword: textFilter(50),
});
export const deptCreate = z.strictObject({
  parentId: bodyId,
  name: orgName,
  code: orgCode.optional(),
  sort: z.number().int().min(0).max(9999).optional(),
});
export const deptUpdate = z.strictObject({
  id: bodyId,
  name: orgName.optional(),
  code: orgCode.optional(),
  sort: z.number().int().min(0).max(9999).optional(),
});

export const groupName = z.string().trim().min(1, 'v.group.name').max(30, 'v.group.name');
export const groupQuery = z.strictObject({
  ...bodyPage,
  orgId: bodyId.optional(),
  keyword: textFilter(50),
});
export const groupCreate = z.strictObject({
  orgId: bodyId,
  name: groupName,
  description: z.string().trim().max(200, 'v.group.description').nullable().optional(),
});
export const groupUpdate = z.strictObject({
  id: bodyId,
  name: groupName.optional(),
  description: z.string().trim().max(200, 'v.group.description').nullable().optional(),
});
export const groupRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  memberCount: z.number(),
  createdAt: z.number(),
});
export const groupMembersQuery = z.strictObject({ ...bodyPage, groupId: bodyId });
export const groupMembersSet = z.strictObject({ groupId: bodyId, userIds: z.array(bodyId).max(1000) });
export const groupMember = z.object({ userId: z.number(), account: z.string(), nickname: z.string() });

/** `userRoleInfo`: the caller's roles and what they make them. */
export const userRoleInfo = z.object({
  roleId: z.number().nullable(),
  roles: z.array(
    z.object({
      roleId: z.number(),
      roleName: z.string(),
      orgId: z.number().nullable(),
      orgName: z.string().nullable(),
      orgType: z.string().nullable(),
    }),
  ),
  isBureau: z.boolean(),
  isSchool: z.boolean(),
  isClassTeacher: z.boolean(),
  isPsychologyTeacher: z.boolean(),
  classIds: z.array(z.number()),
  teacherId: z.number().nullable(),
});

const classTeacher = z.object({
  teacherId: z.number(),
  userId: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
});
/** `queryClassTeacherInfo`: who heads and who teaches a class. */
export const classTeacherInfo = z.object({
  classId: z.number(),
  className: z.string(),
  headTeachers: z.array(classTeacher),
  subjectTeachers: z.array(classTeacher.extend({ subject: z.string().nullable() })),
});
export const classTeacherQuery = z.object({ classId: queryId.optional() });

/**
 * A staff member's own WeChat for campus alerts (decision 0156): whether they may bind by scanning
 * (the deployment's official account takes events, and they are on a school's staff roster; else
 * why not, in words), and whether an openid is bound (its last four characters only).
 */
export const staffWechatBinding = z.object({
  /** On an active staff roster entry: others (students, parents) have nothing to bind. */
  onRoster: z.boolean(),
  available: z.boolean(),
  unavailableReason: z.string().nullable(),
  bound: z.boolean(),
  openidTail: z.string().nullable(),
});
export type StaffWechatBinding = z.infer<typeof staffWechatBinding>;
/** A "Bind WeChat" code: the address its QR code carries and when it stops working. */
export const staffWechatTicket = z.object({ id: z.number(), qrUrl: z.string(), expiresAt: z.number() });
export type StaffWechatTicket = z.infer<typeof staffWechatTicket>;
export const STAFF_WECHAT_TICKET_STATES = ['waiting', 'bound', 'expired'] as const;
export const staffWechatTicketState = z.object({ state: z.enum(STAFF_WECHAT_TICKET_STATES) });
