import type { ColumnType, Generated } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
type Json = ColumnType<unknown, string, string>;

/** A dated entry in a student's growth record, written by a teacher (`growthRecord/{userId}`). */
export interface GrowthRecordsTable {
  id: Generated<number>;
  student_id: number;
  school_id: number;
  class_id: number | null;
  /** A calendar date `YYYY-MM-DD`. */
  occurred_on: string;
  category: string;
  title: string;
  content: string;
  author_id: number;
  created_at: number;
  updated_at: number;
}

/** One row per student: the family situation (`FamilyInfo`). */
export interface FamilyInfosTable {
  id: Generated<number>;
  student_id: number;
  school_id: number;
  structure: string;
  living_with: string;
  economy: string;
  left_behind: Bool;
  guardian: string | null;
  notes: string | null;
  updated_by: number;
  updated_at: number;
}

/** A home-visit task: the visit form's questions, whom to visit, the window (`homeVisitTaskConfig`). */
export interface HomeVisitTasksTable {
  id: Generated<number>;
  org_id: number;
  org_path: string;
  name: string;
  questions: Json;
  targets: Json;
  starts_at: number;
  ends_at: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** A visit to a student's family, with the answers to its task's form (`homeVisitRecord`). */
export interface HomeVisitsTable {
  id: Generated<number>;
  task_id: number | null;
  student_id: number;
  school_id: number;
  class_id: number | null;
  visited_at: number;
  way: string;
  place: string | null;
  people: string;
  answers: Json;
  summary: string;
  visitor_id: number;
  created_at: number;
  updated_at: number;
}

/** A group-counselling application and, once approved, the group (`groupApply`). */
export interface CounsellingGroupsTable {
  id: Generated<number>;
  school_id: number;
  title: string;
  topic: string;
  plan: string;
  starts_on: string;
  sessions: number;
  state: string;
  applicant_id: number;
  reviewer_id: number | null;
  review_note: string | null;
  reviewed_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface CounsellingGroupMembersTable {
  id: Generated<number>;
  group_id: number;
  student_id: number;
}

/** One session held by a group (`groupRecord`). */
export interface CounsellingGroupSessionsTable {
  id: Generated<number>;
  group_id: number;
  held_at: number;
  place: string;
  content: string;
  /** Student ids of members who did not come. */
  absent_ids: Json;
  author_id: number;
  created_at: number;
}

/** An individual counselling appointment: request, review, session, rating (`appointmentRecordQuery`). */
export interface AppointmentsTable {
  id: Generated<number>;
  student_id: number;
  school_id: number;
  class_id: number | null;
  requested_by: number;
  counsellor_id: number | null;
  wanted_at: number;
  reason: string;
  state: string;
  review_note: string | null;
  reviewed_at: number | null;
  session_at: number | null;
  session_place: string | null;
  summary: string | null;
  rating: number | null;
  rating_comment: string | null;
  created_at: number;
  updated_at: number;
}

/** A counsellor's private note on an appointment: read by its author and roles granted `privateNotes`. */
export interface AppointmentNotesTable {
  id: Generated<number>;
  appointment_id: number;
  author_id: number;
  content: string;
  created_at: number;
}

/** The records of the daily-work pages, one kind per page (decision 0034). */
export interface DailyRecordsTable {
  id: Generated<number>;
  kind: string;
  school_id: number;
  class_id: number | null;
  student_id: number | null;
  occurred_on: string;
  category: string | null;
  title: string;
  content: string;
  author_id: number;
  created_at: number;
  updated_at: number;
}

/** The tables of the Mind student archive, home visits and counselling, added to `Database` in platform/db/schema.ts. */
export interface ArchiveTables {
  growth_records: GrowthRecordsTable;
  family_infos: FamilyInfosTable;
  home_visit_tasks: HomeVisitTasksTable;
  home_visits: HomeVisitsTable;
  counselling_groups: CounsellingGroupsTable;
  counselling_group_members: CounsellingGroupMembersTable;
  counselling_group_sessions: CounsellingGroupSessionsTable;
  appointments: AppointmentsTable;
  appointment_notes: AppointmentNotesTable;
  daily_records: DailyRecordsTable;
}
