import { registerStudentReference } from '../people/students/hooks.ts';

/**
 * A student with anything in their file (growth records, family, home visits, counselling, daily
 * records) can only be disabled, not removed, so that the file never points at nobody.
 */
const TABLES = [
  'growth_records',
  'family_infos',
  'home_visits',
  'counselling_group_members',
  'appointments',
  'daily_records',
] as const;

registerStudentReference(async (db, studentId) => {
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select('student_id')
      .where('student_id', '=', studentId)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
});
