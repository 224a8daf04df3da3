import { shiftDay } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toJson } from '../../platform/db/sql.ts';
import { formatDate } from '../../platform/time.ts';

export interface PastMood {
  mood: number;
  note?: string;
  tags?: string[];
}

/**
 * A student's entries of the past days, the last of `moods` today (or `lastDaysAgo` days ago): a
 * week of a journal cannot be written through the API, which writes only today's (tests and walks only).
 */
export async function buildMoodEntries(
  db: Kysely<Database>,
  studentId: number,
  moods: PastMood[],
  lastDaysAgo = 0,
): Promise<string[]> {
  const student = await db
    .selectFrom('students')
    .select(['school_id', 'org_id'])
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
  const today = formatDate(Date.now());
  const at = Date.now();
  const days = moods.map((_, i) => shiftDay(today, i - moods.length + 1 - lastDaysAgo));
  await db
    .insertInto('mood_entries')
    .values(
      moods.map((m, i) => ({
        student_id: studentId,
        school_id: student.school_id,
        class_id: student.org_id,
        day: days[i] ?? today,
        mood: m.mood,
        intensity: 5,
        tags: toJson(m.tags ?? []),
        note: m.note ?? '',
        warning_id: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  return days;
}
