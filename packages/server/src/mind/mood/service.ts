import { type Lang, type MoodEntrySave, translate } from '@meridian/contracts';
import { fromJson, now, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { formatDate } from '../../platform/time.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { type CrisisCategory, checkCrisis } from '../crisis/check.ts';
import { openWarning } from '../warnings/open.ts';
import { counsellorsOf, entriesBetween, entryOfDay, saveEntry, setEntryWarning, studentOfUser } from './repository.ts';
import { settingsBySchool } from './settings.ts';

/** The national psychological help line, day and night; the page names it in the reader's language. */
export const HOTLINE = '12356';
/** A day's entry is the day of the deployment's time zone (`TIME_ZONE`, decision 0089). */
export const schoolDay = (at: number) => formatDate(at);

async function studentOf(actor: Actor) {
  const student = await studentOfUser(actor.db, actor.auth.userId);
  if (!student) throw new AppError(403, 'mood.notStudent');
  return student;
}

function present(row: {
  day: string;
  mood: number;
  intensity: number;
  tags: unknown;
  note: string;
  updated_at: number;
}) {
  return {
    day: row.day,
    mood: Number(row.mood),
    intensity: Number(row.intensity),
    tags: fromJson<string[]>(row.tags),
    note: row.note,
    updatedAt: Number(row.updated_at),
  };
}

const crisisReason = (categories: CrisisCategory[]) => {
  const text = (lang: Lang) =>
    translate('mood.crisisReason', lang, {
      categories: categories.map((c) => translate(`crisis.${c}`, lang)).join(lang === 'en' ? ', ' : '、'),
    });
  return { 'zh-CN': text('zh-CN'), en: text('en') };
};

/**
 * Saves today's entry, first or again the same day. The note passes the local crisis check on
 * every save, whatever the AI settings: a hit opens a red warning in the same transaction (once per
 * entry) and the student is shown whom to turn to.
 */
export async function saveTodayMood(actor: Actor, body: MoodEntrySave) {
  const student = await studentOf(actor);
  const at = now();
  const day = schoolDay(at);
  const verdict = checkCrisis(body.note);
  const categories = [...new Set(verdict.hits.map((h) => h.category))];
  await actor.db.transaction().execute(async (trx) => {
    const entryId = await saveEntry(
      trx,
      {
        student_id: student.id,
        school_id: student.school_id,
        class_id: student.class_id,
        day,
        mood: body.mood,
        intensity: body.intensity,
        tags: toJson(body.tags),
        note: body.note,
      },
      at,
    );
    if (!verdict.risky) return;
    const saved = await entryOfDay(trx, student.id, day);
    if (saved?.warning_id != null) return;
    const warningId = await openWarning(
      trx,
      {
        studentId: student.id,
        studentName: student.name,
        schoolId: student.school_id,
        classId: student.class_id,
        level: 'red',
        rule: 'crisis',
        reason: crisisReason(categories),
        resultId: entryId,
        source: 'journal',
      },
      at,
    );
    await setEntryWarning(trx, entryId, warningId);
  });
  const entry = await entryOfDay(actor.db, student.id, day);
  if (!entry) throw new AppError(500, 'mood.notStudent');
  const help = verdict.risky
    ? {
        counsellors: (await counsellorsOf(actor.db, student.school_id)).map((t) => t.name),
        hotline: HOTLINE,
      }
    : null;
  return { entry: present(entry), help };
}

/**
 * The student's own entries of a month (YYYY-MM, this month by default), for the calendar and the
 * trend, with who at the school may read the notes (the page tells the student).
 */
export async function myMonth(actor: Actor, month: string | undefined) {
  const student = await studentOf(actor);
  const today = schoolDay(now());
  const shown = month ?? today.slice(0, 7);
  const rows = await entriesBetween(actor.db, student.id, `${shown}-01`, `${shown}-31`);
  const settings = (await settingsBySchool(actor, [student.school_id]))(student.school_id);
  return { today, month: shown, noteReaders: settings.noteReaders, entries: rows.map(present) };
}
