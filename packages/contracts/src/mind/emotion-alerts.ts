import { z } from 'zod';
import { pageQuery } from '../paging.ts';
import { bodyId, queryId } from '../portal/orgs.ts';

/**
 * Emotion alerts (intelEmotion) and the behaviour journal (behaviorJournal), issue 22, decision 0118:
 * a class's negative share of a Beijing day crossing its school's threshold raises one alert per
 * class and day; the journal sums a school's security and emotion alerts per day.
 */
export const EMOTION_ALERT_LEVELS = ['attention', 'serious'] as const;
export type EmotionAlertLevel = (typeof EMOTION_ALERT_LEVELS)[number];
export const EMOTION_ALERT_STATES = ['open', 'handled'] as const;
export type EmotionAlertState = (typeof EMOTION_ALERT_STATES)[number];

export const EMOTION_ALERT_LIMITS = {
  /** The threshold a school without its own uses: 40 % of the faces negative over the day. */
  thresholdDefault: 0.4,
  thresholdMin: 0.05,
  thresholdMax: 0.95,
  /** How far above the threshold a day is serious. */
  seriousAbove: 0.2,
  noteMax: 500,
  /** The longest range the list or the journal answers, in days. */
  rangeDaysMax: 400,
} as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'emotionAlert.badRange');

export const emotionAlertQuery = z
  .object({
    schoolId: queryId.optional(),
    gradeId: queryId.optional(),
    classId: queryId.optional(),
    from: day,
    to: day,
    level: z.enum(EMOTION_ALERT_LEVELS).optional(),
    state: z.enum(EMOTION_ALERT_STATES).optional(),
  })
  .extend(pageQuery.shape);
export type EmotionAlertQuery = z.infer<typeof emotionAlertQuery>;

export const emotionAlert = z.object({
  id: z.number(),
  schoolId: z.number(),
  schoolName: z.string(),
  classId: z.number(),
  className: z.string(),
  /** `YYYY-MM-DD`, Beijing time. */
  day: z.string(),
  /** The day's negative share when it last crossed, and its highest. */
  negative: z.number(),
  peak: z.number(),
  threshold: z.number(),
  level: z.enum(EMOTION_ALERT_LEVELS),
  state: z.enum(EMOTION_ALERT_STATES),
  raisedAt: z.number(),
  updatedAt: z.number(),
  handledByName: z.string().nullable(),
  handledAt: z.number().nullable(),
  note: z.string().nullable(),
});
export type EmotionAlert = z.infer<typeof emotionAlert>;

export const emotionAlertHandle = z.strictObject({
  note: z.string().trim().min(1, 'v.emotionAlert.note').max(EMOTION_ALERT_LIMITS.noteMax, 'v.emotionAlert.note'),
});
export type EmotionAlertHandle = z.infer<typeof emotionAlertHandle>;

export const emotionThresholdQuery = z.object({ schoolId: queryId });
export const emotionThreshold = z.object({
  schoolId: z.number(),
  threshold: z.number(),
  /** Whether the school chose it, or uses the default. */
  own: z.boolean(),
});
export type EmotionThreshold = z.infer<typeof emotionThreshold>;
export const emotionThresholdInput = z.strictObject({
  schoolId: bodyId,
  threshold: z
    .number()
    .min(EMOTION_ALERT_LIMITS.thresholdMin, 'v.emotionAlert.threshold')
    .max(EMOTION_ALERT_LIMITS.thresholdMax, 'v.emotionAlert.threshold'),
});
export type EmotionThresholdInput = z.infer<typeof emotionThresholdInput>;

/** A site message about an emotion alert, for the person a push rule names. */
export const emotionAlertNotice = z.object({
  id: z.number(),
  alertId: z.number(),
  schoolName: z.string(),
  className: z.string(),
  day: z.string(),
  negative: z.number(),
  createdAt: z.number(),
  readAt: z.number().nullable(),
});
export type EmotionAlertNotice = z.infer<typeof emotionAlertNotice>;

/** The behaviour journal's question: one school (or the caller's scope), `from`..`to` inclusive. */
export const behaviorJournalQuery = z.object({ schoolId: queryId.optional(), from: day, to: day });
export type BehaviorJournalQuery = z.infer<typeof behaviorJournalQuery>;

/** One day of a school's journal: its alerts, how they stand, and what was done. */
export const behaviorJournalDay = z.object({
  day: z.string(),
  security: z.object({
    total: z.number(),
    solved: z.number(),
    falseAlarm: z.number(),
    open: z.number(),
    /** Event types of the day, most frequent first. */
    byType: z.array(z.object({ type: z.string(), count: z.number() })),
  }),
  emotion: z.object({ total: z.number(), handled: z.number(), serious: z.number() }),
  /** What was done: the results and notes written that day, oldest first. */
  actions: z.array(
    z.object({
      kind: z.enum(['security', 'emotion']),
      at: z.number(),
      byName: z.string().nullable(),
      text: z.string(),
    }),
  ),
});
export type BehaviorJournalDay = z.infer<typeof behaviorJournalDay>;

/** The grades of a school with their classes, for the alert list's pickers (decision 0143). */
export const emotionAlertClassesQuery = z.object({ schoolId: queryId });
export const emotionAlertGrade = z.object({
  gradeId: z.number(),
  gradeName: z.string(),
  classes: z.array(z.object({ classId: z.number(), className: z.string() })),
});
export type EmotionAlertGrade = z.infer<typeof emotionAlertGrade>;
