import { describe, expect, it } from 'vitest';
import { DAY, endOfDate, formatDate, formatDateTime, HOUR, isTimeZone, startOfDate, startOfDay } from './time.ts';

const at = (iso: string) => Date.parse(iso);

describe('dates in the deployment time zone', () => {
  it('starts a date a person typed at midnight of that zone, not at UTC midnight', () => {
    // 2025-09-01 00:00 in Shanghai is 2025-08-31 16:00 UTC.
    expect(startOfDate('2025-09-01', 'Asia/Shanghai')).toBe(at('2025-08-31T16:00:00Z'));
    expect(endOfDate('2025-09-01', 'Asia/Shanghai')).toBe(at('2025-09-01T16:00:00Z'));
    expect(startOfDate('2025-09-01', 'UTC')).toBe(at('2025-09-01T00:00:00Z'));
  });

  it('puts 07:00 on the first day of term in that day, in Shanghai', () => {
    const sevenInTheMorning = at('2025-08-31T23:00:00Z'); // 07:00 on 1 September in Shanghai
    expect(sevenInTheMorning).toBeGreaterThanOrEqual(startOfDate('2025-09-01', 'Asia/Shanghai'));
    expect(sevenInTheMorning).toBeLessThan(endOfDate('2025-09-01', 'Asia/Shanghai'));
    // Read as UTC midnight (what Date.parse does with a date alone), it fell in the day before.
    expect(sevenInTheMorning).toBeLessThan(Date.parse('2025-09-01'));
    expect(formatDate(sevenInTheMorning, 'Asia/Shanghai')).toBe('2025-09-01');
    expect(formatDate(sevenInTheMorning, 'UTC')).toBe('2025-08-31');
  });

  it('writes a time as the zone reads it', () => {
    expect(formatDateTime(at('2025-01-31T00:05:09Z'), 'Asia/Shanghai')).toBe('2025-01-31 08:05:09');
    expect(formatDateTime(at('2025-01-31T00:05:09.999Z'), 'UTC')).toBe('2025-01-31 00:05:09');
    expect(formatDateTime(at('2024-12-31T16:00:00Z'), 'Asia/Shanghai')).toBe('2025-01-01 00:00:00');
  });

  it('knows days are not always 24 hours where clocks change', () => {
    // New York went to summer time on 2025-03-09: that day had 23 hours, 2025-11-02 had 25.
    expect(endOfDate('2025-03-09', 'America/New_York') - startOfDate('2025-03-09', 'America/New_York')).toBe(23 * HOUR);
    expect(endOfDate('2025-11-02', 'America/New_York') - startOfDate('2025-11-02', 'America/New_York')).toBe(25 * HOUR);
    expect(startOfDate('2025-03-09', 'America/New_York')).toBe(at('2025-03-09T05:00:00Z'));
    expect(startOfDate('2025-03-10', 'America/New_York')).toBe(at('2025-03-10T04:00:00Z'));
  });

  it('finds the midnight that began the day of an instant', () => {
    expect(startOfDay(at('2025-09-01T15:59:59Z'), 'Asia/Shanghai')).toBe(at('2025-08-31T16:00:00Z'));
    expect(startOfDay(at('2025-09-01T16:00:00Z'), 'Asia/Shanghai')).toBe(at('2025-09-01T16:00:00Z'));
    expect(startOfDay(at('2025-09-01T16:00:00Z'), 'UTC')).toBe(at('2025-09-01T00:00:00Z'));
    expect(DAY).toBe(86_400_000);
  });

  it('refuses what is not a date or a zone', () => {
    expect(() => startOfDate('2025-9-1')).toThrow('not a date: 2025-9-1');
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
