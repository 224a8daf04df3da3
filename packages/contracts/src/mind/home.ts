import { z } from 'zod';
import { ASSESSMENT_KINDS } from './assessments.ts';
import { todoRow } from './interventions.ts';

/** How many rows each card of the home page lists; its total says how many there are in all. */
export const HOME_CARD_ROWS = 5;

const week = 7 * 24 * 3_600_000;

/** The week the caller's home page covers, from their own Monday 00:00 (their clock, their time zone). */
export const homeSummaryQuery = z
  .object({
    weekFrom: z.coerce.number().int().min(0, 'v.home.week'),
    weekTo: z.coerce.number().int().min(0, 'v.home.week'),
  })
  .refine((q) => q.weekTo > q.weekFrom && q.weekTo - q.weekFrom <= week + 3_600_000, {
    message: 'v.home.week',
    path: ['weekTo'],
  });
export type HomeSummaryQuery = z.infer<typeof homeSummaryQuery>;

const card = <T extends z.ZodType>(row: T) => z.object({ total: z.number(), list: z.array(row) });

/**
 * Mind's home page in one answer, scoped to the caller: their open to-dos, the running
 * assessment tasks with their progress, the new warnings by level, this week's interviews and
 * the home-visit tasks that end this week. A card the caller's role may not open is `null`.
 * `usage` is how often the caller opened each sidebar item, for the shortcuts.
 */
export const homeSummary = z.object({
  todos: card(todoRow),
  tasks: card(
    z.object({
      id: z.number(),
      name: z.string(),
      kind: z.enum(ASSESSMENT_KINDS),
      endsAt: z.number(),
      assignees: z.number(),
      done: z.number(),
    }),
  ).nullable(),
  warnings: z
    .object({
      total: z.number(),
      byLevel: z.array(
        z.object({
          code: z.string(),
          name: z.object({ 'zh-CN': z.string().optional(), en: z.string().optional() }),
          colour: z.string(),
          count: z.number(),
        }),
      ),
    })
    .nullable(),
  interviews: card(
    z.object({ id: z.number(), warningId: z.number(), studentName: z.string(), happenedAt: z.number() }),
  ).nullable(),
  homeVisits: card(z.object({ id: z.number(), name: z.string(), endsAt: z.number(), visited: z.number() })).nullable(),
  usage: z.array(z.object({ appId: z.number(), clicks: z.number() })),
});
export type HomeSummary = z.infer<typeof homeSummary>;
