import { z } from 'zod';
import { attachedFile, FILE_PATH } from '../portal/files.ts';
import { bodyId, bodyPage, queryId } from '../portal/orgs.ts';
import { localText } from './scales.ts';

/**
 * The warning workflow (decision 0033): new → set up → published → intervening → solved, with
 * hand-over to a higher level and cancelling on the way. `handedOver` means the bureau holds it.
 */
export const WARNING_STATES = [
  'new',
  'setUp',
  'published',
  'intervening',
  'handedOver',
  'solved',
  'cancelled',
] as const;
export type WarningState = (typeof WARNING_STATES)[number];
export const WARNING_ACTIONS = [
  'open',
  'setup',
  'publish',
  'intervene',
  'solve',
  'handover',
  'escalate',
  'cancel',
  'retry',
  'relevel',
  // A note for the handler that changes neither state nor level (a correction that lowered the score).
  'note',
] as const;
export type WarningAction = (typeof WARNING_ACTIONS)[number];
/** What raised a warning: a scale result, a teacher's report, an observation, the crisis check on a journal note. */
export const WARNING_SOURCES = [
  'assessment',
  'report',
  'observation',
  'journal',
  'interview',
  'treeHole',
  'campus',
] as const;
export type WarningSource = (typeof WARNING_SOURCES)[number];
/** Where the notice of a published warning stands; `failed` is what `retry` sends again. */
export const PUSH_STATES = ['none', 'pending', 'sent', 'failed'] as const;
export type PushState = (typeof PUSH_STATES)[number];
export const INTERVENTION_KINDS = ['interview', 'plan', 'returnVisit', 'referral'] as const;
export type InterventionKind = (typeof INTERVENTION_KINDS)[number];
export const RETURN_VISIT_METHODS = ['phone', 'visit', 'online', 'parent'] as const;

export const WARNING_LIMITS = { reasonMax: 500, textMax: 2000, attachmentsMax: 9, levelsMax: 10 } as const;

const reason = z.string().trim().min(1, 'v.warning.reason').max(WARNING_LIMITS.reasonMax, 'v.warning.reason');
const levelCode = z.string().regex(/^[a-z][a-zA-Z0-9]{0,19}$/, 'v.warningLevel.code');
const text = (key: 'v.intervene.text') => z.string().trim().max(WARNING_LIMITS.textMax, key);

/** One configured level: its code (stored on warnings), names, colour and rank (1 is the most severe). */
export const warningLevel = z.strictObject({
  code: levelCode,
  name: z.strictObject({
    'zh-CN': z.string().trim().min(1, 'v.warningLevel.name').max(20, 'v.warningLevel.name'),
    en: z.string().trim().min(1, 'v.warningLevel.name').max(20, 'v.warningLevel.name'),
  }),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'v.warningLevel.colour'),
  rank: z.number().int().min(1, 'v.warningLevel.rank').max(WARNING_LIMITS.levelsMax, 'v.warningLevel.rank'),
});
export type WarningLevel = z.infer<typeof warningLevel>;
export const warningLevelsSave = z.strictObject({
  levels: z
    .array(warningLevel)
    .min(1, 'v.warningLevel.count')
    .max(WARNING_LIMITS.levelsMax, 'v.warningLevel.count')
    .refine((ls) => new Set(ls.map((l) => l.code)).size === ls.length, 'v.warningLevel.duplicate')
    .refine((ls) => new Set(ls.map((l) => l.rank)).size === ls.length, 'v.warningLevel.duplicateRank'),
});

/** A warning raised by a teacher's report or an observation, not by a scale. */
export const warningReport = z.strictObject({
  studentId: bodyId,
  level: levelCode,
  source: z.enum(['report', 'observation'], { error: 'v.warning.source' }),
  reason,
});

/** The warning page's filters (query string). */
export const warningQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
  level: levelCode.optional(),
  state: z.enum(WARNING_STATES, { error: 'v.warning.state' }).optional(),
  /** What raised the warnings (the cockpit's card of the automatic rules links here, decision 0141). */
  source: z.enum(WARNING_SOURCES, { error: 'v.warning.sourceType' }).optional(),
  schoolId: queryId.optional(),
  gradeId: queryId.optional(),
  classId: queryId.optional(),
  studentId: queryId.optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
export type WarningQuery = z.infer<typeof warningQuery>;
export type WarningFilters = Omit<WarningQuery, 'page' | 'size'>;

export const warningSetup = z.strictObject({
  id: bodyId,
  psychologyUserId: bodyId,
  classTeacherUserId: bodyId.nullable().default(null),
});
export const warningId = z.strictObject({ id: bodyId });
export const warningSolve = z.strictObject({
  id: bodyId,
  conclusion: z.string().trim().min(1, 'v.warning.conclusion').max(WARNING_LIMITS.reasonMax, 'v.warning.conclusion'),
});
export const warningHandover = z
  .strictObject({
    id: bodyId,
    to: z.enum(['person', 'higher'], { error: 'v.warning.handoverTo' }),
    userId: bodyId.optional(),
    reason,
  })
  .refine((b) => b.to === 'higher' || b.userId !== undefined, { message: 'v.warning.handoverUser', path: ['userId'] });
export const warningCancel = z.strictObject({ id: bodyId, reason });
export const warningRelevel = z.strictObject({ id: bodyId, level: levelCode, reason });

export const warningRow = z.object({
  id: z.number(),
  studentId: z.number(),
  studentName: z.string(),
  studentNo: z.string(),
  schoolId: z.number(),
  gradeId: z.number(),
  classId: z.number().nullable(),
  level: z.string(),
  rule: z.string(),
  reason: z.object({ 'zh-CN': z.string().optional(), en: z.string().optional() }),
  source: z.enum(WARNING_SOURCES),
  /** What raised it: the result, the report's user, or for `campus` the behaviour alert. */
  sourceId: z.number(),
  state: z.enum(WARNING_STATES),
  pushState: z.enum(PUSH_STATES),
  psychologyUserId: z.number().nullable(),
  classTeacherUserId: z.number().nullable(),
  /** The handlers' names, so that a reader who may not list the school's teachers still sees who handles it. */
  psychologyName: z.string().nullable(),
  classTeacherName: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export const warningHistoryRow = z.object({
  action: z.enum(WARNING_ACTIONS),
  fromState: z.enum(WARNING_STATES).nullable(),
  toState: z.enum(WARNING_STATES),
  fromLevel: z.string().nullable(),
  toLevel: z.string().nullable(),
  reason: z.string().nullable(),
  byUserId: z.number().nullable(),
  byName: z.string().nullable(),
  at: z.number(),
});

/** One intervention record: an interview, a plan, a return visit or a referral. */
export const interventionSave = z
  .strictObject({
    warningId: bodyId,
    kind: z.enum(INTERVENTION_KINDS, { error: 'v.intervene.kind' }),
    happenedAt: z.number().int().min(0, 'v.intervene.happenedAt'),
    place: text('v.intervene.text').default(''),
    people: text('v.intervene.text').default(''),
    content: z.string().trim().min(1, 'v.intervene.content').max(WARNING_LIMITS.textMax, 'v.intervene.content'),
    assessment: text('v.intervene.text').default(''),
    nextStep: text('v.intervene.text').default(''),
    /** Return visits: how the student was reached. */
    method: z.enum(RETURN_VISIT_METHODS, { error: 'v.returnVisit.method' }).optional(),
    /** Referrals: where the student was referred. */
    institution: text('v.intervene.text').default(''),
    /** Paths of files the author uploaded with `file/upload/attachment` (the spec's file reference key). */
    attachments: z
      .array(z.string().regex(FILE_PATH, 'intervene.attachment'))
      .max(WARNING_LIMITS.attachmentsMax, 'v.intervene.attachments')
      .default([]),
    /** Seen only by its author and roles granted `/data/intervene:privateNotes`. */
    privateNote: text('v.intervene.text').default(''),
    nextFollowUpAt: z.number().int().nullable().default(null),
  })
  .refine((b) => b.kind !== 'interview' || (b.place !== '' && b.people !== ''), {
    message: 'v.interview.placePeople',
    path: ['place'],
  })
  .refine((b) => b.kind !== 'returnVisit' || b.method !== undefined, {
    message: 'v.returnVisit.method',
    path: ['method'],
  })
  .refine((b) => b.kind !== 'referral' || b.institution !== '', {
    message: 'v.referral.institution',
    path: ['institution'],
  })
  .refine((b) => b.nextFollowUpAt === null || b.nextFollowUpAt > b.happenedAt, {
    message: 'v.intervene.followUp',
    path: ['nextFollowUpAt'],
  });
export type InterventionSave = z.infer<typeof interventionSave>;

export const interventionQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
  warningId: queryId.optional(),
  studentId: queryId.optional(),
  kind: z.enum(INTERVENTION_KINDS, { error: 'v.intervene.kind' }).optional(),
});

export const interventionRow = z.object({
  id: z.number(),
  warningId: z.number(),
  studentId: z.number(),
  studentName: z.string(),
  kind: z.enum(INTERVENTION_KINDS),
  happenedAt: z.number(),
  place: z.string(),
  people: z.string(),
  content: z.string(),
  assessment: z.string(),
  nextStep: z.string(),
  method: z.string().nullable(),
  institution: z.string(),
  attachments: z.array(attachedFile),
  /** Null when the reader may not see it. */
  privateNote: z.string().nullable(),
  nextFollowUpAt: z.number().nullable(),
  authorId: z.number(),
  authorName: z.string(),
  createdAt: z.number(),
});

/** The reminder model: how often each level's open warnings must be followed up. */
export const reminderRule = z.strictObject({
  level: levelCode,
  everyDays: z.number().int().min(1, 'v.reminder.everyDays').max(90, 'v.reminder.everyDays'),
  remindBeforeHours: z.number().int().min(0, 'v.reminder.before').max(72, 'v.reminder.before'),
});
export const reminderConfiguration = z.strictObject({
  enabled: z.boolean(),
  rules: z
    .array(reminderRule)
    .max(WARNING_LIMITS.levelsMax, 'v.reminder.rules')
    .refine((rs) => new Set(rs.map((r) => r.level)).size === rs.length, 'v.reminder.duplicate'),
});
export type ReminderConfiguration = z.infer<typeof reminderConfiguration>;

/** `process/rule/djft` (decision 0135): each level's follow-up rule as applied, a level without its own the default. */
export const followUpRules = z.object({
  enabled: z.boolean(),
  levels: z.array(
    z.object({
      code: z.string(),
      name: localText,
      colour: z.string(),
      everyDays: z.number(),
      remindBeforeHours: z.number(),
      own: z.boolean(),
    }),
  ),
});
export type FollowUpRules = z.infer<typeof followUpRules>;

/** The sources whose warnings the platform opens by itself, no one reporting them (decision 0135). */
export const AUTOMATIC_WARNING_SOURCES = ['assessment', 'journal', 'treeHole', 'interview'] as const;

/** `process/rule/zngy` (decision 0135): each automatic warning rule that fired, with its warnings by level. */
export const automaticRules = z.object({
  total: z.number(),
  rules: z.array(
    z.object({
      source: z.enum(AUTOMATIC_WARNING_SOURCES),
      rule: z.string(),
      /** The scale whose rule it is, for assessment warnings. */
      scale: z.object({ id: z.number(), name: localText }).nullable(),
      level: z.string(),
      raised: z.number(),
      open: z.number(),
      solved: z.number(),
      cancelled: z.number(),
      lastAt: z.number(),
    }),
  ),
});
export type AutomaticRules = z.infer<typeof automaticRules>;

export const todoList = z.strictObject({ ...bodyPage, status: z.enum(['open', 'done', 'all']).default('open') });
export const todoStatus = z.strictObject({
  id: bodyId,
  status: z.enum(['done', 'open'], { error: 'v.todo.status' }),
});

export const warningDetail = warningRow.extend({
  history: z.array(warningHistoryRow),
  interventions: z.array(interventionRow),
});
export const studentWarnings = z.object({
  studentId: z.number(),
  warnings: z.array(warningRow.extend({ history: z.array(warningHistoryRow) })),
});
export const warningStatistics = z.object({
  total: z.number(),
  byState: z.record(z.string(), z.number()),
  byLevel: z.record(z.string(), z.number()),
});
export const attentionQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
  withinHours: z.coerce.number().int().min(0).max(720).optional(),
});
export const attentionRow = z.object({
  warningId: z.number(),
  studentId: z.number(),
  studentName: z.string(),
  schoolId: z.number(),
  classId: z.number().nullable(),
  level: z.string(),
  state: z.enum(WARNING_STATES),
  dueAt: z.number(),
  overdue: z.boolean(),
});
export const reminderChangeRow = z.object({
  id: z.number(),
  before: reminderConfiguration,
  after: reminderConfiguration,
  byUserId: z.number(),
  byName: z.string(),
  at: z.number(),
});
export const todoRow = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  sourceType: z.string(),
  sourceId: z.number(),
  createdAt: z.number(),
  doneAt: z.number().nullable(),
});
