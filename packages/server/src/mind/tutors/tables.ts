import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string, string>;

/** A tutor-choice task: the classes that choose, in rounds (`tutorChoice`). */
export interface TutorTasksTable {
  id: Generated<number>;
  org_id: number;
  org_path: string;
  name: string;
  rounds: number;
  round: number;
  class_ids: Json;
  opens_at: number;
  closes_at: number;
  created_by: number;
  created_at: number;
}

/** A tutor of a task with their places. */
export interface TutorTaskTutorsTable {
  id: Generated<number>;
  task_id: number;
  user_id: number;
  quota: number;
  taken: number;
}

/** A student's choice of a tutor in a round; the tutor confirms or declines it. */
export interface TutorChoicesTable {
  id: Generated<number>;
  task_id: number;
  student_id: number;
  tutor_id: number;
  round: number;
  state: 'pending' | 'confirmed' | 'declined';
  created_at: number;
  decided_at: number | null;
}

export interface TutorsTables {
  tutor_tasks: TutorTasksTable;
  tutor_task_tutors: TutorTaskTutorsTable;
  tutor_choices: TutorChoicesTable;
}
