import { z } from 'zod';
import { queryId } from '../portal/orgs.ts';

/**
 * Areas (qy, qyList) and the student roll (xs), decision 0109: an area is a bureau below the
 * caller's (schools directly under the caller's bureau form the area named after it); its figures
 * come from the screens' summary rows and the roster's counts, never a single student.
 */
const figures = {
  /** Students on the roll (studying or suspended; not graduated, transferred or disabled). */
  students: z.number(),
  /** Assessment sheets handed out and answered, all tasks so far. */
  assigned: z.number(),
  done: z.number(),
  /** Assessment results and those that raised a warning. */
  results: z.number(),
  warned: z.number(),
  /** Warnings not yet closed. */
  openWarnings: z.number(),
};

export const areaSummary = z.object({ orgId: z.number(), name: z.string(), schools: z.number(), ...figures });
export type AreaSummary = z.infer<typeof areaSummary>;

export const areaList = z.object({ areas: z.array(areaSummary) });
export type AreaList = z.infer<typeof areaList>;

export const areaQuery = z.object({ orgId: queryId });
export type AreaQuery = z.infer<typeof areaQuery>;

export const areaSchool = z.object({ schoolId: z.number(), name: z.string(), ...figures });
export type AreaSchool = z.infer<typeof areaSchool>;

export const areaView = z.object({
  orgId: z.number(),
  name: z.string(),
  schools: z.array(areaSchool),
  totals: z.object(figures),
});
export type AreaView = z.infer<typeof areaView>;

/** One class of the student roll (xs): where it sits and how many students it holds. */
export const rollClass = z.object({
  classId: z.number(),
  className: z.string(),
  gradeId: z.number().nullable(),
  gradeName: z.string().nullable(),
  schoolId: z.number(),
  schoolName: z.string(),
  students: z.number(),
});
export type RollClass = z.infer<typeof rollClass>;

export const rollQuery = z.object({ schoolId: queryId.optional() });
export type RollQuery = z.infer<typeof rollQuery>;

export const classRoll = z.object({ classes: z.array(rollClass), students: z.number() });
export type ClassRoll = z.infer<typeof classRoll>;
