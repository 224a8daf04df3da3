import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';
import { bodyId } from '../portal/orgs.ts';
import { localText } from './scales.ts';
import { screenBands, screenGauge, screenSchools } from './screens.ts';
import { REPORT_TEMPLATES } from './templates.ts';

/**
 * The statistical report (`/data/report`): a school's or the whole scope's figures for one
 * assessment task, a semester or any period (decision 0092). It reads the large screens' summary
 * tables; a period is `from` (inclusive) to `to` (exclusive), epoch milliseconds.
 */
const fields = {
  from: z.coerce.number().int().min(0, 'v.screen.period').optional(),
  to: z.coerce.number().int().min(0, 'v.screen.period').optional(),
  schoolId: z.coerce.number().int().positive('v.screen.school').optional(),
  taskId: z.coerce.number().int().positive('v.report.task').optional(),
  scaleId: z.coerce.number().int().positive('v.screen.scale').optional(),
};
const periodInOrder = (q: { from?: number | undefined; to?: number | undefined }) =>
  q.from === undefined || q.to === undefined || q.to > q.from;

export const statisticsQuery = z.object(fields).refine(periodInOrder, { message: 'v.screen.period', path: ['to'] });
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

/** The same choice as a body, to export the report through the download center. */
export const statisticsExport = z
  .strictObject({ ...fields, format: z.enum(['pdf', 'xlsx'], { error: 'v.report.format' }) })
  .refine(periodInOrder, { message: 'v.screen.period', path: ['to'] });
export type StatisticsExport = z.infer<typeof statisticsExport>;

export const statisticsReport = z.object({
  /** The task reported on, when one was chosen. */
  task: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The school reported on, when one was chosen; else the caller's whole scope. */
  school: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** No sheet, result or warning in what was chosen: the page shows an empty state. */
  empty: z.boolean(),
  /** Coverage, results and warnings of each school, and their totals. */
  schools: screenSchools,
  /** One scale's results by band, for each grade. */
  bands: screenBands,
  /** Warnings by level and state (for a task: those its results opened). */
  warnings: screenGauge,
  /** The report template the school's bureau chose (decision 0132): which sections show; `full` over several schools. */
  template: z.enum(REPORT_TEMPLATES),
});
export type StatisticsReport = z.infer<typeof statisticsReport>;

/** A student's report (`/data/studentReport?studentId=`): every assessment and warning, oldest first. */
export const studentReport = z.object({
  student: z.object({
    id: z.number(),
    name: z.string(),
    studentNo: z.string().nullable(),
    schoolName: z.string(),
    className: z.string(),
  }),
  results: z.array(
    z.object({
      id: z.number(),
      scaleId: z.number(),
      scaleName: localText,
      valid: z.boolean(),
      total: z.number().nullable(),
      band: z.object({ id: z.string(), label: localText }).nullable(),
      warningLevel: z.string().nullable(),
      submittedAt: z.number(),
      /** The norm the scale carries for its total, and how far this total lies from it (z score). */
      norm: z.object({ mean: z.number(), sd: z.number(), source: localText }).nullable(),
      z: z.number().nullable(),
    }),
  ),
  warnings: z.array(
    z.object({
      id: z.number(),
      level: z.string(),
      state: z.string(),
      reason: localText.nullable(),
      createdAt: z.number(),
      closedAt: z.number().nullable(),
    }),
  ),
});
export type StudentReport = z.infer<typeof studentReport>;
export const studentReportExport = z.strictObject({ studentId: bodyId });

/**
 * Student insight (decision 0092): why a student may need attention, each reason a documented
 * rule with its points and the records that meet it. Nothing is inferred beyond these rules.
 */
export const INSIGHT_RULES = ['openWarning', 'warnedResults', 'interviews', 'lowMood'] as const;
export type InsightRule = (typeof INSIGHT_RULES)[number];
/** The windows and thresholds of the rules, written once for the server and the page. */
export const INSIGHT_LIMITS = {
  /** Results that raised a warning within this many days count, from two of them. */
  warnedResultsDays: 180,
  warnedResultsMin: 2,
  /** Interviews recorded within this many days. */
  interviewDays: 90,
  /** Mood entries of 1 or 2 (of 5) on at least this many days within the window. */
  lowMoodDays: 14,
  lowMoodMin: 3,
  lowMoodAtMost: 2,
  /** A student is listed from this many points. */
  listedFrom: 3,
} as const;

export const insightReason = z.object({
  rule: z.enum(INSIGHT_RULES),
  points: z.number(),
  /** How many records meet the rule, and for an open warning its level. */
  count: z.number(),
  level: z.string().nullable(),
});
export const insightRow = z.object({
  studentId: z.number(),
  name: z.string(),
  studentNo: z.string().nullable(),
  schoolName: z.string(),
  className: z.string(),
  points: z.number(),
  reasons: z.array(insightReason),
});
export type InsightRow = z.infer<typeof insightRow>;
export const insightQuery = pageQuery.extend({
  schoolId: z.coerce.number().int().positive('v.screen.school').optional(),
  name: textFilter(50, 'v.report.name'),
});
export type InsightQuery = z.infer<typeof insightQuery>;

/** One student's insight with the records behind each reason, to open them. */
export const insightDetail = insightRow.extend({
  evidence: z.array(
    z.object({
      rule: z.enum(INSIGHT_RULES),
      kind: z.enum(['warning', 'result', 'interview', 'mood']),
      id: z.number(),
      at: z.number(),
      /** The level of a warning or result, the band of a result, or the mood (1-5). */
      level: z.string().nullable(),
      text: localText.nullable(),
    }),
  ),
});
export type InsightDetail = z.infer<typeof insightDetail>;

/**
 * A student's mind profile (`/mindProfile`, `apis-psychology-audit/screen/mindProfile`, decision 0105): the latest
 * result of each scale with its dimensions (for a radar, each with the highest score it can reach),
 * the warnings in time order, how many interventions were recorded, and the mood of the last 30 days.
 */
export const mindProfile = z.object({
  student: studentReport.shape.student,
  scales: z.array(
    z.object({
      scaleId: z.number(),
      scaleName: localText,
      /** How many results the student has of this scale; the figures below are the latest one's. */
      results: z.number(),
      submittedAt: z.number(),
      valid: z.boolean(),
      total: z.number().nullable(),
      band: z.object({ id: z.string(), label: localText }).nullable(),
      warningLevel: z.string().nullable(),
      dimensions: z.array(
        z.object({
          id: z.string(),
          name: localText,
          score: z.number(),
          /** The highest score the dimension can reach with the scale's options. */
          max: z.number(),
          band: z.object({ id: z.string(), label: localText }).nullable(),
        }),
      ),
    }),
  ),
  warnings: studentReport.shape.warnings,
  /** The configured warning levels, to name and colour the levels above. */
  levels: z.array(z.object({ code: z.string(), name: localText, colour: z.string() })),
  interventions: z.number(),
  /** Mood entries of the last 30 China-time days, oldest first (1 very low … `moodMax` very good). */
  moods: z.array(z.object({ day: z.string(), mood: z.number() })),
  moodMax: z.number(),
});
export type MindProfile = z.infer<typeof mindProfile>;
export const mindProfileQuery = z.strictObject({ studentId: bodyId });
