import { z } from 'zod';
import { queryId } from '../portal/orgs.ts';
import { emotionTotals } from './emotion.ts';
import { emotionAlert } from './emotion-alerts.ts';

/**
 * The campus psychology board (campusPsychology and its detail, decision 0124): emotion beside
 * assessment, per grade and class, read only from the summary tables (the class-day emotion sums,
 * the screen results counts and the emotion alerts). Never a single student.
 */
/** A name in the languages it has (a scale's or a band's). */
const localText = z.object({ 'zh-CN': z.string().optional(), en: z.string().optional() });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'emotion.badRange');

export const campusPsychologyQuery = z.object({ schoolId: queryId.optional(), from: day, to: day });
export type CampusPsychologyQuery = z.infer<typeof campusPsychologyQuery>;

export const campusPsychologyClassQuery = z.object({ classId: queryId, from: day, to: day });
export type CampusPsychologyClassQuery = z.infer<typeof campusPsychologyClassQuery>;

/** The latest screening of a school (its assessment task with the most recent results), by band of its main scale. */
export const screeningBands = z.object({
  taskId: z.number(),
  taskName: z.string(),
  scaleName: localText,
  /** Results of the task's scales for the place, and those that raised a warning. */
  results: z.number(),
  warned: z.number(),
  /** The main scale's bands, in the scale's order, with how many results fell in each. */
  bands: z.array(z.object({ id: z.string(), label: localText, results: z.number() })),
});
export type ScreeningBands = z.infer<typeof screeningBands>;

const placeFigures = z.object({
  /** The negative share over the days (0..1); null when no sample arrived. */
  negative: z.number().nullable(),
  samples: z.number(),
  /** The negative share per week (named by its Monday). */
  trend: z.array(z.object({ period: z.string(), negative: z.number() })),
  alertsOpen: z.number(),
  alertsHandled: z.number(),
  screening: screeningBands.nullable(),
});

export const campusPsychologyClass = placeFigures.extend({
  classId: z.number(),
  className: z.string(),
});

export const campusPsychologyGrade = placeFigures.extend({
  gradeId: z.number(),
  gradeName: z.string(),
  schoolId: z.number(),
  schoolName: z.string(),
  classes: z.array(campusPsychologyClass),
});
export type CampusPsychologyGrade = z.infer<typeof campusPsychologyGrade>;

export const campusPsychology = z.object({
  schoolId: z.number().nullable(),
  schoolName: z.string().nullable(),
  alertsOpen: z.number(),
  alertsHandled: z.number(),
  grades: z.array(campusPsychologyGrade),
});
export type CampusPsychology = z.infer<typeof campusPsychology>;

/** One class: its daily emotion trend, its emotion alerts and its latest screening by band. */
export const campusPsychologyDetail = z.object({
  classId: z.number(),
  className: z.string(),
  schoolId: z.number(),
  schoolName: z.string(),
  total: emotionTotals,
  trend: z.array(emotionTotals.extend({ period: z.string() })),
  alerts: z.array(emotionAlert),
  screening: screeningBands.nullable(),
});
export type CampusPsychologyDetail = z.infer<typeof campusPsychologyDetail>;
