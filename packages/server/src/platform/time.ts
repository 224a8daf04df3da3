/**
 * Time as people read and type it: in the deployment's time zone (`TIME_ZONE`, Asia/Shanghai by
 * default), never the server's. Timestamps are epoch milliseconds (UTC) everywhere else; this is
 * where they become a day or a clock time, and where a date a person typed becomes an instant.
 * Zone arithmetic is the JavaScript engine's own (ICU's time-zone data through `Intl`), so daylight
 * saving and historical offsets are right wherever a deployment is (decision 0055).
 */

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Whether the engine knows the zone (an IANA name such as `Asia/Shanghai` or `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

let deploymentZone = DEFAULT_TIME_ZONE;

/** Sets the deployment's zone, once at start-up from the configuration (`TIME_ZONE`). */
export function useTimeZone(zone: string): void {
  if (!isTimeZone(zone)) throw new Error(`unknown time zone ${zone}`);
  deploymentZone = zone;
}

export function timeZone(): string {
  return deploymentZone;
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// Building a formatter is the slow part of Intl; one per zone is kept (the alarm engine formats on
// its hot path).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of an instant in a zone. */
export function partsOf(at: number, zone = deploymentZone): Parts {
  const parts: Parts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of formatterOf(zone).formatToParts(at)) {
    if (p.type in parts) parts[p.type as keyof Parts] = Number(p.value);
  }
  return parts;
}

/** How far the zone's clock is ahead of UTC at that instant, in milliseconds. */
function offsetAt(at: number, zone: string): number {
  const p = partsOf(at, zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / SECOND) * SECOND;
}

/** The instant the zone's clocks show that wall-clock time (the earlier one where clocks go back). */
function instantOf(year: number, month: number, day: number, zone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const guess = wall - offsetAt(wall, zone);
  // Once more at the guess itself, in case an offset change lies between the two.
  return wall - offsetAt(guess, zone);
}

const two = (n: number) => String(n).padStart(2, '0');

/** `2025-09-01`, the day of the instant in the zone. */
export function formatDate(at: number, zone = deploymentZone): string {
  const p = partsOf(at, zone);
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/** `2025-09-01 08:05:09`, as alarms, mails and exports show a time. */
export function formatDateTime(at: number, zone = deploymentZone): string {
  const p = partsOf(at, zone);
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The first instant of a date a person typed (`2025-09-01`) in the zone: a term that starts on the
 * 1st starts at that midnight in the school's time zone, not at UTC midnight (08:00 in China).
 */
export function startOfDate(date: string, zone = deploymentZone): number {
  const m = DATE.exec(date);
  if (!m) throw new Error(`not a date: ${date}`);
  return instantOf(Number(m[1]), Number(m[2]), Number(m[3]), zone);
}

/** The first instant after a date, i.e. the start of the next day (a day is not always 24 hours). */
export function endOfDate(date: string, zone = deploymentZone): number {
  const m = DATE.exec(date);
  if (!m) throw new Error(`not a date: ${date}`);
  return instantOf(Number(m[1]), Number(m[2]), Number(m[3]) + 1, zone);
}

/** The midnight that began the day of the instant, in the zone. */
export function startOfDay(at: number, zone = deploymentZone): number {
  const p = partsOf(at, zone);
  return instantOf(p.year, p.month, p.day, zone);
}
