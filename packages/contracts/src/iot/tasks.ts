import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';
import { queryId } from '../portal/orgs.ts';

/**
 * Timed tasks (spec sections 2, 3, 4 and 9): write values to writable data points of devices on a
 * schedule. The schedule is once at a time, every N of the spec's intervals, daily or weekly at set
 * times, or a cron expression; it runs between a start and an optional end, in a time zone.
 */
export const SCHEDULE_KINDS = ['once', 'interval', 'daily', 'weekly', 'cron'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** Spec section 9: the query and timing intervals. */
export const TASK_INTERVALS = {
  seconds: [1, 2, 3, 5, 10, 15, 20, 30],
  minutes: [1, 2, 3, 5, 10, 15, 20, 30],
  hours: [1, 5],
  days: [1, 5, 15],
} as const;
export type IntervalUnit = keyof typeof TASK_INTERVALS;
export const INTERVAL_UNITS = ['seconds', 'minutes', 'hours', 'days'] as const satisfies readonly IntervalUnit[];
export const INTERVAL_UNIT_MS: Record<IntervalUnit, number> = {
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
};

/** waiting: before its start; running: in execution; paused by a user; ended: no run is left. */
export const TIMED_TASK_STATES = ['waiting', 'running', 'paused', 'ended'] as const;
export type TimedTaskState = (typeof TIMED_TASK_STATES)[number];

/**
 * What to do with a run that could not happen on time (the server was down, a device offline): skip
 * it, or run it once on recovery (when the server is back; when the device is back, within a day).
 */
export const MISSED_RULES = ['skip', 'runOnce'] as const;
export type MissedRule = (typeof MISSED_RULES)[number];

/** The outcomes of one write of one run, in the spec's words (section 8). */
export const RUN_OUTCOMES = ['success', 'noReply', 'errorReply', 'offline', 'formatError', 'failed'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

/** waiting: a run kept for a device that was offline; recovered: that run written once the device was back. */
export const TASK_LOG_ACTIONS = [
  'created',
  'edited',
  'paused',
  'resumed',
  'ended',
  'skipped',
  'waiting',
  'recovered',
] as const;
export type TaskLogAction = (typeof TASK_LOG_ACTIONS)[number];

export const TIMED_TASK_LIMITS = { nameMax: 50, targetsMax: 100, timesMax: 24 } as const;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What a timed task writes: a number, a switch, or text, as a point write takes it. */
export const taskValue = z.union([z.number(), z.boolean(), z.string().max(256)]);
export type TaskValue = z.infer<typeof taskValue>;

export const taskTarget = z.strictObject({
  deviceId: z.number({ error: 'timedTask.target.device' }).int().positive('timedTask.target.device'),
  pointId: z.number({ error: 'timedTask.target.point' }).int().positive('timedTask.target.point'),
  value: taskValue,
});
export type TaskTarget = z.infer<typeof taskTarget>;

export const taskSchedule = z.strictObject({
  kind: z.enum(SCHEDULE_KINDS),
  /** interval: every `every` `unit`s from the start. */
  every: z.number().int().positive().optional(),
  unit: z.enum(INTERVAL_UNITS).optional(),
  /** daily and weekly: `HH:mm` times of day. */
  times: z.array(z.string().regex(TIME_OF_DAY, 'timedTask.schedule.time')).max(TIMED_TASK_LIMITS.timesMax).optional(),
  /** weekly: 0 Sunday to 6 Saturday. */
  weekdays: z.array(z.number().int().min(0).max(6)).max(7).optional(),
  cron: z.string().trim().max(120).optional(),
});
export type TaskSchedule = z.infer<typeof taskSchedule>;

/** Timed Tasks add/edit. */
export const taskInput = z
  .strictObject({
    name: z.string().trim().min(1, 'v.required').max(TIMED_TASK_LIMITS.nameMax, 'timedTask.name.max'),
    schedule: taskSchedule,
    startAt: z.number({ error: 'timedTask.start.required' }).int().min(0),
    endAt: z.number().int().min(0).nullable().default(null),
    /** An IANA zone; the deployment's when left out. */
    timeZone: z.string().trim().max(64).optional(),
    missed: z.enum(MISSED_RULES).default('skip'),
    targets: z
      .array(taskTarget)
      .min(1, 'timedTask.targets.required')
      .max(TIMED_TASK_LIMITS.targetsMax, 'timedTask.targets.tooMany'),
  })
  .superRefine((t, ctx) => {
    const broken = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (t.endAt !== null && t.endAt === t.startAt) broken(['endAt'], 'timedTask.end.same');
    else if (t.endAt !== null && t.endAt < t.startAt) broken(['endAt'], 'timedTask.end.beforeStart');
    const s = t.schedule;
    if (s.kind === 'interval') {
      const allowed: readonly number[] | undefined = s.unit ? TASK_INTERVALS[s.unit] : undefined;
      if (s.every === undefined || !allowed || !allowed.includes(s.every))
        broken(['schedule', 'every'], 'timedTask.schedule.interval');
    }
    if ((s.kind === 'daily' || s.kind === 'weekly') && !s.times?.length)
      broken(['schedule', 'times'], 'timedTask.schedule.timesRequired');
    if (s.kind === 'weekly' && !s.weekdays?.length)
      broken(['schedule', 'weekdays'], 'timedTask.schedule.weekdaysRequired');
    if (s.kind === 'cron' && !s.cron) broken(['schedule', 'cron'], 'timedTask.schedule.cronRequired');
    const seen = new Set<string>();
    t.targets.forEach((target, i) => {
      const key = `${target.deviceId}:${target.pointId}`;
      if (seen.has(key)) broken(['targets', i, 'pointId'], 'timedTask.target.twice');
      seen.add(key);
    });
  });
export type TaskInput = z.infer<typeof taskInput>;

export const taskQuery = z.object({
  keyword: textFilter(50),
  state: z.enum(TIMED_TASK_STATES).optional(),
  deviceId: queryId.optional(),
  /** Task Monitoring: tasks whose last run ended so; `failed` there means any outcome but success. */
  lastOutcome: z.enum(['success', 'failing']).optional(),
  ...pageQuery.shape,
});
export type TaskQuery = z.infer<typeof taskQuery>;

export const taskTargetView = z.object({
  deviceId: z.number(),
  deviceName: z.string(),
  pointId: z.number(),
  pointName: z.string(),
  value: taskValue,
});

export const taskView = z.object({
  id: z.number(),
  name: z.string(),
  schedule: taskSchedule,
  /** The schedule in words, in the caller's language. */
  scheduleText: z.string(),
  startAt: z.number(),
  endAt: z.number().nullable(),
  timeZone: z.string(),
  missed: z.enum(MISSED_RULES),
  state: z.enum(TIMED_TASK_STATES),
  /** Why the task writes nothing to some devices now ("cloud configuration off on ..."), in the caller's language; null when it acts in full. */
  suspended: z.string().nullable(),
  nextRunAt: z.number().nullable(),
  lastRunAt: z.number().nullable(),
  lastOutcome: z.enum(RUN_OUTCOMES).nullable(),
  runs: z.number(),
  failures: z.number(),
  targets: z.array(taskTargetView),
  updatedAt: z.number(),
});
export type TaskView = z.infer<typeof taskView>;

const time = z.coerce.number().int().min(0);

/** Execution Record: every write of every run. */
export const taskRecordQuery = z.object({
  taskId: queryId.optional(),
  deviceId: queryId.optional(),
  outcome: z.enum(RUN_OUTCOMES).optional(),
  from: time.optional(),
  to: time.optional(),
  ...pageQuery.shape,
});
export type TaskRecordQuery = z.infer<typeof taskRecordQuery>;

export const taskRecordView = z.object({
  id: z.number(),
  taskId: z.number(),
  taskName: z.string(),
  deviceId: z.number(),
  deviceName: z.string().nullable(),
  pointId: z.number(),
  pointName: z.string(),
  value: z.string(),
  /** When the run was due, and when it was carried out. */
  dueAt: z.number(),
  ranAt: z.number(),
  /** Carried out late, once, on recovery. */
  late: z.boolean(),
  outcome: z.enum(RUN_OUTCOMES),
  /** The outcome in the caller's language, with the detail the device gave. */
  outcomeText: z.string(),
});
export type TaskRecordView = z.infer<typeof taskRecordView>;

/** Execution Log: what the task itself did. */
export const taskLogQuery = z.object({
  taskId: queryId.optional(),
  action: z.enum(TASK_LOG_ACTIONS).optional(),
  ...pageQuery.shape,
});
export type TaskLogQuery = z.infer<typeof taskLogQuery>;

export const taskLogView = z.object({
  id: z.number(),
  taskId: z.number(),
  taskName: z.string(),
  at: z.number(),
  action: z.enum(TASK_LOG_ACTIONS),
  /** What happened, in the caller's language. */
  text: z.string(),
  by: z.string().nullable(),
});
export type TaskLogView = z.infer<typeof taskLogView>;
