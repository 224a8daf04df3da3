import type {
  Page,
  RunOutcome,
  TaskLogView,
  TaskRecordView,
  TaskView,
  TimedTaskState,
  taskInput,
} from '@meridian/contracts';
import { get, post, put, request } from '../../shared/request.ts';
import type { Input } from '../components/contracts.ts';

/** The calls of timed tasks, Execution Record and Execution Log (issue 19's server). */

export type { TaskLogView, TaskRecordView, TaskView };
/** What Timed Tasks add/edit sends: defaults of the contract may be left out. */
export type TaskFields = Input<typeof taskInput>;

type Paging = { page: number; size: number };

export interface TaskFilters {
  keyword?: string;
  state?: TimedTaskState;
  deviceId?: number;
  lastOutcome?: 'success' | 'failing';
}

export const listTasks = (query: TaskFilters & Paging, signal?: AbortSignal) =>
  get<Page<TaskView>>('iot/tasks', { query: { ...query }, signal });
export const addTask = (fields: TaskFields) => post<TaskView>('iot/tasks', fields);
export const editTask = (id: number, fields: TaskFields) => put<TaskView>(`iot/tasks/${id}`, fields);
export const pauseTask = (id: number, paused: boolean) =>
  post<TaskView>(`iot/tasks/${id}/${paused ? 'pause' : 'resume'}`, {});
export const deleteTask = (id: number) => request<null>('DELETE', `iot/tasks/${id}`);

export interface RecordFilters {
  taskId?: number;
  deviceId?: number;
  outcome?: RunOutcome;
  from?: number;
  to?: number;
}
export const taskRecords = (query: RecordFilters & Paging, signal?: AbortSignal) =>
  get<Page<TaskRecordView>>('iot/tasks/records', { query: { ...query }, signal });

export interface LogFilters {
  taskId?: number;
  action?: TaskLogView['action'];
}
export const taskLog = (query: LogFilters & Paging, signal?: AbortSignal) =>
  get<Page<TaskLogView>>('iot/tasks/log', { query: { ...query }, signal });
