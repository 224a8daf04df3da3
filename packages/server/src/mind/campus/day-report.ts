import {
  CAMPUS_EVENT_TYPES,
  type CampusDayReport,
  type CampusDayReportContent,
  type CampusDayReportInput,
  type CampusDayReportSettings,
  type CampusEventType,
} from '@meridian/contracts';
import { toBool } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { defineJob } from '../../platform/jobs/types.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import {
  alertCountsIn,
  dayReportSettingsOf,
  dayReportsOf,
  emotionAlertCount,
  enabledDayReports,
  insertDayReports,
  openAlertCount,
  saveDayReportSettings,
} from './day-report-repository.ts';
import { chinaMinute, schoolInScope } from './push.ts';
import { activeStaffAmong, enabledAmong, namesOf } from './push-repository.ts';

// A school's day report (decision 0136): a summary of yesterday, sent at the chosen time.

export const CAMPUS_DAY_REPORT = 'mind.campus.dayReport';
export const CAMPUS_DAY_REPORT_TICK = 'mind.campus.dayReport.tick';
const DAY_MS = 86_400_000;
const ZONE_MS = 8 * 3_600_000;
/** Sent at 07:30 China time unless the school chose another. */
const DEFAULT_MINUTE = 7 * 60 + 30;
const listOf = (text: string) => (text === '' ? [] : text.split(','));

/** The China day (`YYYY-MM-DD`) that `at` falls in, and the instant it starts. */
export const chinaDay = (at: number) => new Date(at + ZONE_MS).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - ZONE_MS;

export async function dayReportSettings(actor: Actor, schoolId: number): Promise<CampusDayReportSettings> {
  await schoolInScope(actor, schoolId);
  const row = await dayReportSettingsOf(actor.db, schoolId);
  if (!row)
    return {
      schoolId,
      enabled: false,
      minute: DEFAULT_MINUTE,
      people: [],
      contents: ['events', 'openAlerts', 'emotion'],
    };
  const ids = listOf(row.user_ids).map(Number);
  const names = new Map((await namesOf(actor.db, ids)).map((u) => [Number(u.id), u.name]));
  return {
    schoolId,
    enabled: toBool(row.enabled),
    minute: Number(row.minute),
    people: ids.map((userId) => ({ userId, name: names.get(userId) ?? '' })),
    contents: listOf(row.contents) as CampusDayReportContent[],
  };
}

/** Sets a school's day report; the recipients must be its active staff. */
export async function setDayReportSettings(actor: Actor, body: CampusDayReportInput): Promise<CampusDayReportSettings> {
  await schoolInScope(actor, body.schoolId);
  const userIds = [...new Set(body.userIds)];
  if (userIds.length > 0 && (await activeStaffAmong(actor.db, body.schoolId, userIds)).length !== userIds.length) {
    throw new AppError(400, 'campusPush.notStaff', { rules: [{ field: 'userIds', key: 'campusPush.notStaff' }] });
  }
  await saveDayReportSettings(actor.db, {
    school_id: body.schoolId,
    enabled: body.enabled,
    minute: body.minute,
    user_ids: userIds.join(','),
    contents: [...new Set(body.contents)].join(','),
    updated_by: actor.auth.userId,
    updated_at: Date.now(),
  });
  await audit(actor.db, actor.request, {
    action: 'campusPush.dayReport',
    targetType: 'school',
    targetId: body.schoolId,
  });
  return dayReportSettings(actor, body.schoolId);
}

interface Summary {
  byType: Array<{ type: CampusEventType; count: number }> | null;
  byState: Array<{ state: string; count: number }> | null;
  openAlerts: number | null;
  emotionAlerts: number | null;
}

/**
 * Every few minutes: each school whose report is on and whose time of day has come gets one job for
 * yesterday, keyed by school and day, so that however many workers tick, it is queued once.
 */
export const dayReportTickJob = defineJob<Record<string, never>>({
  kind: CAMPUS_DAY_REPORT_TICK,
  maxAttempts: 1,
  async run(_job, { db }) {
    const now = Date.now();
    const day = chinaDay(dayStart(chinaDay(now)) - 1);
    for (const s of await enabledDayReports(db.kysely)) {
      if (chinaMinute(now) < Number(s.minute)) continue;
      const schoolId = Number(s.school_id);
      await insertJob(
        db.kysely,
        { kind: CAMPUS_DAY_REPORT, payload: { schoolId, day }, dedupeKey: `${CAMPUS_DAY_REPORT}:${schoolId}:${day}` },
        now,
      );
    }
  },
});
export const dayReportTickSchedule = { kind: CAMPUS_DAY_REPORT_TICK, cron: '*/5 * * * *' };

/** Sums up a school's day and leaves it in each recipient's inbox, once per person and day. */
export const dayReportJob = defineJob<{ schoolId: number; day: string }>({
  kind: CAMPUS_DAY_REPORT,
  maxAttempts: 3,
  async run(job, { db }) {
    const { schoolId, day } = job.payload;
    const settings = await dayReportSettingsOf(db.kysely, schoolId);
    if (!settings || !toBool(settings.enabled)) return;
    const ids = listOf(settings.user_ids).map(Number);
    if (ids.length === 0) return;
    const staff = new Set((await activeStaffAmong(db.kysely, schoolId, ids)).map((r) => Number(r.user_id)));
    const to = (await enabledAmong(db.kysely, [...staff])).map((u) => Number(u.id));
    if (to.length === 0) return;
    const contents = new Set(listOf(settings.contents));
    const from = dayStart(day);
    const counts = contents.has('events') ? await alertCountsIn(db.kysely, schoolId, from, from + DAY_MS) : [];
    const sum = (pick: (c: (typeof counts)[number]) => boolean) =>
      counts.filter(pick).reduce((n, c) => n + Number(c.n), 0);
    const states = [...new Set(counts.map((c) => c.state))].sort();
    const summary: Summary = {
      byType: contents.has('events')
        ? CAMPUS_EVENT_TYPES.map((type) => ({ type, count: sum((c) => c.type === type) }))
        : null,
      byState: contents.has('events') ? states.map((state) => ({ state, count: sum((c) => c.state === state) })) : null,
      openAlerts: contents.has('openAlerts') ? await openAlertCount(db.kysely, schoolId) : null,
      emotionAlerts: contents.has('emotion') ? await emotionAlertCount(db.kysely, schoolId, day) : null,
    };
    const at = Date.now();
    await insertDayReports(
      db.kysely,
      to.map((user_id) => ({ school_id: schoolId, day, user_id, summary: JSON.stringify(summary), created_at: at })),
    );
  },
});

/** The caller's day reports, newest first. */
export async function myDayReports(actor: Actor): Promise<CampusDayReport[]> {
  const rows = await dayReportsOf(actor.db, actor.auth.userId, 14);
  return rows.map((r) => ({
    id: Number(r.id),
    schoolName: r.school_name,
    day: r.day,
    ...(JSON.parse(r.summary) as Summary),
    createdAt: Number(r.created_at),
  }));
}
