import type {
  AssessmentKind,
  groupReport,
  OtherRater,
  Page,
  progress,
  resultDetail,
  resultRow,
  ScoreResult,
  TaskMode,
  TaskState,
  TaskTargets,
  task,
  taskSyncResult,
  taskWithdrawal,
  unanswered,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get, post } from '../../../shared/request.ts';

/** The calls of assessment tasks, their progress, results and reports (`/apis-psychology/survey/...`, `cp/...`). */

export type Task = Output<typeof task>;
export type Progress = Output<typeof progress>;
export type Unanswered = Output<typeof unanswered>;
export type ResultRow = Output<typeof resultRow>;
export type ResultDetail = Omit<Output<typeof resultDetail>, 'score'> & { score: ScoreResult };
export type GroupReport = Output<typeof groupReport>;
export type GroupBy = 'school' | 'grade' | 'class' | 'gender';
export type { AssessmentKind, TaskMode, TaskState };

type Signal = AbortSignal | undefined;
type Paging = { page: number; size: number };

export interface TaskFields {
  name: string;
  kind: AssessmentKind;
  mode?: TaskMode;
  rater: OtherRater | null;
  scaleIds: number[];
  targets: TaskTargets;
  startsAt: number;
  endsAt: number;
  retest: boolean;
  showReport: boolean;
  maxMinutes: number | null;
}

export interface TaskFilter {
  name?: string | undefined;
  state?: TaskState | undefined;
  kind?: AssessmentKind | undefined;
  mode?: TaskMode | undefined;
}

export interface ResultFilter {
  taskId?: number | undefined;
  schoolId?: number | undefined;
  gradeId?: number | undefined;
  classId?: number | undefined;
  scaleId?: number | undefined;
  studentId?: number | undefined;
  band?: string | undefined;
  warning?: boolean | undefined;
}

const survey = 'apis-psychology/survey';

export const taskPage = (body: TaskFilter & Paging, signal?: Signal) =>
  post<Page<Task>>(`${survey}/record/page`, body, { signal });
export const taskInfo = (id: number, signal?: Signal) => get<Task>(`${survey}/record/${id}`, { signal });
export const createTask = (body: TaskFields) => post<Task>(`${survey}/record/createTask`, body);
export const editTask = (body: TaskFields & { id: number }) => post<Task>(`${survey}/record/edit`, body);
export type TaskMove = 'publish' | 'pause' | 'resume' | 'end';
export const moveTask = (id: number, move: TaskMove) => post<Task>(`${survey}/task/${move}`, { id });
/** Deletes a task; a synced bureau task withdraws the copies nobody started and says what it kept. */
export const deleteTask = (id: number) => post<Output<typeof taskWithdrawal> | null>(`${survey}/task/delete`, { id });
/** Syncs a bureau task down to its target schools (decision 0139). */
export const syncTask = (id: number) => post<Output<typeof taskSyncResult>>(`${survey}/task/sync`, { id });

export const taskProgress = (id: number, by: 'school' | 'grade' | 'class', signal?: Signal) =>
  post<Progress>(`${survey}/record/monitorPage`, { id, by }, { signal });
export const unansweredPage = (body: { id: number; classId?: number | undefined } & Paging, signal?: Signal) =>
  post<Page<Unanswered>>(`${survey}/record/unanswered`, body, { signal });
export const remind = (id: number) => post<{ reminded: number }>(`${survey}/record/remind`, { id });

export const resultPage = (body: ResultFilter & Paging, signal?: Signal) =>
  post<Page<ResultRow>>(`${survey}/record/query`, body, { signal });
export const resultInfo = (id: number, signal?: Signal) =>
  get<ResultDetail>(`apis-psychology/survey/result/${id}`, { signal });

export interface GroupQuery {
  scaleId: number;
  taskId?: number | undefined;
  schoolId?: number | undefined;
  gradeId?: number | undefined;
  classId?: number | undefined;
  by: GroupBy;
}
export const groupReportOf = (body: GroupQuery, signal?: Signal) =>
  post<GroupReport>('apis-psychology/cp/normReport', body, { signal });
