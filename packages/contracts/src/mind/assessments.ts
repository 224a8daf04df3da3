import { z } from 'zod';
import { textFilter } from '../paging.ts';
import { bodyId, bodyPage, queryId } from '../portal/orgs.ts';

/** Who answers a task's scales: the students themselves, teachers, or another rater about a student. */
export const ASSESSMENT_KINDS = ['student', 'teacher', 'other'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];
/** Who rates a student in an other-rater task. */
export const OTHER_RATERS = ['classTeacher', 'parent'] as const;
export type OtherRater = (typeof OTHER_RATERS)[number];
/** How students answer a task: a questionnaire, or a conversation with the AI interviewer (decision 0102). */
export const TASK_MODES = ['questionnaire', 'interview'] as const;
export type TaskMode = (typeof TASK_MODES)[number];
export const TASK_STATES = ['draft', 'published', 'paused', 'ended'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** Limits of a task, written once for the server and the form. */
export const TASK_LIMITS = { nameMax: 50, scalesMax: 10, maxMinutesMax: 600, targetsMax: 5000 } as const;

const ids = z.array(bodyId).max(TASK_LIMITS.targetsMax, 'v.task.targets');

/** Whom a task reaches: organisations (schools, grades, classes), chosen students, chosen teachers (user ids). */
export const taskTargets = z.strictObject({
  schoolIds: ids.default([]),
  gradeIds: ids.default([]),
  classIds: ids.default([]),
  studentIds: ids.default([]),
  teacherUserIds: ids.default([]),
});
export type TaskTargets = z.infer<typeof taskTargets>;

const taskFields = {
  name: z.string().trim().min(1, 'v.task.name').max(TASK_LIMITS.nameMax, 'v.task.name'),
  kind: z.enum(ASSESSMENT_KINDS, { error: 'v.task.kind' }).default('student'),
  rater: z.enum(OTHER_RATERS, { error: 'v.task.rater' }).nullable().default(null),
  /** How students answer: a questionnaire, or a conversation with the AI interviewer (decision 0102). */
  mode: z.enum(TASK_MODES, { error: 'v.task.mode' }).default('questionnaire'),
  scaleIds: z
    .array(bodyId, { error: 'v.task.scales' })
    .min(1, 'v.task.scales')
    .max(TASK_LIMITS.scalesMax, 'v.task.scales'),
  targets: taskTargets,
  /** Epoch milliseconds. */
  startsAt: z.number({ error: 'v.task.window' }).int().positive('v.task.window'),
  endsAt: z.number({ error: 'v.task.window' }).int().positive('v.task.window'),
  retest: z.boolean().default(false),
  showReport: z.boolean().default(false),
  /** Minutes from starting a scale to submitting it; null for no limit. */
  maxMinutes: z
    .number()
    .int()
    .min(1, 'v.task.maxMinutes')
    .max(TASK_LIMITS.maxMinutesMax, 'v.task.maxMinutes')
    .nullable()
    .default(null),
};

const windowRule = (t: { startsAt: number; endsAt: number }) => t.endsAt > t.startsAt;
const raterRule = (t: { kind: AssessmentKind; rater: OtherRater | null }) =>
  (t.kind === 'other') === (t.rater !== null);
/** Only students are interviewed by the AI: teachers and other raters answer questionnaires. */
const modeRule = (t: { kind: AssessmentKind; mode: TaskMode }) => t.mode === 'questionnaire' || t.kind === 'student';

export const taskCreate = z
  .strictObject(taskFields)
  .refine(windowRule, { message: 'v.task.window', path: ['endsAt'] })
  .refine(raterRule, { message: 'v.task.rater', path: ['rater'] })
  .refine(modeRule, { message: 'v.task.mode', path: ['mode'] });
export type TaskCreate = z.infer<typeof taskCreate>;

export const taskEdit = z
  .strictObject({ id: bodyId, ...taskFields })
  .refine(windowRule, { message: 'v.task.window', path: ['endsAt'] })
  .refine(raterRule, { message: 'v.task.rater', path: ['rater'] })
  .refine(modeRule, { message: 'v.task.mode', path: ['mode'] });
export type TaskEdit = z.infer<typeof taskEdit>;

export const taskIdBody = z.strictObject({ id: bodyId });
export const taskIdQuery = z.object({ id: queryId });

export const taskPage = z.strictObject({
  ...bodyPage,
  name: textFilter(TASK_LIMITS.nameMax),
  state: z.enum(TASK_STATES).optional(),
  kind: z.enum(ASSESSMENT_KINDS).optional(),
  mode: z.enum(TASK_MODES).optional(),
});

export const task = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  rater: z.enum(OTHER_RATERS).nullable(),
  mode: z.enum(TASK_MODES),
  state: z.enum(TASK_STATES),
  orgId: z.number(),
  orgName: z.string(),
  scales: z.array(z.object({ scaleId: z.number(), versionId: z.number().nullable(), name: z.string() })),
  targets: taskTargets,
  startsAt: z.number(),
  endsAt: z.number(),
  retest: z.boolean(),
  showReport: z.boolean(),
  maxMinutes: z.number().nullable(),
  assignees: z.number(),
  done: z.number(),
  publishedAt: z.number().nullable(),
  createdAt: z.number(),
  /** A school's copy of a bureau task: the bureau task it was synced from (decision 0139). */
  sourceTaskId: z.number().nullable(),
  /** A bureau task: the schools it has been synced to. */
  copies: z.number(),
  /** Whether the caller may sync it to schools: a bureau's unpublished task, and the caller its publisher. */
  syncable: z.boolean(),
});
export type Task = z.infer<typeof task>;

/** What a sync to schools did: copies created, unstarted copies updated, unchanged, and started copies kept as they were. */
export const taskSyncResult = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  kept: z.number(),
});
export type TaskSyncResult = z.infer<typeof taskSyncResult>;

/** Deleting a synced bureau task: copies withdrawn, copies kept (started), whether the task itself went, and what to tell the user. */
export const taskWithdrawal = z.object({
  withdrawn: z.number(),
  kept: z.number(),
  deleted: z.boolean(),
  message: z.string(),
});
export type TaskWithdrawal = z.infer<typeof taskWithdrawal>;

/** Completion grouped by school, grade or class. */
export const progressQuery = z.strictObject({
  id: bodyId,
  by: z.enum(['school', 'grade', 'class']).default('class'),
});
export const progressRow = z.object({
  orgId: z.number(),
  orgName: z.string(),
  total: z.number(),
  done: z.number(),
  started: z.number(),
});
export const progress = z.object({
  total: z.number(),
  done: z.number(),
  started: z.number(),
  rows: z.array(progressRow),
});

export const unansweredQuery = z.strictObject({ id: bodyId, ...bodyPage, classId: bodyId.optional() });
export const unanswered = z.object({
  assigneeId: z.number(),
  studentId: z.number().nullable(),
  name: z.string(),
  studentNo: z.string().nullable(),
  orgName: z.string().nullable(),
  scaleId: z.number(),
  state: z.enum(['todo', 'started']),
});
export const remindResult = z.object({ reminded: z.number() });

/** H5: one scale of one task, answered by the signed-in student or rater (about `studentId` for another rater). */
export const sheetRef = z.strictObject({ taskId: bodyId, scaleId: bodyId, studentId: bodyId.optional() });
export const sheetRefQuery = z.object({ taskId: queryId, scaleId: queryId, studentId: queryId.optional() });
/** Item id → option value. */
export const answerMap = z.record(
  z.string().max(32, 'v.answer.item'),
  z.string({ error: 'v.answer.value' }).max(16, 'v.answer.value'),
);
export const sheetSave = z.strictObject({
  taskId: bodyId,
  scaleId: bodyId,
  studentId: bodyId.optional(),
  answers: answerMap.refine((a) => Object.keys(a).length <= 500, 'v.answer.tooMany'),
});

export const myTask = z.object({
  taskId: z.number(),
  taskName: z.string(),
  scaleId: z.number(),
  scaleName: z.string(),
  studentId: z.number().nullable(),
  studentName: z.string().nullable(),
  mode: z.enum(TASK_MODES),
  state: z.enum(['todo', 'started', 'done']),
  endsAt: z.number(),
  maxMinutes: z.number().nullable(),
  retest: z.boolean(),
});

export const sheet = z.object({
  taskId: z.number(),
  scaleId: z.number(),
  studentId: z.number().nullable(),
  state: z.enum(['todo', 'started', 'done']),
  startedAt: z.number().nullable(),
  /** When the maximum answering time runs out, if the task has one. */
  deadline: z.number().nullable(),
  answers: z.record(z.string(), z.string()),
  /** The scale as the respondent sees it (the pinned version's definition). */
  scale: z.unknown(),
});

export const submitted = z.object({
  resultId: z.number(),
  /** Whether the task lets the respondent see the report; the report only when it does. */
  showReport: z.boolean(),
  report: z.unknown().nullable(),
});

export const resultPage = z.strictObject({
  ...bodyPage,
  taskId: bodyId.optional(),
  schoolId: bodyId.optional(),
  gradeId: bodyId.optional(),
  classId: bodyId.optional(),
  scaleId: bodyId.optional(),
  studentId: bodyId.optional(),
  band: textFilter(40),
  warning: z.boolean().optional(),
});

export const resultRow = z.object({
  id: z.number(),
  taskId: z.number(),
  scaleId: z.number(),
  scaleVersionId: z.number(),
  studentId: z.number().nullable(),
  name: z.string(),
  schoolId: z.number().nullable(),
  gradeId: z.number().nullable(),
  classId: z.number().nullable(),
  valid: z.boolean(),
  total: z.number().nullable(),
  band: z.string().nullable(),
  warningLevel: z.string().nullable(),
  submittedAt: z.number(),
});
export const resultDetail = resultRow.extend({
  /** The scoring of the sheet: totals, factors, bands, flags, warnings (the scale library's ScoreResult). */
  score: z.unknown(),
  answers: z.record(z.string(), z.string()),
  durationMs: z.number().nullable(),
});
export const resultIdQuery = z.object({ id: queryId });

/** A group report: one scale's results within the scope, by school, grade, class or gender. */
export const groupReportQuery = z.strictObject({
  scaleId: bodyId,
  taskId: bodyId.optional(),
  schoolId: bodyId.optional(),
  gradeId: bodyId.optional(),
  classId: bodyId.optional(),
  by: z.enum(['school', 'grade', 'class', 'gender']).default('class'),
});
const groupFigures = {
  results: z.number(),
  valid: z.number(),
  /** Results that raised a warning: the screening's positives. */
  positive: z.number(),
  positiveRate: z.number(),
  meanTotal: z.number().nullable(),
  /** Against the scale's norm, when it has one: (mean - norm mean) / norm sd. */
  normZ: z.number().nullable(),
};
export const groupReport = z.object({
  scaleId: z.number(),
  ...groupFigures,
  norm: z.object({ mean: z.number(), sd: z.number() }).nullable(),
  bands: z.array(z.object({ band: z.string().nullable(), count: z.number() })),
  groups: z.array(z.object({ key: z.string(), name: z.string(), ...groupFigures })),
});
