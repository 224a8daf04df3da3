import type { LocalText, myTask, sheet, submitted } from '@meridian/contracts';
import type { Output } from '../../shared/contracts.ts';
import { get, post } from '../../shared/request.ts';

/** One scale of one task waiting for the signed-in student or rater. */
export type MyTask = Output<typeof myTask>;
export type SheetState = MyTask['state'];

/** The scale as a respondent sees it: text and options, no scores or rules (the server strips them). */
export interface RespondentScale {
  code: string;
  name: LocalText;
  instructions: LocalText | null;
  options: { value: string; label: LocalText }[];
  items: { id: string; text: LocalText; options?: { value: string; label: LocalText }[] | undefined }[];
}

export type Sheet = Omit<Output<typeof sheet>, 'scale'> & { scale: RespondentScale };

/** What a respondent may read of their own result, when the task shows it. */
export interface OwnReport {
  valid: boolean;
  total: number;
  band: string | null;
  interpretation: string | null;
  suggestion: string | null;
  factors: { id: string; name: string; score: number }[];
  note: string | null;
}

export type Submitted = Omit<Output<typeof submitted>, 'report'> & { report: OwnReport | null };

/** Which sheet: a task's scale, and the student rated when a parent or class teacher answers about one. */
export interface SheetRef {
  taskId: number;
  scaleId: number;
  studentId?: number | undefined;
}

const base = 'apis-psychology/h5/survey';

export const myTasks = (signal?: AbortSignal) => get<MyTask[]>(`${base}/mine`, { signal });

export function sheetQuery(ref: SheetRef): string {
  const params = new URLSearchParams({ taskId: String(ref.taskId), scaleId: String(ref.scaleId) });
  if (ref.studentId !== undefined) params.set('studentId', String(ref.studentId));
  return params.toString();
}

export const readSheet = (ref: SheetRef, signal?: AbortSignal) =>
  get<Sheet>(`${base}/sheet?${sheetQuery(ref)}`, { signal });
export const startSheet = (ref: SheetRef) => post<Sheet>(`${base}/start`, ref);
export const saveAnswers = (ref: SheetRef, answers: Record<string, string>) =>
  post<Sheet>(`${base}/save`, { ...ref, answers });
export const submitSheet = (ref: SheetRef, answers: Record<string, string>) =>
  post<Submitted>(`${base}/submit`, { ...ref, answers });
