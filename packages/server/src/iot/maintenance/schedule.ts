import type { PlanAdvance, PlanCycle } from '@meridian/contracts';
import { DAY, partsOf, startOfDate, startOfDay } from '../../platform/time.ts';

export interface PlanTiming {
  cycle: PlanCycle;
  every: number | null;
  dates: readonly number[];
  startAt: number;
  endAt: number | null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The same day and time `n` months later (or earlier) in the deployment's zone; the 31st becomes the month's last day. */
export function plusMonths(at: number, n: number): number {
  const p = partsOf(at);
  const index = p.year * 12 + (p.month - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return startOfDate(`${year}-${two(month)}-${two(Math.min(p.day, last))}`) + (at - startOfDay(at));
}

/** The first maintenance date at or after `from`, or null when none is left before the plan's end. */
export function dueFrom(t: PlanTiming, from: number): number | null {
  let due: number | null = null;
  if (t.cycle === 'dates') {
    due = [...t.dates].sort((a, b) => a - b).find((d) => d >= from) ?? null;
  } else if (from <= t.startAt) {
    due = t.startAt;
  } else if (t.cycle === 'month') {
    const every = t.every ?? 1;
    const p = partsOf(from);
    const s = partsOf(t.startAt);
    // Start a step short of the estimate and walk: month lengths differ.
    let k = Math.max(0, Math.floor(((p.year - s.year) * 12 + p.month - s.month) / every) - 1);
    for (let guard = 0; guard < 4; guard++, k++) {
      const candidate = plusMonths(t.startAt, k * every);
      if (candidate >= from) {
        due = candidate;
        break;
      }
    }
  } else {
    const period = (t.every ?? 1) * (t.cycle === 'week' ? 7 : 1) * DAY;
    due = t.startAt + Math.ceil((from - t.startAt) / period) * period;
  }
  return due !== null && t.endAt !== null && due > t.endAt ? null : due;
}

const ADVANCE_DAYS: Record<Exclude<PlanAdvance, '1m'>, number> = {
  none: 0,
  '1d': 1,
  '2d': 2,
  '3d': 3,
  '1w': 7,
  '2w': 14,
};

/** When the work orders of a maintenance date are made: its advance notice ahead of it. */
export function orderAtOf(due: number, advance: PlanAdvance): number {
  return advance === '1m' ? plusMonths(due, -1) : due - ADVANCE_DAYS[advance] * DAY;
}
