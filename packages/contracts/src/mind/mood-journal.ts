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
