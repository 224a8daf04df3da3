import { z } from 'zod';

/** Limits of a mood-journal entry, written once for the server and the H5 form. */
export const MOOD_LIMITS = { moodMax: 5, intensityMax: 10, tagsMax: 5, tagMax: 12, noteMax: 500 } as const;
const L = MOOD_LIMITS;

/** Today's entry as the student writes it: mood 1 (very low) to 5 (very good), its intensity, tags, a short note. */
export const moodEntrySave = z.strictObject({
  mood: z.number().int().min(1, 'v.mood.mood').max(L.moodMax, 'v.mood.mood'),
  intensity: z.number().int().min(1, 'v.mood.intensity').max(L.intensityMax, 'v.mood.intensity'),
  tags: z.array(z.string().trim().min(1, 'v.mood.tag').max(L.tagMax, 'v.mood.tag')).max(L.tagsMax, 'v.mood.tags'),
  note: z.string().max(L.noteMax, 'v.mood.note'),
});
export type MoodEntrySave = z.infer<typeof moodEntrySave>;

export const moodEntry = z.object({
  /** The school day, YYYY-MM-DD in China time. */
  day: z.string(),
  mood: z.number(),
  intensity: z.number(),
  tags: z.array(z.string()),
  note: z.string(),
  updatedAt: z.number(),
});
export type MoodEntry = z.infer<typeof moodEntry>;

/** Where a student in danger is pointed at once: the school's counsellors and a hotline. */
export const moodHelp = z.object({
  counsellors: z.array(z.string()),
  hotline: z.string(),
});

export const moodSaved = z.object({ entry: moodEntry, help: moodHelp.nullable() });

/**
 * Who may read a student's note, set per school: nobody, the school's psychology teachers, or
 * those and the head teacher of the student's class (decision 0089).
 */
export const MOOD_NOTE_READERS = ['nobody', 'psychology', 'psychologyAndHead'] as const;
export type MoodNoteReaders = (typeof MOOD_NOTE_READERS)[number];
/** Bounds of the low-mood rule: N days in a row at or below a mood threshold. */
export const MOOD_LOW_LIMITS = { daysMin: 2, daysMax: 14, thresholdMax: 4 } as const;

/** The school's journal settings as the school edits them (`moodJournalTest`). */
export const moodSettingsSave = z.strictObject({
  lowDays: z
    .number()
    .int()
    .min(MOOD_LOW_LIMITS.daysMin, 'v.mood.lowDays')
    .max(MOOD_LOW_LIMITS.daysMax, 'v.mood.lowDays'),
  lowThreshold: z.number().int().min(1, 'v.mood.lowThreshold').max(MOOD_LOW_LIMITS.thresholdMax, 'v.mood.lowThreshold'),
  noteReaders: z.enum(MOOD_NOTE_READERS, 'v.mood.noteReaders'),
});
export type MoodSettingsSave = z.infer<typeof moodSettingsSave>;

export const moodSettings = moodSettingsSave.extend({
  schoolId: z.number(),
  schoolName: z.string(),
  updatedAt: z.number().nullable(),
});

/** A student's own month, with the day it is at the school and who may read the notes. */
export const moodMonth = z.object({
  today: z.string(),
  month: z.string(),
  noteReaders: z.enum(MOOD_NOTE_READERS),
  entries: z.array(moodEntry),
});

/** The average mood of one class on one day, over the students who wrote that day. */
export const moodClassDay = z.object({ day: z.string(), average: z.number(), entries: z.number() });
export const moodClassTrend = z.object({
  classId: z.number(),
  className: z.string(),
  days: z.array(moodClassDay),
});
export const moodTrends = z.object({ from: z.string(), to: z.string(), classes: z.array(moodClassTrend) });

/** A student whose mood stayed at or below the school's threshold for its N days in a row, up to the last entry. */
export const moodLowStudent = z.object({
  studentId: z.number(),
  name: z.string(),
  classId: z.number().nullable(),
  className: z.string().nullable(),
  days: z.number(),
  since: z.string(),
  lastMood: z.number(),
  warningId: z.number().nullable(),
});

/** A student of a class who wrote in the period, with the period's figures: where any student's journal opens from. */
export const moodClassStudent = z.object({
  studentId: z.number(),
  name: z.string(),
  entries: z.number(),
  average: z.number(),
  lastDay: z.string(),
  lastMood: z.number(),
});

/** A student's entry as a teacher sees it: the note itself only through the audited note read. */
export const moodTeacherEntry = moodEntry.omit({ note: true }).extend({ hasNote: z.boolean() });
export const moodStudentEntries = z.object({
  studentId: z.number(),
  name: z.string(),
  /** Whether the caller may open the notes, by the school's setting. */
  canReadNotes: z.boolean(),
  entries: z.array(moodTeacherEntry),
});
export const moodNote = z.object({ day: z.string(), note: z.string() });

const studentRef = z.number().int().positive();
/** `studentEmotionData/getStudentMoodList`: a student's journal entries, newest first, a page at a time (decision 0151). */
export const studentMoodListBody = z.strictObject({
  studentId: studentRef,
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(100).default(20),
});
export type StudentMoodListBody = z.input<typeof studentMoodListBody>;
/** `studentEmotionData/getMonthQxxxDataList` (情绪): a student's month, day by day (decision 0151). */
export const studentMonthBody = z.strictObject({
  studentId: studentRef,
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'v.mood.month'),
});
export type StudentMonthBody = z.input<typeof studentMonthBody>;
/**
 * One day of a student's month: their own journal mood (null: no entry) beside their class's share
 * of negative emotion from the classroom cameras (null: no samples). The class's figure is the
 * class's, never the student's face.
 */
export const studentEmotionDay = z.object({
  day: z.string(),
  mood: z.number().nullable(),
  intensity: z.number().nullable(),
  classNegative: z.number().nullable(),
  classSamples: z.number(),
});
export const studentMonthEmotion = z.object({
  studentId: z.number(),
  name: z.string(),
  className: z.string().nullable(),
  month: z.string(),
  days: z.array(studentEmotionDay),
});

/** A school day (`2025-09-01`) moved by whole calendar days, on the server and in the pages alike. */
export function shiftDay(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + n)).toISOString().slice(0, 10);
}
