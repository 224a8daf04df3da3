import type { ParentRelation, StudentStatus } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

/** A school year ("xuenian"), of one district (its top organisation) or, with no org, the platform's default. */
export interface SchoolYearsTable {
  id: Generated<number>;
  org_id: number | null;
  name: string;
  /** Calendar dates `YYYY-MM-DD`: a date, not an instant, so not epoch milliseconds. */
  start_date: string;
  end_date: string;
  current: Bool;
  created_at: number;
  updated_at: number;
}

export interface SemestersTable {
  id: Generated<number>;
  school_year_id: number;
  term: number;
  start_date: string;
  end_date: string;
  current: Bool;
}

/** The roster: a student is a row here, with an account only once one is bound (`user_id`). */
export interface StudentsTable {
  id: Generated<number>;
  /** The class. School, campus and grade are copied from its path so that lists filter on one index. */
  org_id: number;
  school_id: number;
  campus_id: number | null;
  grade_id: number;
  name: string;
  student_no: string;
  gender: 'male' | 'female';
  birthday: string | null;
  id_card: string | null;
  phone: string | null;
  enrol_year: number | null;
  status: StudentStatus;
  user_id: number | null;
  created_at: number;
  updated_at: number;
}
export type StudentRow = Selectable<StudentsTable>;

export interface ParentsTable {
  id: Generated<number>;
  /** The school that registered the parent: whose administrators see them before any child is linked. */
  school_id: number;
  name: string;
  phone: string;
  user_id: number | null;
  created_at: number;
  updated_at: number;
}
export type ParentRow = Selectable<ParentsTable>;

export interface StudentParentsTable {
  id: Generated<number>;
  student_id: number;
  parent_id: number;
  relation: ParentRelation;
  created_at: number;
}

/** The tables of students, parents and school years, added to `Database` in platform/db/schema.ts. */
export interface StudentsTables {
  school_years: SchoolYearsTable;
  semesters: SemestersTable;
  students: StudentsTable;
  parents: ParentsTable;
  student_parents: StudentParentsTable;
}
