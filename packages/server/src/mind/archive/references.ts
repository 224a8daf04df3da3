import { registerStudentReference } from '../people/students/hooks.ts';
import { hasRecordOfStudent } from './repository.ts';

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
    if (await hasRecordOfStudent(db, table, studentId)) return true;
  }
  return false;
});
