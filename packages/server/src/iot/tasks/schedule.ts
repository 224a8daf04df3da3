import { INTERVAL_UNIT_MS, type TaskSchedule } from '@meridian/contracts';
import { Cron } from 'croner';

/** What decides when a task fires: its schedule between its start and end, in its time zone. */
export interface Timing {
  schedule: TaskSchedule;
  startAt: number;
  endAt: number | null;
  timeZone: string;
}

/** Two firings within this of each other are "at the same time" (spec section 8). */
export const SAME_TIME_MS = 1000;

/** The cron patterns a schedule fires on (seconds first), or none for once and interval. */
export function cronPatterns(schedule: TaskSchedule): string[] {
  const at = (time: string, days: string) => {
    const [hours, minutes] = time.split(':').map(Number);
    return `0 ${minutes} ${hours} * * ${days}`;
  };
  if (schedule.kind === 'daily') return (schedule.times ?? []).map((t) => at(t, '*'));
  if (schedule.kind === 'weekly') {
    const days = [...new Set(schedule.weekdays ?? [])].sort().join(',');
    return (schedule.times ?? []).map((t) => at(t, days));
  }
  if (schedule.kind === 'cron') return [schedule.cron ?? ''];
  return [];
}

/** Why croner refuses a cron expression, or null when it parses; croner's own words. */
export function cronProblem(expression: string, timeZone: string): string | null {
  try {
    new Cron(expression, { timezone: timeZone });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message.replace(/^CronPattern:\s*/, '') : String(error);
  }
}

/**
 * The first firing strictly after `after`, within the start and the end (both inclusive), or null
 * when none is left. Intervals count from the start in fixed milliseconds; daily, weekly and cron
 * firings are wall-clock times in the task's zone.
 */
export function firingAfter(timing: Timing, after: number): number | null {
  const { schedule, startAt, endAt, timeZone } = timing;
  let next: number | null;
  if (schedule.kind === 'once') next = startAt > after ? startAt : null;
  else if (schedule.kind === 'interval') {
    const step = (schedule.every ?? 1) * INTERVAL_UNIT_MS[schedule.unit ?? 'minutes'];
    next = after < startAt ? startAt : startAt + (Math.floor((after - startAt) / step) + 1) * step;
  } else {
    // croner steps from whole seconds: starting one second before the start lets a firing at the start count.
    const from = new Date(Math.max(after, startAt - 1000));
    const firings = cronPatterns(schedule).flatMap((p) => {
      const at = new Cron(p, { timezone: timeZone }).nextRun(from)?.getTime();
      return at !== undefined && at > after && at >= startAt ? [at] : [];
    });
    next = firings.length ? Math.min(...firings) : null;
  }
  return next !== null && (endAt === null || next <= endAt) ? next : null;
}

/**
 * Whether two timings ever fire within a second of each other from `from` on: walks both, each time
 * moving the earlier one up to the other, so that a daily task against a one-second interval takes
 * a few steps rather than a day of seconds. Bounded: beyond the steps it answers no.
 */
export function firstClash(a: Timing, b: Timing, from: number, maxSteps = 2000): number | null {
  let x = firingAfter(a, from - 1);
  let y = firingAfter(b, from - 1);
  for (let step = 0; step < maxSteps && x !== null && y !== null; step++) {
    if (Math.abs(x - y) < SAME_TIME_MS) return Math.min(x, y);
    if (x < y) x = firingAfter(a, y - SAME_TIME_MS);
    else y = firingAfter(b, x - SAME_TIME_MS);
  }
  return null;
}
