import { z } from 'zod';
import { screenBands, screenGauge, screenSchools } from './screens.ts';

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
});
export type StatisticsReport = z.infer<typeof statisticsReport>;
