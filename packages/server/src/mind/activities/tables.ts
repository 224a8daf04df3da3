import type { ColumnType, Generated } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
type Json = ColumnType<unknown, string, string>;

/** An activity a school or the psychology centre publishes (`activityManage`). */
export interface ActivitiesTable {
  id: Generated<number>;
  org_id: number;
  org_path: string;
  title: string;
  kind: string;
  place: string;
  description: string;
  quota: number;
  /** Places taken: raised only while below `quota`, in the same transaction as the sign-up. */
  signed: number;
  audience: string;
  targets: Json;
  starts_at: number;
  ends_at: number;
  signup_from: number;
  signup_until: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** A place taken by a student, or for a student by a parent (`activityBmDetail`). */
export interface ActivitySignupsTable {
  id: Generated<number>;
  activity_id: number;
  student_id: number;
  signer: 'student' | 'parent';
  user_id: number;
  attended: Bool | null;
  created_at: number;
}

export interface ActivitiesTables {
  activities: ActivitiesTable;
  activity_signups: ActivitySignupsTable;
}
