import type { ColumnType } from 'kysely';

type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

/** A school's choice of sign-in ways; no row is the default: student-number sign-in off. */
export interface SchoolSignInSettingsTable {
  school_id: number;
  student_no_signin: Bool;
  updated_by: number | null;
  updated_at: number;
}

export interface SchoolSignInTables {
  school_signin_settings: SchoolSignInSettingsTable;
}
