import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';
import { queryId } from '../portal/orgs.ts';

/**
 * Triggers and alarms (spec sections 3, 4 and 5). A trigger holds conditions on data points joined
 * by AND or OR; a `device` trigger is the spec's independent trigger, a `template` trigger applies
 * to every device of the template.
 */
export const CONDITION_KINDS = [
  'gt',
  'lt',
  'eq',
  'ne',
  'between',
  'outside',
  'switchOn',
  'switchOff',
  'offline',
  'noData',
] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];
/** Conditions compared with one threshold. */
export const THRESHOLD_KINDS: readonly ConditionKind[] = ['gt', 'lt', 'eq', 'ne'];
/** Conditions compared with a range. */
export const RANGE_KINDS: readonly ConditionKind[] = ['between', 'outside'];
/** Conditions about the device rather than a point: evaluated by the scheduled check. */
export const DEVICE_KINDS: readonly ConditionKind[] = ['offline', 'noData'];

export const CONDITION_JOINS = ['and', 'or'] as const;
export type ConditionJoin = (typeof CONDITION_JOINS)[number];
export const TRIGGER_SCOPES = ['device', 'template'] as const;
export type TriggerScope = (typeof TRIGGER_SCOPES)[number];
/** `record`: every alarm is kept in Alarm Record; `notifyOnly`: pushed and linked, not listed. */
export const SAVE_RULES = ['record', 'notifyOnly'] as const;
export type SaveRule = (typeof SAVE_RULES)[number];
export const ALARM_STATES = ['unprocessed', 'processed', 'misreport'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];
export const ALARM_RECOVERY = ['notRestored', 'restored'] as const;
export type AlarmRecovery = (typeof ALARM_RECOVERY)[number];

export const ALARM_LIMITS = {
  nameMax: 50,
  contentMax: 200,
  resultMax: 255,
  conditionsMax: 5,
  /** One day, in seconds. */
  durationMax: 86_400,
  /** One day, in minutes. */
  pushIntervalMax: 1440,
  /** One week, in minutes. */
  noDataMaxMinutes: 10_080,
  recipientsMax: 50,
} as const;

const finite = (key: string) => z.number({ error: key });

export const alarmCondition = z
  .strictObject({
    kind: z.enum(CONDITION_KINDS),
    pointId: z.number().int().positive().optional(),
    /** The threshold of gt, lt, eq and ne. */
    value: finite('alarm.condition.valueRequired').optional(),
    /** The range of between and outside. */
    min: finite('alarm.condition.rangeRequired').optional(),
    max: finite('alarm.condition.rangeRequired').optional(),
    /** Minutes without data, for noData. */
    minutes: z.number().int().min(1).max(ALARM_LIMITS.noDataMaxMinutes).optional(),
  })
  .superRefine((c, ctx) => {
    const broken = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!DEVICE_KINDS.includes(c.kind) && c.pointId === undefined) broken('pointId', 'alarm.condition.pointRequired');
    if (THRESHOLD_KINDS.includes(c.kind) && c.value === undefined) broken('value', 'alarm.condition.valueRequired');
    if (RANGE_KINDS.includes(c.kind)) {
      if (c.min === undefined || c.max === undefined) broken('min', 'alarm.condition.rangeRequired');
      else if (c.min >= c.max) broken('max', 'alarm.condition.rangeOrder');
    }
    if (c.kind === 'noData' && c.minutes === undefined) broken('minutes', 'alarm.condition.minutesRequired');
  });
export type AlarmCondition = z.infer<typeof alarmCondition>;

/** What linkage writes: a number, a switch, or text, as the Data Debugging write takes it. */
export const linkageValue = z.union([z.number(), z.boolean(), z.string().max(256)]);
export type LinkageValue = z.infer<typeof linkageValue>;

export const linkage = z.strictObject({
  enabled: z.boolean(),
  pointId: z.number().int().positive().optional(),
  value: linkageValue.optional(),
});

const content = z.string().trim().max(ALARM_LIMITS.contentMax, 'alarm.content.max').optional();
const ids = z.array(z.number().int().positive()).max(ALARM_LIMITS.recipientsMax).default([]);

/** Trigger Add/Edit. Push contents may name {device}, {point}, {value} and {time}. */
export const triggerInput = z
  .strictObject({
    name: z.string().trim().min(1, 'v.required').max(ALARM_LIMITS.nameMax, 'alarm.name.max'),
    scope: z.enum(TRIGGER_SCOPES),
    deviceId: z.number().int().positive().optional(),
    templateId: z.number().int().positive().optional(),
    conditions: z
      .array(alarmCondition)
      .min(1, 'alarm.conditions.required')
      .max(ALARM_LIMITS.conditionsMax, 'alarm.conditions.tooMany'),
    join: z.enum(CONDITION_JOINS).default('and'),
    deadZone: z.number({ error: 'alarm.deadZone.min' }).min(0, 'alarm.deadZone.min').default(0),
    duration: z
      .number()
      .int()
      .min(0, 'alarm.duration.range')
      .max(ALARM_LIMITS.durationMax, 'alarm.duration.range')
      .default(0),
    pushInterval: z
      .number({ error: 'alarm.pushInterval.required' })
      .int('alarm.pushInterval.required')
      .min(0, 'alarm.pushInterval.min')
      .max(ALARM_LIMITS.pushIntervalMax, 'alarm.pushInterval.max'),
    alarmEnabled: z.boolean().default(true),
    saveRule: z.enum(SAVE_RULES).default('record'),
    alarmContent: content,
    restoreContent: content,
    linkage: linkage.optional(),
    contactIds: ids,
    groupIds: ids,
  })
  .superRefine((t, ctx) => {
    const broken = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (t.scope === 'device' && t.deviceId === undefined) broken(['deviceId'], 'alarm.trigger.deviceRequired');
    if (t.scope === 'template' && t.templateId === undefined) broken(['templateId'], 'alarm.trigger.templateRequired');
    if (t.linkage?.enabled) {
      if (!t.alarmEnabled) broken(['linkage', 'enabled'], 'alarm.linkage.needsAlarm');
      if (t.linkage.pointId === undefined) broken(['linkage', 'pointId'], 'alarm.linkage.pointRequired');
      if (t.linkage.value === undefined) broken(['linkage', 'value'], 'alarm.linkage.valueRequired');
    }
  });
export type TriggerInput = z.infer<typeof triggerInput>;

/** Trigger Enable: the alarm switch, and linkage, which needs the alarm on. */
export const triggerEnable = z
  .strictObject({ alarmEnabled: z.boolean(), linkageEnabled: z.boolean().optional() })
  .refine((b) => !(b.linkageEnabled && !b.alarmEnabled), {
    message: 'alarm.linkage.needsAlarm',
    path: ['linkageEnabled'],
  });
export type TriggerEnable = z.infer<typeof triggerEnable>;

export const triggerQuery = z.object({
  deviceId: queryId.optional(),
  pointId: queryId.optional(),
  templateId: queryId.optional(),
  scope: z.enum(TRIGGER_SCOPES).optional(),
  keyword: textFilter(50),
  ...pageQuery.shape,
});
export type TriggerQuery = z.infer<typeof triggerQuery>;

export const triggerView = z.object({
  id: z.number(),
  name: z.string(),
  scope: z.enum(TRIGGER_SCOPES),
  deviceId: z.number().nullable(),
  deviceName: z.string().nullable(),
  templateId: z.number().nullable(),
  templateName: z.string().nullable(),
  conditions: z.array(alarmCondition),
  /** The points its conditions name, with their units, for `conditionsText`; a deleted point is absent. */
  points: z.array(z.object({ id: z.number(), name: z.string(), unit: z.string().nullable() })),
  join: z.enum(CONDITION_JOINS),
  deadZone: z.number(),
  duration: z.number(),
  pushInterval: z.number(),
  alarmEnabled: z.boolean(),
  saveRule: z.enum(SAVE_RULES),
  alarmContent: z.string().nullable(),
  restoreContent: z.string().nullable(),
  linkage: z.object({ enabled: z.boolean(), pointId: z.number().nullable(), value: linkageValue.nullable() }),
  contactIds: z.array(z.number()),
  groupIds: z.array(z.number()),
  /** Why the trigger does not act in full now ("cloud configuration off..."), in the caller's language; null when it does. */
  suspended: z.string().nullable(),
  updatedAt: z.number(),
});
export type TriggerView = z.infer<typeof triggerView>;

const time = z.coerce.number().int().min(0);

export const alarmQuery = z.object({
  deviceId: queryId.optional(),
  pointId: queryId.optional(),
  triggerId: queryId.optional(),
  state: z.enum(ALARM_STATES).optional(),
  recovery: z.enum(ALARM_RECOVERY).optional(),
  from: time.optional(),
  to: time.optional(),
  ...pageQuery.shape,
});
export type AlarmQuery = z.infer<typeof alarmQuery>;
export const alarmExportQuery = alarmQuery.omit({ page: true, size: true });
export type AlarmExportQuery = z.infer<typeof alarmExportQuery>;

/** A bound camera's picture of the moment an alarm fired (decision 0122). */
export const alarmSnapshot = z.object({
  cameraId: z.number(),
  cameraName: z.string(),
  /** 'pending' while the job takes it; 'failed' says why in `reason`. */
  state: z.enum(['pending', 'taken', 'failed']),
  takenAt: z.number().nullable(),
  /** The authorised address of the JPEG, when taken. */
  image: z.string().nullable(),
  /** Why there is no picture, in the reader's language. */
  reason: z.string().nullable(),
});
export type AlarmSnapshot = z.infer<typeof alarmSnapshot>;

export const alarmView = z.object({
  id: z.number(),
  triggerId: z.number(),
  triggerName: z.string(),
  deviceId: z.number(),
  deviceName: z.string(),
  pointId: z.number().nullable(),
  pointName: z.string().nullable(),
  value: z.string().nullable(),
  content: z.string(),
  firedAt: z.number(),
  recovery: z.enum(ALARM_RECOVERY),
  restoredAt: z.number().nullable(),
  state: z.enum(ALARM_STATES),
  result: z.string().nullable(),
  processedBy: z.string().nullable(),
  processedAt: z.number().nullable(),
  notification: z.enum(['sent', 'suspended']),
  repeats: z.number(),
  /** The linkage write: null when none, 'ok', or what went wrong in the caller's language. */
  linkage: z.string().nullable(),
  /** The bound cameras' snapshots, in camera order; empty when no camera is bound. */
  snapshots: z.array(alarmSnapshot),
});
export type AlarmView = z.infer<typeof alarmView>;

/** Processing an alarm: processed or misreport, with a result of at most 255 characters. */
export const alarmProcess = z.strictObject({
  state: z.enum(['processed', 'misreport']),
  result: z.string().trim().max(ALARM_LIMITS.resultMax, 'alarm.result.max').optional(),
});
export type AlarmProcess = z.infer<typeof alarmProcess>;

/** The alarm figures of the home page. */
export const alarmCounts = z.object({
  today: z.number(),
  active: z.number(),
  unprocessed: z.number(),
  devicesInAlarm: z.number(),
});
export type AlarmCounts = z.infer<typeof alarmCounts>;
