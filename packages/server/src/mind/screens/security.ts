import {
  CAMPUS_ALERT_STATES,
  CAMPUS_EVENT_TYPES,
  CAMPUS_LIMITS,
  type CampusAlertState,
  type CampusEventType,
  type SecurityDevices,
  type SecurityFeed,
  type SecurityScreenQuery,
  type SecuritySummary,
  type SecurityTrend,
} from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { schoolScope } from '../campus/devices.ts';
import {
  alertPage,
  countsByType,
  devicesSeen,
  occurredTimes,
  openByStateAndHolder,
  type SchoolScope,
  solveTimes,
} from '../campus/repository.ts';

// The security-warning cockpit (securityScreen, decision 0096): campus behaviour alerts at a glance.

const DAY_MS = 86_400_000;
/** China time: the screen's "today" starts at midnight in Beijing. */
const ZONE_MS = 8 * 3_600_000;
const HOUR_MS = 3_600_000;
/** How far back the mean time to solve looks: a month of handling, recent enough to act on. */
const SOLVED_DAYS = 30;
/** How many days the trend shows, and how many alerts the feed. */
const TREND_DAYS = 30;
const FEED_SIZE = 10;

/** Midnight (China time) of the day `now` falls in, `back` days earlier. */
export const chinaDayStart = (now: number, back = 0) =>
  Math.floor((now + ZONE_MS) / DAY_MS) * DAY_MS - ZONE_MS - back * DAY_MS;
const dayName = (at: number) => new Date(Math.floor((at + ZONE_MS) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/** The caller's schools, or the one asked for if it is among them: another school is refused in words. */
async function scopeOf(actor: Actor, schoolId: number | undefined): Promise<SchoolScope> {
  const scope = await schoolScope(actor);
  if (schoolId !== undefined && !scope.all && !scope.schoolIds.includes(schoolId)) {
    throw new AppError(403, 'screen.outside');
  }
  return scope;
}

async function typesSince(actor: Actor, scope: SchoolScope, schoolId: number | undefined, from: number) {
  const rows = await countsByType(actor.db, scope, { schoolId, from });
  const counted = new Map(rows.map((r) => [r.type, Number(r.n)]));
  const byType = CAMPUS_EVENT_TYPES.map((type) => ({ type, count: counted.get(type) ?? 0 }));
  return { total: byType.reduce((n, t) => n + t.count, 0), from, byType };
}

export async function securitySummary(actor: Actor, q: SecurityScreenQuery): Promise<SecuritySummary> {
  const scope = await scopeOf(actor, q.schoolId);
  const now = Date.now();
  const [today, week, open, solved] = await Promise.all([
    typesSince(actor, scope, q.schoolId, chinaDayStart(now)),
    // The last seven days, today among them.
    typesSince(actor, scope, q.schoolId, chinaDayStart(now, 6)),
    openByStateAndHolder(actor.db, scope, q.schoolId),
    solveTimes(actor.db, scope, q.schoolId, now - SOLVED_DAYS * DAY_MS),
  ]);
  const states = new Map<string, number>();
  const holders = new Map<number, { userId: number; name: string; count: number }>();
  let unheld = 0;
  for (const r of open) {
    const n = Number(r.n);
    states.set(r.state, (states.get(r.state) ?? 0) + n);
    if (r.holder_id === null) {
      unheld += n;
      continue;
    }
    const id = Number(r.holder_id);
    const h = holders.get(id) ?? { userId: id, name: r.holder_name ?? '', count: 0 };
    h.count += n;
    holders.set(id, h);
  }
  const openStates = CAMPUS_ALERT_STATES.filter((s) => s !== 'solved' && s !== 'falseAlarm');
  const spent = solved.reduce((ms, s) => ms + Math.max(0, Number(s.at) - Number(s.occurred_at)), 0);
  return {
    today,
    week,
    open: {
      total: [...states.values()].reduce((a, b) => a + b, 0),
      byState: openStates.map((state) => ({ state, count: states.get(state) ?? 0 })),
      holders: [...holders.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      unheld,
    },
    solved: {
      count: solved.length,
      meanHours: solved.length === 0 ? null : Math.round((spent / solved.length / HOUR_MS) * 10) / 10,
    },
  };
}

export async function securityDevices(actor: Actor, q: SecurityScreenQuery): Promise<SecurityDevices> {
  const scope = await scopeOf(actor, q.schoolId);
  const now = Date.now();
  const kinds = { camera: { online: 0, offline: 0 }, terminal: { online: 0, offline: 0 } };
  for (const d of await devicesSeen(actor.db, scope, q.schoolId)) {
    const seen = d.last_seen_at === null ? null : Number(d.last_seen_at);
    kinds[d.kind][seen !== null && now - seen <= CAMPUS_LIMITS.onlineMs ? 'online' : 'offline'] += 1;
  }
  return {
    online: kinds.camera.online + kinds.terminal.online,
    offline: kinds.camera.offline + kinds.terminal.offline,
    byKind: (['camera', 'terminal'] as const).map((kind) => ({ kind, ...kinds[kind] })),
  };
}

export async function securityFeed(actor: Actor, q: SecurityScreenQuery): Promise<SecurityFeed> {
  const scope = await scopeOf(actor, q.schoolId);
  const { rows } = await alertPage(actor.db, scope, { schoolId: q.schoolId }, 1, FEED_SIZE);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      type: r.type as CampusEventType,
      schoolName: r.school_name,
      location: r.location,
      occurredAt: Number(r.occurred_at),
      state: r.state as CampusAlertState,
    })),
  };
}

export async function securityTrend(actor: Actor, q: SecurityScreenQuery): Promise<SecurityTrend> {
  const scope = await scopeOf(actor, q.schoolId);
  const first = chinaDayStart(Date.now(), TREND_DAYS - 1);
  const days = new Map<string, number>();
  for (let i = 0; i < TREND_DAYS; i++) days.set(dayName(first + i * DAY_MS), 0);
  for (const { occurred_at } of await occurredTimes(actor.db, scope, { schoolId: q.schoolId, from: first })) {
    const day = dayName(Number(occurred_at));
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return { days: [...days.entries()].map(([day, count]) => ({ day, count })) };
}
