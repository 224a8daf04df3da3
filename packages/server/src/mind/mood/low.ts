import { type Lang, shiftDay, translate } from '@meridian/contracts';
import { defineJob } from '../../platform/jobs/types.ts';
import { formatDate } from '../../platform/time.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { openWarning } from '../warnings/open.ts';
import { settingsBySchool } from './settings.ts';
import { claimStreak, scopeEntriesSince, setStreakWarning, streakWarnings } from './teacher-repository.ts';

/** The longest window the rule reads: the most days a school may ask for, and yesterday. */
const WINDOW_DAYS = 15;

interface EntryOfRun {
  id: number;
  student_id: number;
  name: string;
  school_id: number;
  class_id: number | null;
  class_name: string | null;
  day: string;
  mood: number;
}

export interface LowRun {
  studentId: number;
  name: string;
  schoolId: number;
  classId: number | null;
  className: string | null;
  days: number;
  since: string;
  lastMood: number;
  lastEntryId: number;
}

/**
 * The students whose latest entry (today or yesterday: a run still going) starts a run of days in
 * a row at or below their school's threshold, at least their school's N days long. A day without
 * an entry ends a run: the rule reads what students wrote, not what they did not.
 */
async function lowRuns(actor: Pick<Actor, 'db'>, scope: StudentScope, today: string): Promise<LowRun[]> {
  const rows = (await scopeEntriesSince(actor.db, scope, shiftDay(today, -WINDOW_DAYS))) as EntryOfRun[];
  const settingsOf = await settingsBySchool(
    actor,
    rows.map((r) => Number(r.school_id)),
  );
  const byStudent = new Map<number, EntryOfRun[]>();
  for (const row of rows) {
    const list = byStudent.get(Number(row.student_id)) ?? [];
    list.push(row);
    byStudent.set(Number(row.student_id), list);
  }
  const runs: LowRun[] = [];
  for (const [studentId, entries] of byStudent) {
    const [latest] = entries;
    if (!latest || latest.day < shiftDay(today, -1)) continue;
    const { lowDays, lowThreshold } = settingsOf(Number(latest.school_id));
    let days = 0;
    let expected = latest.day;
    for (const e of entries) {
      if (e.day !== expected || Number(e.mood) > lowThreshold) break;
      days += 1;
      expected = shiftDay(e.day, -1);
    }
    if (days < lowDays) continue;
    runs.push({
      studentId,
      name: latest.name,
      schoolId: Number(latest.school_id),
      classId: latest.class_id === null ? null : Number(latest.class_id),
      className: latest.class_name,
      days,
      since: shiftDay(latest.day, 1 - days),
      lastMood: Number(latest.mood),
      lastEntryId: Number(latest.id),
    });
  }
  return runs.sort((a, b) => b.days - a.days || a.studentId - b.studentId);
}

/** The scope's students low for their school's N days, with the warning their run opened (if the job ran). */
export async function lowStudentsOf(actor: Actor, scope: StudentScope) {
  const runs = await lowRuns(actor, scope, formatDate(Date.now()));
  const opened = await streakWarnings(
    actor.db,
    runs.map((r) => r.studentId),
  );
  const warningOf = (r: LowRun) =>
    opened.find((o) => Number(o.student_id) === r.studentId && o.since === r.since)?.warning_id ?? null;
  return runs.map((r) => {
    const warningId = warningOf(r);
    return {
      studentId: r.studentId,
      name: r.name,
      classId: r.classId,
      className: r.className,
      days: r.days,
      since: r.since,
      lastMood: r.lastMood,
      warningId: warningId === null ? null : Number(warningId),
    };
  });
}

const lowReason = (run: LowRun) => {
  const text = (lang: Lang) => translate('mood.lowReason', lang, { days: run.days, since: run.since });
  return { 'zh-CN': text('zh-CN'), en: text('en') };
};

export const MOOD_LOW_STREAKS = 'mind.mood.lowStreaks';
const EVERYONE: StudentScope = { all: true, schoolIds: [], classIds: [], studentIds: [], orgPaths: [] };

/**
 * Opens an orange warning through the warning workflow for each run of low days as long as the
 * school's N. A run is claimed by its first day in the transaction that opens its warning, so a
 * repeated or overlapping run opens nothing twice; a run that goes on opens nothing new, a new
 * run after a better day does.
 */
export const moodLowStreaksJob = defineJob({
  kind: MOOD_LOW_STREAKS,
  maxAttempts: 3,
  async run(_job, { db }) {
    const k = db.kysely;
    const at = Date.now();
    for (const run of await lowRuns({ db: k }, EVERYONE, formatDate(at))) {
      await k.transaction().execute(async (trx) => {
        const streakId = await claimStreak(trx, run.studentId, run.since, at);
        if (streakId === null) return;
        const warningId = await openWarning(
          trx,
          {
            studentId: run.studentId,
            studentName: run.name,
            schoolId: run.schoolId,
            classId: run.classId,
            level: 'orange',
            rule: 'moodLow',
            reason: lowReason(run),
            resultId: run.lastEntryId,
            source: 'journal',
          },
          at,
        );
        await setStreakWarning(trx, streakId, warningId);
      });
    }
  },
});

/** Every hour, a little after the hour: a school day's entries are in long before the next one. */
export const moodLowStreaksSchedule = { kind: MOOD_LOW_STREAKS, cron: '7 * * * *' };
