import { z } from 'zod';
import { bodyId, bodyPage } from '../portal/orgs.ts';
import { isoDate } from './students.ts';

/**
 * The daily-work pages, each a list of dated records with one form (decision 0034):
 * school work news, a teacher's observation of a student, an observation of a school's
 * psychology work, a student's setback, a teacher's description of a student, and the register
 * of the school's psychology teachers.
 */
export const DAILY_KINDS = [
  'dailyDynamic',
  'dailyObservationOfTeachers',
  'observationSchool',
  'setback',
  'describeManage',
  'mentalTeacherManage',
] as const;
export type DailyKind = (typeof DAILY_KINDS)[number];
/** The kinds whose record is about one student (and so belongs to their archive). */
export const DAILY_STUDENT_KINDS: readonly DailyKind[] = ['dailyObservationOfTeachers', 'setback', 'describeManage'];
export const DAILY_LIMITS = { titleMax: 50, contentMax: 2000, categoryMax: 20 } as const;

const fields = {
  /** The school the record belongs to; for a student's record it is the student's school. */
  schoolId: bodyId.nullable().default(null),
  studentId: bodyId.nullable().default(null),
  occurredOn: isoDate,
  category: z.string().trim().max(DAILY_LIMITS.categoryMax, 'v.daily.category').nullable().default(null),
  title: z.string().trim().min(1, 'v.daily.title').max(DAILY_LIMITS.titleMax, 'v.daily.title'),
  content: z.string().trim().min(1, 'v.daily.content').max(DAILY_LIMITS.contentMax, 'v.daily.content'),
};
export const dailyAdd = z.strictObject(fields);
export type DailyAdd = z.infer<typeof dailyAdd>;
export const dailyUpdate = z.strictObject({ id: bodyId, ...fields });
export type DailyUpdate = z.infer<typeof dailyUpdate>;
export const dailyPage = z.strictObject({
  schoolId: bodyId.optional(),
  studentId: bodyId.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  ...bodyPage,
});
export type DailyFilters = Omit<z.infer<typeof dailyPage>, 'page' | 'size'>;
export const dailyRecord = z.object({
  id: z.number(),
  kind: z.enum(DAILY_KINDS),
  schoolId: z.number(),
  classId: z.number().nullable(),
  studentId: z.number().nullable(),
  studentName: z.string().nullable(),
  occurredOn: z.string(),
  category: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  authorId: z.number(),
  authorName: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
