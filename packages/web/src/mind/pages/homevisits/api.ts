import type {
  Page,
  VisitAdd,
  VisitFilters,
  VisitTaskCreate,
  VisitUpdate,
  visitRecord,
  visitTask,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { download } from '../../../shared/download.ts';
import { get, post } from '../../../shared/request.ts';

/** The calls of home-visit tasks and records (`/apis-psychology/homeVisit/...`) and the answer export. */

type Signal = AbortSignal | undefined;
type Paging = { page: number; size: number };

export type VisitTask = Output<typeof visitTask>;
export type VisitRecord = Output<typeof visitRecord>;
/** A task as the form sends it (the contract's input, before its defaults). */
export type VisitTaskFields = Omit<VisitTaskCreate, 'questions'> & {
  questions: { id: string; title: string; type: 'text' | 'single' | 'multi'; options: string[]; required: boolean }[];
};

const TASKS = 'apis-psychology/homeVisit/task';
const RECORDS = 'apis-psychology/homeVisit/record';

export const visitTaskPage = (body: { keyword?: string | undefined } & Paging, signal?: Signal) =>
  post<Page<VisitTask>>(`${TASKS}/page`, body, { signal });
export const visitTaskInfo = (id: number, signal?: Signal) => get<VisitTask>(`${TASKS}/${id}`, { signal });
export const createVisitTask = (body: VisitTaskFields) => post<VisitTask>(`${TASKS}/add`, body);
export const editVisitTask = (body: VisitTaskFields & { id: number }) => post<VisitTask>(`${TASKS}/update`, body);
export const deleteVisitTask = (id: number) => post<null>(`${TASKS}/delete`, { id });

export const visitPage = (body: VisitFilters & Paging, signal?: Signal) =>
  post<Page<VisitRecord>>(`${RECORDS}/page`, body, { signal });
export const addVisit = (body: VisitAdd) => post<VisitRecord>(`${RECORDS}/add`, body);
export const editVisit = (body: VisitUpdate) => post<VisitRecord>(`${RECORDS}/update`, body);
export const deleteVisit = (id: number) => post<null>(`${RECORDS}/delete`, { id });

/** The task's answers as an xlsx, saved by the browser. */
export const exportAnswers = (taskId: number, fallbackName: string) =>
  download('apis-psychology/survey/task/exportHomeVisitAnswer', fallbackName, { taskId });
