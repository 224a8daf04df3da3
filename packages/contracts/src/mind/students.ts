import { z } from 'zod';
import type { MessageKey } from '../messages.ts';
import { textFilter } from '../paging.ts';
import { phone } from '../portal/identity.ts';
import { bodyId, bodyPage, queryId } from '../portal/orgs.ts';

export const STUDENT_STATUSES = ['studying', 'suspended', 'graduated', 'transferred', 'disabled'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export const GENDERS = ['male', 'female'] as const;
export const PARENT_RELATIONS = ['father', 'mother', 'guardian', 'other'] as const;
export type ParentRelation = (typeof PARENT_RELATIONS)[number];

/** GB 11643 weights of the first 17 characters, and the check character of each remainder. */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** A valid calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A mainland resident identity card number: 18 characters, a real birth date, and the GB 11643 check character. */
export function isIdCardNumber(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  if (!isIsoDate(`${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`)) return false;
  const sum = ID_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(value[i]), 0);
  return ID_CHECK[sum % 11] === value[17];
}

/** Shows the region and the last four characters only: enough to tell two students apart, not to copy. */
export function maskIdCard(value: string): string {
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}

/** Shows the network prefix and the last four digits (`138****5678`): enough to recognise a number, not to dial it. */
export function maskPhone(value: string): string {
  return `${value.slice(0, 3)}${'*'.repeat(Math.max(value.length - 7, 0))}${value.slice(-4)}`;
}

/** Whether a value is an ID card number as `maskIdCard` shows it: what a form sends back when nobody typed over it. */
export function isMaskedIdCard(value: string): boolean {
  return /^[\dX]{4}\*{10}[\dX]{4}$/.test(value);
}

/** Whether a value is a phone number as `maskPhone` shows it. */
export function isMaskedPhone(value: string): boolean {
  return /^\d{3}\*{4}\d{4}$/.test(value);
}

export const studentName = z.string().trim().min(1, 'v.student.name').max(30, 'v.student.name');
export const studentNo = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,32}$/, 'v.student.no');
export const idCard = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isIdCardNumber, 'v.idCard');
/**
 * In a change: a whole ID card number, or the masked one the form was given (which keeps the
 * stored number; the server refuses a masked value that is not the stored one's).
 */
export const idCardOrMasked = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => isIdCardNumber(v) || isMaskedIdCard(v), 'v.idCard');
/** In a change: a whole phone number, or the masked one the form was given. */
export const phoneOrMasked = z
  .string()
  .trim()
  .refine((v) => phone.safeParse(v).success || isMaskedPhone(v), 'v.phone');
export const gender = z.enum(GENDERS, { error: 'v.gender' });
export const isoDate = z.string().refine(isIsoDate, 'v.date');
const birthday = isoDate.refine((v) => v <= new Date().toISOString().slice(0, 10), 'v.student.birthday');
const enrolYear = z
  .number({ error: 'v.student.enrolYear' })
  .int('v.student.enrolYear')
  .min(1990, 'v.student.enrolYear')
  .max(2100, 'v.student.enrolYear');
export const studentStatus = z.enum(STUDENT_STATUSES, { error: 'v.student.status' });
export const parentRelation = z.enum(PARENT_RELATIONS, { error: 'v.parent.relation' });
export const parentName = z.string().trim().min(1, 'v.parent.name').max(30, 'v.parent.name');

/** The fields of a student that a form or an import row gives, class aside. */
const studentFields = {
  name: studentName,
  studentNo,
  gender,
  birthday: birthday.nullable().optional(),
  idCard: idCard.nullable().optional(),
  phone: phone.nullable().optional(),
  enrolYear: enrolYear.nullable().optional(),
};

export const studentAdd = z.strictObject({
  classId: bodyId,
  ...studentFields,
  status: studentStatus.optional(),
});
export type StudentAdd = z.infer<typeof studentAdd>;

export const studentUpdate = z.strictObject({
  id: bodyId,
  name: studentFields.name.optional(),
  studentNo: studentFields.studentNo.optional(),
  gender: studentFields.gender.optional(),
  birthday: studentFields.birthday,
  idCard: idCardOrMasked.nullable().optional(),
  phone: phoneOrMasked.nullable().optional(),
  enrolYear: studentFields.enrolYear,
});
export type StudentUpdate = z.infer<typeof studentUpdate>;

export const studentMove = z.strictObject({ id: bodyId, classId: bodyId });
export const studentStatusChange = z.strictObject({ id: bodyId, status: studentStatus });
export const studentRemove = z.strictObject({ id: bodyId });

export const studentFilters = z.strictObject({
  schoolId: bodyId.optional(),
  campusId: bodyId.optional(),
  gradeId: bodyId.optional(),
  classId: bodyId.optional(),
  keyword: textFilter(32),
  status: studentStatus.optional(),
});
export type StudentFilters = z.infer<typeof studentFilters>;
export const studentPage = studentFilters.extend(bodyPage);

export const studentDetailQuery = z.object({ id: queryId });
export const studentInfoQuery = z
  .object({ userId: queryId.optional(), studentId: queryId.optional() })
  .refine((q) => q.userId !== undefined || q.studentId !== undefined, {
    message: 'v.student.infoQuery',
    path: ['studentId'],
  });

const orgRef = z.object({ id: z.number(), name: z.string() }).nullable();

export const student = z.object({
  id: z.number(),
  name: z.string(),
  studentNo: z.string(),
  gender: z.enum(GENDERS),
  birthday: z.string().nullable(),
  /** Always masked (`1101**********002X`); the whole number only through `student/reveal`. */
  idCard: z.string().nullable(),
  /** Always masked (`138****5678`); the whole number only through `student/reveal`. */
  phone: z.string().nullable(),
  enrolYear: z.number().nullable(),
  status: z.enum(STUDENT_STATUSES),
  userId: z.number().nullable(),
  school: orgRef,
  campus: orgRef,
  grade: orgRef,
  class: orgRef,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Student = z.infer<typeof student>;

/** `student/reveal`: the whole numbers of one student, for a role that edits students; the read is audited. */
export const studentReveal = z.strictObject({ id: bodyId });
export const studentWholeNumbers = z.object({
  id: z.number(),
  idCard: z.string().nullable(),
  phone: z.string().nullable(),
});

export const studentParentLink = z.object({
  parentId: z.number(),
  name: z.string(),
  /** Masked; the whole number through `parent/reveal`. */
  phone: z.string(),
  relation: z.enum(PARENT_RELATIONS),
  userId: z.number().nullable(),
});

/** The student card of `getStudentInfo`. */
export const studentCard = student.extend({
  classTeachers: z.array(z.string()),
  parents: z.array(studentParentLink),
});

/** One row of an import or a form, checked without the database: what the import reports per row. */
export const studentRow = z.object({ ...studentFields, status: studentStatus.optional() });
export type StudentRowIssue = { field: string; key: MessageKey | string };

/** The rules a student row breaks, each as a field and a catalogue key; empty when the row is good. */
export function checkStudentRow(row: unknown): StudentRowIssue[] {
  const result = studentRow.safeParse(row);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ field: issue.path.join('.'), key: issue.message }));
}

export const parentAdd = z.strictObject({
  studentId: bodyId,
  relation: parentRelation,
  name: parentName,
  phone,
});
export const parentUpdate = z.strictObject({
  id: bodyId,
  name: parentName.optional(),
  phone: phoneOrMasked.optional(),
});
/** `parent/reveal`: a parent's whole phone, for whoever sees one of their children; the read is audited. */
export const parentReveal = z.strictObject({ id: bodyId });
export const parentWholePhone = z.object({ id: z.number(), phone: z.string() });
export const parentRemove = z.strictObject({ id: bodyId });
export const parentBind = z.strictObject({ parentId: bodyId, studentId: bodyId, relation: parentRelation });
export const parentUnbind = z.strictObject({ parentId: bodyId, studentId: bodyId });
export const parentPage = z.strictObject({
  schoolId: bodyId.optional(),
  studentId: bodyId.optional(),
  keyword: textFilter(30),
  ...bodyPage,
});

export const parent = z.object({
  id: z.number(),
  name: z.string(),
  /** Masked; the whole number through `parent/reveal`. */
  phone: z.string(),
  userId: z.number().nullable(),
  schoolId: z.number(),
  children: z.array(
    z.object({ studentId: z.number(), name: z.string(), studentNo: z.string(), relation: z.enum(PARENT_RELATIONS) }),
  ),
});
