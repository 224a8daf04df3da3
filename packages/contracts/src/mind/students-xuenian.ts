import { z } from 'zod';
import { bodyId } from '../portal/orgs.ts';
import { isoDate } from './students.ts';

/** First or second semester of a school year. */
export const SEMESTER_TERMS = [1, 2] as const;

/** `2025-2026`: a school year runs from one autumn to the next summer. */
export const schoolYearName = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{4}$/.test(v) && Number(v.slice(5)) === Number(v.slice(0, 4)) + 1, 'v.xuenian.name');

const semesterInput = z.strictObject({
  term: z.union([z.literal(1), z.literal(2)], { error: 'v.semester.term' }),
  startDate: isoDate,
  endDate: isoDate,
});

const yearFields = {
  name: schoolYearName,
  startDate: isoDate,
  endDate: isoDate,
  semesters: z.array(semesterInput).min(1, 'v.semester.terms').max(2, 'v.semester.terms'),
};

type YearInput = { startDate: string; endDate: string; semesters: Array<z.infer<typeof semesterInput>> };

/** Dates in order, one semester per term, each semester inside its year. */
function checkYear(year: YearInput, ctx: z.RefinementCtx): void {
  if (year.startDate >= year.endDate) {
    // Semesters cannot be checked against a year whose own dates are wrong: one message, not three.
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'v.xuenian.dates' });
    return;
  }
  const terms = year.semesters.map((s) => s.term);
  if (new Set(terms).size !== terms.length) {
    ctx.addIssue({ code: 'custom', path: ['semesters'], message: 'v.semester.terms' });
  }
  for (const [i, s] of year.semesters.entries()) {
    if (s.startDate >= s.endDate || s.startDate < year.startDate || s.endDate > year.endDate) {
      ctx.addIssue({ code: 'custom', path: ['semesters', i, 'endDate'], message: 'v.semester.dates' });
    }
  }
}

export const schoolYearAdd = z.strictObject(yearFields).superRefine(checkYear);
export const schoolYearUpdate = z.strictObject({ id: bodyId, ...yearFields }).superRefine(checkYear);
/** Makes one semester (and so its year) the current one. */
export const semesterSetCurrent = z.strictObject({ semesterId: bodyId });

export const semester = z.object({
  id: z.number(),
  term: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  current: z.boolean(),
});

/** A semester as the student's pages name it: its school year's name, the term and its dates. */
export const semesterBrief = z.object({
  id: z.number(),
  schoolYear: z.string(),
  term: z.number(),
  startDate: z.string(),
  endDate: z.string(),
});

export const schoolYear = z.object({
  id: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  current: z.boolean(),
  /** The district (top organisation) the year belongs to; null for the platform's default calendar. */
  orgId: z.number().nullable(),
  semesters: z.array(semester),
});
export type SchoolYear = z.infer<typeof schoolYear>;
