import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { classTeachersOf } from '../teachers/index.ts';

type Db = Kysely<Database>;

/** The head teachers' names of each class, for the student card: the teachers area owns class teachers. */
export function classTeachersOfClasses(db: Db, classIds: number[]): Promise<Map<number, string[]>> {
  return classTeachersOf(db, classIds);
}

/**
 * Whether anything outside the roster refers to a student (assessments, archives, warnings...):
 * each later area registers a check, and a referenced student can only be disabled, not removed.
 */
export type StudentReferenceCheck = (db: Db, studentId: number) => Promise<boolean>;
const referenceChecks: StudentReferenceCheck[] = [];

export function registerStudentReference(check: StudentReferenceCheck): void {
  referenceChecks.push(check);
}

export async function studentReferenced(db: Db, studentId: number): Promise<boolean> {
  for (const check of referenceChecks) if (await check(db, studentId)) return true;
  return false;
}
