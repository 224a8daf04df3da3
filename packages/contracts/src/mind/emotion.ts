import { z } from 'zod';
import { pageQuery } from '../paging.ts';
import { queryId } from '../portal/orgs.ts';

/**
 * Class emotion samples from campus devices and the emotion boards (issue 22, decision 0100): a
 * device estimates the emotions of the faces in a classroom and sends their distribution; Mind keeps
 * it per class and hour, never per student.
 */
export const EMOTIONS = ['happy', 'calm', 'surprised', 'sad', 'angry', 'fearful'] as const;
export type Emotion = (typeof EMOTIONS)[number];
/** The emotions counted as negative on the boards. */
export const NEGATIVE_EMOTIONS: readonly Emotion[] = ['sad', 'angry', 'fearful'];

export const EMOTION_LIMITS = {
  sampleIdMax: 64,
  /** How far the shares of a sample may miss 1 (rounding on the device). */
  sumTolerance: 0.01,
  facesMax: 500,
  /** The longest range one board answers, in days. */
  rangeDaysMax: 400,
} as const;

const share = z.number().min(0, 'emotion.badShare').max(1, 'emotion.badShare');

/** What a device sends: the shares of each emotion among the faces it saw in a class at one time. */
export const emotionSampleIn = z.strictObject({
  /** The idempotency key: a retry with the same id is stored once. */
  sampleId: z.string().trim().min(1).max(EMOTION_LIMITS.sampleIdMax),
  classId: z.number().int().positive(),
  occurredAt: z.number().int().positive(),
  /** How many faces the estimate is over. */
  faces: z.number().int().min(1).max(EMOTION_LIMITS.facesMax),
  emotions: z.strictObject(Object.fromEntries(EMOTIONS.map((e) => [e, share])) as Record<Emotion, typeof share>),
});
export type EmotionSampleIn = z.infer<typeof emotionSampleIn>;

export const emotionSampleAccepted = z.object({ sampleId: z.number(), duplicate: z.boolean() });

export const distribution = z.object(
  Object.fromEntries(EMOTIONS.map((e) => [e, z.number()])) as Record<Emotion, z.ZodNumber>,
);
export type Distribution = z.infer<typeof distribution>;

export const EMOTION_PERIODS = ['day', 'week', 'month'] as const;
export type EmotionPeriod = (typeof EMOTION_PERIODS)[number];

/** A board's question: one school (or one class of it), over `from`..`to` (inclusive days, `YYYY-MM-DD`, Beijing time). */
export const emotionBoardQuery = z.object({
  schoolId: queryId.optional(),
  classId: queryId.optional(),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'emotion.badRange'),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'emotion.badRange'),
  by: z.enum(EMOTION_PERIODS).default('day'),
});
export type EmotionBoardQuery = z.infer<typeof emotionBoardQuery>;

/** The shares over some samples: weighted by their faces, each in 0..1; `negative` is their negative part. */
export const emotionTotals = z.object({
  samples: z.number(),
  faces: z.number(),
  distribution,
  negative: z.number(),
});
export type EmotionTotals = z.infer<typeof emotionTotals>;

export const emotionBoard = z.object({
  schoolId: z.number().nullable(),
  schoolName: z.string().nullable(),
  classId: z.number().nullable(),
  className: z.string().nullable(),
  total: emotionTotals,
  /** One point per day, week (its Monday) or month (`YYYY-MM`) with samples. */
  trend: z.array(emotionTotals.extend({ period: z.string() })),
  /** The classes compared, most negative first, each with its negative share per period. */
  classes: z.array(
    emotionTotals.extend({
      classId: z.number(),
      className: z.string(),
      trend: z.array(z.object({ period: z.string(), negative: z.number(), faces: z.number() })),
    }),
  ),
  /** Hours of the day (0-23, Beijing time) with samples. */
  hours: z.array(emotionTotals.extend({ hour: z.number() })),
});
export type EmotionBoard = z.infer<typeof emotionBoard>;

/** The emotion record: one row per day, with the class that was most negative that day. */
export const emotionRecordDay = emotionTotals.extend({
  day: z.string(),
  classes: z.number(),
  mostNegativeClass: z.string().nullable(),
  mostNegative: z.number().nullable(),
});
export type EmotionRecordDay = z.infer<typeof emotionRecordDay>;

/** The emotion log: the samples the school's devices sent, newest first, paged (decision 0100). */
export const emotionLogQuery = emotionBoardQuery.omit({ by: true }).extend(pageQuery.shape);
export type EmotionLogQuery = z.infer<typeof emotionLogQuery>;

export const emotionLogRow = z.object({
  id: z.number(),
  occurredAt: z.number(),
  receivedAt: z.number(),
  deviceName: z.string(),
  className: z.string(),
  faces: z.number(),
  distribution,
  negative: z.number(),
});
export type EmotionLogRow = z.infer<typeof emotionLogRow>;

/**
 * The emotion screens (decision 0119): the district's schools compared by their negative share,
 * its trend, and the classes over the threshold, read from the class-day summaries.
 */
export const EMOTION_SCREEN = {
  /** A class whose negative share over the days reaches this is listed on the screens. */
  negativeThreshold: 0.3,
  /** How many schools and classes a wall lists. */
  listed: 12,
} as const;

export const emotionScreenQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'emotion.badRange'),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'emotion.badRange'),
  by: z.enum(['day', 'week']).default('day'),
});
export type EmotionScreenQuery = z.infer<typeof emotionScreenQuery>;

/** The sub-district screen names the organisation node (a bureau under the caller's) it is narrowed to. */
export const emotionNodeScreenQuery = emotionScreenQuery.extend({ orgId: queryId });
export type EmotionNodeScreenQuery = z.infer<typeof emotionNodeScreenQuery>;

export const emotionDistrictScreen = z.object({
  /** The node the figures are narrowed to; null for the caller's whole scope. */
  org: z.object({ id: z.number(), name: z.string() }).nullable(),
  total: emotionTotals,
  /** Schools with samples, most negative first, each with how many of its classes are over the threshold. */
  schools: z.array(emotionTotals.extend({ schoolId: z.number(), schoolName: z.string(), classesOver: z.number() })),
  trend: z.array(emotionTotals.extend({ period: z.string() })),
  threshold: z.number(),
  /** Classes whose negative share over the days reaches the threshold, most negative first. */
  classesOver: z.array(
    z.object({
      classId: z.number(),
      className: z.string(),
      schoolName: z.string(),
      negative: z.number(),
      faces: z.number(),
    }),
  ),
  classesOverTotal: z.number(),
});
export type EmotionDistrictScreen = z.infer<typeof emotionDistrictScreen>;
