import { z } from 'zod';
import { bodyId, queryId } from '../portal/orgs.ts';
import { CAMPUS_EVENT_TYPES } from './campus.ts';
import { EMOTION_ALERT_LEVELS } from './emotion-alerts.ts';

/**
 * Push configuration of behaviour alerts (issue 22, decision 0097): per school, which event types
 * are told to which people, by which channels, in which hours (China time, minutes of the day).
 */
export const CAMPUS_PUSH_CHANNELS = ['site', 'sms', 'wechat'] as const;
export type CampusPushChannel = (typeof CAMPUS_PUSH_CHANNELS)[number];
/**
 * The channels this deployment can send by (decision 0143): site messages always, SMS once a
 * provider and a campus template are configured; the others are shown as having no provider.
 */
export const campusPushReady = z.object({ channels: z.array(z.enum(CAMPUS_PUSH_CHANNELS)) });
export type CampusPushReady = z.infer<typeof campusPushReady>;

export const CAMPUS_DELIVERY_STATES = ['sent', 'skipped', 'failed'] as const;
/** One message about an alert to one person by one channel, and how it went (decision 0143). */
export const campusDelivery = z.object({
  userId: z.number(),
  name: z.string(),
  channel: z.enum(CAMPUS_PUSH_CHANNELS),
  status: z.enum(CAMPUS_DELIVERY_STATES),
  /** Why it was skipped or failed, in the caller's language (with the provider's own words). */
  reason: z.string().nullable(),
  at: z.number(),
});
export type CampusDelivery = z.infer<typeof campusDelivery>;
/** What a rule may name: the behaviour event types, and emotion alerts (decision 0118). */
export const CAMPUS_PUSH_TYPES = [...CAMPUS_EVENT_TYPES, 'emotion'] as const;
export type CampusPushType = (typeof CAMPUS_PUSH_TYPES)[number];
export const CAMPUS_PUSH_LIMITS = { nameMax: 50, peopleMax: 50 } as const;
const DAY_MINUTES = 24 * 60;

const minute = z.number().int().min(0, 'v.campusPush.hours').max(DAY_MINUTES, 'v.campusPush.hours');

export const campusPushRuleInput = z
  .strictObject({
    schoolId: bodyId,
    name: z.string().trim().min(1, 'v.campusPush.name').max(CAMPUS_PUSH_LIMITS.nameMax, 'v.campusPush.name'),
    types: z.array(z.enum(CAMPUS_PUSH_TYPES)).min(1, 'v.campusPush.types'),
    userIds: z.array(bodyId).min(1, 'v.campusPush.people').max(CAMPUS_PUSH_LIMITS.peopleMax, 'v.campusPush.people'),
    channels: z.array(z.enum(CAMPUS_PUSH_CHANNELS)).min(1, 'v.campusPush.channels'),
    /** Which emotion alert levels the rule tells about, when it names emotion alerts (decision 0143); default all. */
    emotionLevels: z
      .array(z.enum(EMOTION_ALERT_LEVELS))
      .min(1, 'v.campusPush.emotionLevels')
      .default([...EMOTION_ALERT_LEVELS]),
    /** From this minute of the China day (inclusive) to that one (exclusive); from > to wraps over midnight. */
    fromMinute: minute,
    toMinute: minute,
  })
  .refine((r) => r.fromMinute !== r.toMinute, { message: 'v.campusPush.hours', path: ['toMinute'] });
export type CampusPushRuleInput = z.infer<typeof campusPushRuleInput>;

export const campusPushRule = z.object({
  id: z.number(),
  schoolId: z.number(),
  schoolName: z.string(),
  name: z.string(),
  types: z.array(z.enum(CAMPUS_PUSH_TYPES)),
  people: z.array(z.object({ userId: z.number(), name: z.string() })),
  channels: z.array(z.enum(CAMPUS_PUSH_CHANNELS)),
  emotionLevels: z.array(z.enum(EMOTION_ALERT_LEVELS)),
  fromMinute: z.number(),
  toMinute: z.number(),
  updatedAt: z.number(),
});
export type CampusPushRule = z.infer<typeof campusPushRule>;

export const campusPushQuery = z.object({ schoolId: queryId.optional() });
export const campusPushPeopleQuery = z.object({ schoolId: queryId });

/** A site message about a behaviour alert, in the inbox of the person a rule names. */
export const campusNotice = z.object({
  id: z.number(),
  alertId: z.number(),
  type: z.enum(CAMPUS_EVENT_TYPES),
  schoolName: z.string(),
  location: z.string(),
  occurredAt: z.number(),
  createdAt: z.number(),
  readAt: z.number().nullable(),
});
export type CampusNotice = z.infer<typeof campusNotice>;

/** Whether `minuteOfDay` falls in a rule's hours (a window with from > to wraps over midnight). */
export function withinHours(fromMinute: number, toMinute: number, minuteOfDay: number): boolean {
  return fromMinute < toMinute
    ? minuteOfDay >= fromMinute && minuteOfDay < toMinute
    : minuteOfDay >= fromMinute || minuteOfDay < toMinute;
}

/** The event types that open a warning for the students an event names, at one school (decision 0136). */
export const campusWarningTypes = z.object({
  schoolId: z.number(),
  types: z.array(z.enum(CAMPUS_EVENT_TYPES)),
  /** False while the school keeps the default set. */
  own: z.boolean(),
});
export type CampusWarningTypes = z.infer<typeof campusWarningTypes>;

export const campusWarningTypesInput = z.strictObject({
  schoolId: bodyId,
  types: z.array(z.enum(CAMPUS_EVENT_TYPES), { error: 'v.campusWarningTypes' }).max(CAMPUS_EVENT_TYPES.length),
});
export type CampusWarningTypesInput = z.infer<typeof campusWarningTypesInput>;

/** What a school's day report may hold (decision 0136). */
export const CAMPUS_DAY_REPORT_CONTENTS = ['events', 'openAlerts', 'emotion'] as const;
export type CampusDayReportContent = (typeof CAMPUS_DAY_REPORT_CONTENTS)[number];

/** A school's day report: off until set; sent at `minute` (China time) about the day before. */
export const campusDayReportSettings = z.object({
  schoolId: z.number(),
  enabled: z.boolean(),
  minute: z.number(),
  people: z.array(z.object({ userId: z.number(), name: z.string() })),
  contents: z.array(z.enum(CAMPUS_DAY_REPORT_CONTENTS)),
});
export type CampusDayReportSettings = z.infer<typeof campusDayReportSettings>;

export const campusDayReportInput = z.strictObject({
  schoolId: bodyId,
  enabled: z.boolean(),
  minute: z.number().int().min(0, 'v.campusDayReport.minute').max(1439, 'v.campusDayReport.minute'),
  userIds: z.array(bodyId).max(CAMPUS_PUSH_LIMITS.peopleMax, 'v.campusDayReport.people'),
  contents: z.array(z.enum(CAMPUS_DAY_REPORT_CONTENTS)).min(1, 'v.campusDayReport.contents'),
});
export type CampusDayReportInput = z.infer<typeof campusDayReportInput>;

/** One school's day report as a site message in a recipient's inbox; a part not chosen is null. */
export const campusDayReport = z.object({
  id: z.number(),
  schoolName: z.string(),
  /** The China day it reports on, `YYYY-MM-DD`. */
  day: z.string(),
  byType: z.array(z.object({ type: z.enum(CAMPUS_EVENT_TYPES), count: z.number() })).nullable(),
  byState: z.array(z.object({ state: z.string(), count: z.number() })).nullable(),
  openAlerts: z.number().nullable(),
  emotionAlerts: z.number().nullable(),
  createdAt: z.number(),
});
export type CampusDayReport = z.infer<typeof campusDayReport>;
