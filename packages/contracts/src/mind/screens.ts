import { z } from 'zod';
import { pageQuery } from '../paging.ts';
import { localText } from './scales.ts';

/**
 * The large screens' calls (spec section 7: screen/school queryList, queryClassTj, queryPage,
 * warning gauge). Figures come from summary tables kept with the results and warnings
 * (decision 0072); a period is `from` (inclusive) to `to` (exclusive), epoch milliseconds, both optional.
 */
const period = {
  from: z.coerce.number().int().min(0, 'v.screen.period').optional(),
  to: z.coerce.number().int().min(0, 'v.screen.period').optional(),
};
const schoolId = z.coerce.number().int().positive('v.screen.school').optional();
/**
 * A sub-district (a bureau node under the district's bureau, decision 0119) the figures are narrowed
 * to: it must lie inside the caller's organisations (decision 0125).
 */
const orgId = z.coerce.number().int().positive('v.screen.org').optional();

export const screenQuery = z
  .object({ ...period, schoolId, orgId })
  .refine((q) => q.from === undefined || q.to === undefined || q.to > q.from, {
    message: 'v.screen.period',
    path: ['to'],
  });
export type ScreenQuery = z.infer<typeof screenQuery>;

export const screenBandQuery = z
  .object({ ...period, schoolId, orgId, scaleId: z.coerce.number().int().positive('v.screen.scale').optional() })
  .refine((q) => q.from === undefined || q.to === undefined || q.to > q.from, {
    message: 'v.screen.period',
    path: ['to'],
  });
export type ScreenBandQuery = z.infer<typeof screenBandQuery>;

export const screenPageQuery = pageQuery.extend({ schoolId, orgId });
export type ScreenPageQuery = z.infer<typeof screenPageQuery>;

/** One school compared with the others: sheets assigned and answered, results, warnings. */
export const screenSchoolRow = z.object({
  schoolId: z.number(),
  name: z.string(),
  /** Sheets of student tasks assigned in the period, and how many were answered. */
  assigned: z.number(),
  done: z.number(),
  results: z.number(),
  /** Results that raised a warning. */
  warned: z.number(),
  warnings: z.number(),
  openWarnings: z.number(),
});
export type ScreenSchoolRow = z.infer<typeof screenSchoolRow>;

export const screenSchools = z.object({
  schools: z.array(screenSchoolRow),
  totals: screenSchoolRow.omit({ schoolId: true, name: true }),
  /** The sub-district asked for with `?orgId=` (decision 0125), named for the wall; absent otherwise. */
  org: z.object({ id: z.number(), name: z.string() }).optional(),
});
export type ScreenSchools = z.infer<typeof screenSchools>;

/** Results of one scale by band, for each grade (or each class of one school). */
export const screenBands = z.object({
  /** The scale shown: the one asked for, else the one with the most results; null when there are none. */
  scale: z.object({ id: z.number(), name: localText }).nullable(),
  scales: z.array(z.object({ id: z.number(), name: localText, results: z.number() })),
  bands: z.array(z.object({ id: z.string(), label: localText })),
  by: z.enum(['grade', 'class']),
  rows: z.array(z.object({ name: z.string(), total: z.number(), counts: z.record(z.string(), z.number()) })),
});
export type ScreenBands = z.infer<typeof screenBands>;

/** Warnings by level and state, and how long solved ones took. */
export const screenGauge = z.object({
  total: z.number(),
  open: z.number(),
  solved: z.number(),
  /** Mean hours from opening to solving, over the solved ones; null when none is solved. */
  meanHandlingHours: z.number().nullable(),
  levels: z.array(
    z.object({
      code: z.string(),
      name: localText,
      colour: z.string(),
      total: z.number(),
      open: z.number(),
      byState: z.record(z.string(), z.number()),
    }),
  ),
});
export type ScreenGauge = z.infer<typeof screenGauge>;

/** An open warning whose follow-up is overdue, with who holds it. */
export const screenOverdueRow = z.object({
  id: z.number(),
  studentName: z.string(),
  schoolName: z.string(),
  level: z.string(),
  state: z.string(),
  dueAt: z.number(),
  holders: z.array(z.string()),
});
export const screenOverduePage = z.object({
  list: z.array(screenOverdueRow),
  total: z.number(),
  page: z.number(),
  size: z.number(),
});
export type ScreenOverduePage = z.infer<typeof screenOverduePage>;

/** Who holds the open warnings: each handler's open and overdue counts, and those nobody holds yet. */
export const screenHolders = z.object({
  list: z.array(z.object({ userId: z.number(), name: z.string(), open: z.number(), overdue: z.number() })),
  unassigned: z.object({ open: z.number(), overdue: z.number() }),
});
export type ScreenHolders = z.infer<typeof screenHolders>;

/** Figures by month (China time), oldest first: results stored and warnings opened. */
export const screenTrend = z.object({
  months: z.array(z.object({ month: z.string(), results: z.number(), warnings: z.number() })),
});
export type ScreenTrend = z.infer<typeof screenTrend>;

/** Warnings of each grade by level (warning/radarList): where in the school the warnings are. */
export const screenGradeWarnings = z.object({
  levels: z.array(z.object({ code: z.string(), name: localText, colour: z.string() })),
  grades: z.array(
    z.object({ name: z.string(), total: z.number(), open: z.number(), counts: z.record(z.string(), z.number()) }),
  ),
});
export type ScreenGradeWarnings = z.infer<typeof screenGradeWarnings>;

/**
 * The district overview (districtScreenGs, decision 0125): results, those that warned and
 * warnings by level for each school stage, the grades folded by their names (一年级…六年级 primary,
 * 七年级…九年级 and 初一…初三 junior, 高一…高三 senior); grades named otherwise are `other`.
 */
export const SCHOOL_STAGES = ['primary', 'junior', 'senior', 'other'] as const;
export const screenStages = z.object({
  levels: z.array(z.object({ code: z.string(), name: localText, colour: z.string() })),
  stages: z.array(
    z.object({
      stage: z.enum(SCHOOL_STAGES),
      grades: z.number(),
      /** Student sheets of the period's tasks assigned and answered (the stage's screening coverage). */
      assigned: z.number(),
      done: z.number(),
      results: z.number(),
      /** Results that opened a warning. */
      warned: z.number(),
      warnings: z.number(),
      open: z.number(),
      counts: z.record(z.string(), z.number()),
    }),
  ),
});
export type ScreenStages = z.infer<typeof screenStages>;

/** A school's tasks of the period with their completion (manageScreen). */
export const screenTasks = z.object({
  list: z.array(
    z.object({ taskId: z.number(), name: z.string(), startsAt: z.number(), assigned: z.number(), done: z.number() }),
  ),
});
export type ScreenTasks = z.infer<typeof screenTasks>;

/**
 * A signed link to a school's screen (decision 0091): opens `schoolScreen` without a session and
 * shows that school's aggregates only. The token is answered once, at creation; only its hash is kept.
 */
export const screenLink = z.object({
  id: z.number(),
  schoolId: z.number(),
  schoolName: z.string(),
  note: z.string(),
  createdAt: z.number(),
  createdBy: z.string(),
  expiresAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ScreenLink = z.infer<typeof screenLink>;
export const screenLinks = z.object({ list: z.array(screenLink) });
export type ScreenLinks = z.infer<typeof screenLinks>;
export const screenLinkCreate = z.strictObject({
  schoolId: z.number().int().positive('v.screen.school').optional(),
  note: z.string().trim().max(60, 'v.screen.note').default(''),
  expiresAt: z.number().int().positive('v.screen.expiry').nullable().default(null),
});
export type ScreenLinkCreate = z.infer<typeof screenLinkCreate>;
export const screenLinkCreated = screenLink.extend({ token: z.string() });
export type ScreenLinkCreated = z.infer<typeof screenLinkCreated>;
export const screenLinkRevoke = z.strictObject({ id: z.number().int().positive() });
/** A published link's token travels in this header, which the log redacts, never in an address the server sees. */
export const SCREEN_LINK_HEADER = 'x-screen-link';
export const screenLinkHeaders = z.object({ [SCREEN_LINK_HEADER]: z.string().max(200).default('') });

/** What a published link opens: the school's name and its headline figures, aggregates only. */
export const screenPublicOverview = z.object({
  schoolName: z.string(),
  assigned: z.number(),
  done: z.number(),
  results: z.number(),
  warned: z.number(),
  warnings: z.number(),
  openWarnings: z.number(),
  expiresAt: z.number().nullable(),
});
export type ScreenPublicOverview = z.infer<typeof screenPublicOverview>;

/**
 * Counselling and home visits on the management screen (decision 0132), over the period asked for,
 * else the current semester of the one school, else all time (`semester` says which).
 */
export const screenCare = z.object({
  /** The semester counted when no period was asked for; null for a period or all time. */
  semester: z.object({ schoolYear: z.string(), term: z.number() }).nullable(),
  /** Individual counselling appointments wanted in the period, by state. */
  appointments: z.object({
    requested: z.number(),
    approved: z.number(),
    done: z.number(),
    rejected: z.number(),
    cancelled: z.number(),
  }),
  /** Group-counselling sessions held. */
  groupSessions: z.number(),
  /** Home visits recorded, and the students the period's home-visit tasks name (in scope). */
  homeVisits: z.object({ done: z.number(), planned: z.number(), tasks: z.number() }),
});
export type ScreenCare = z.infer<typeof screenCare>;

/** The sub-districts a sub-district wall may open (decision 0132): bureau nodes below the caller's own. */
export const screenNodes = z.object({
  list: z.array(z.object({ id: z.number(), name: z.string(), schools: z.number() })),
});
export type ScreenNodes = z.infer<typeof screenNodes>;

/**
 * The analysis calls of a student's file (spec section 7, analysis/itemStatus, decision 0132): reads
 * of the student's file, so the archive's scope and audit.
 */
export const studentAnalysisQuery = z.object({
  studentId: z.coerce.number().int().positive('v.screen.student'),
});
export type StudentAnalysisQuery = z.infer<typeof studentAnalysisQuery>;

/** `lastSevenDaysMood`: the student's mood on each of the last seven China-time days, null where none was kept. */
export const moodWeek = z.object({
  days: z.array(z.object({ day: z.string(), mood: z.number().nullable() })),
  moodMax: z.number(),
});
export type MoodWeek = z.infer<typeof moodWeek>;

/** `newestScaleInfo`: the student's most recent assessment result, null when none. */
export const newestScaleInfo = z
  .object({
    resultId: z.number(),
    scaleId: z.number(),
    scaleName: localText,
    submittedAt: z.number(),
    valid: z.boolean(),
    total: z.number().nullable(),
    band: z.object({ id: z.string(), label: localText }).nullable(),
    warningLevel: z.string().nullable(),
  })
  .nullable();
export type NewestScaleInfo = z.infer<typeof newestScaleInfo>;

/** `code/earlyWarningItem`: the deployment's warning levels, most severe first. */
export const warningLevelCodes = z.array(z.object({ code: z.string(), name: localText, colour: z.string() }));

/** `code/intervene`: the kinds of intervention record a warning's handlers keep, named in both languages. */
export const interveneCodes = z.array(z.object({ code: z.string(), name: localText }));
