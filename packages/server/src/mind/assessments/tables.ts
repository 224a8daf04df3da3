import type { AssessmentKind, OtherRater, TaskMode, TaskState } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
/** JSON: text in SQLite, jsonb in PostgreSQL; write with `toJson`, read with `fromJson`. */
type Json = ColumnType<unknown, string, string>;

/** An assessment task: who answers which scales, when, and under what rules. */
export interface AssessmentTasksTable {
  id: Generated<number>;
  /** The publishing organisation (a bureau or a school): who may revoke it. */
  org_id: number;
  /** Its path, so that "published above me" is a prefix test. */
  org_path: string;
  name: string;
  kind: AssessmentKind;
  rater: OtherRater | null;
  /** Questionnaire, or an AI interview of the students (decision 0102). */
  mode: ColumnType<TaskMode, TaskMode | undefined, TaskMode>;
  state: TaskState;
  /** The targets as chosen (`TaskTargets`); the assignees are what they resolved to at publish. */
  targets: Json;
  starts_at: number;
  ends_at: number;
  retest: Bool;
  show_report: Bool;
  max_minutes: number | null;
  assignee_count: number;
  created_by: number;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  /** A school's copy of a bureau task names the bureau task it was synced from (decision 0139). */
  source_task_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A scale of a task, pinned to the version that was published when the task was. */
export interface AssessmentTaskScalesTable {
  id: Generated<number>;
  task_id: number;
  scale_id: number;
  /** Null while the task is a draft. */
  version_id: number | null;
  position: number;
}

export type AssigneeState = 'todo' | 'started' | 'done';

/**
 * One sheet to answer: a student (or teacher) and a scale of a task, written at publish so that
 * progress is a count. For a student task the respondent is the student's account; for a teacher
 * task `user_id`; for another rater the student's class teacher or parent, resolved when they answer.
 */
export interface AssessmentAssigneesTable {
  id: Generated<number>;
  task_id: number;
  scale_id: number;
  version_id: number;
  student_id: number | null;
  /** The teacher answering a teacher task. */
  user_id: number | null;
  school_id: number;
  grade_id: number | null;
  class_id: number | null;
  state: AssigneeState;
  /** Saved answers (item id → value) while the sheet is open. */
  answers: Json;
  started_at: number | null;
  submitted_at: number | null;
  attempts: number;
  result_id: number | null;
  updated_at: number;
}

/** A scored sheet, kept with the scale version it was scored with. */
export interface AssessmentResultsTable {
  id: Generated<number>;
  task_id: number;
  assignee_id: number;
  scale_id: number;
  version_id: number;
  student_id: number | null;
  /** Who answered (the student, the teacher, or the other rater). */
  respondent_id: number;
  school_id: number;
  grade_id: number | null;
  class_id: number | null;
  valid: Bool;
  total: number | null;
  band: string | null;
  /** The highest warning level raised, if any. */
  warning_level: string | null;
  /** The scale library's ScoreResult. */
  score: Json;
  answers: Json;
  attempt: number;
  duration_ms: number | null;
  submitted_at: number;
}
export type ResultRow = Selectable<AssessmentResultsTable>;

/** Something a user should do (finish an assessment, look at a warning); `/apis-psychology/todo/list` reads them. */
export interface TodosTable {
  id: Generated<number>;
  user_id: number;
  /** Warning kinds beyond `warning.new` belong to the warning workflow (mind/warnings, issue 9). */
  kind:
    | 'assessment.remind'
    | 'warning.new'
    | 'warning.publish'
    | 'warning.handle'
    | 'warning.escalated'
    | 'warning.followUp'
    /** A correction lowered a result below its open warning's level: the handler decides (decision 0145). */
    | 'warning.note';
  /** The catalogue key of the title and its parameters. */
  title_key: string;
  params: Json;
  source_type: string;
  source_id: number;
  created_at: number;
  done_at: number | null;
}

/** The tables of Mind assessments, added to `Database` in platform/db/schema.ts. */
export interface AssessmentsTables {
  assessment_tasks: AssessmentTasksTable;
  assessment_task_scales: AssessmentTaskScalesTable;
  assessment_assignees: AssessmentAssigneesTable;
  assessment_results: AssessmentResultsTable;
  todos: TodosTable;
}
