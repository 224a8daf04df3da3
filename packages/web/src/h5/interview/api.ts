import type { Interview } from '@meridian/contracts';
import { get, post } from '../../shared/request.ts';
import type { SheetRef, Submitted } from '../tasks/api.ts';

export type { Interview };

const base = 'apis-psychology/h5/interview';
const ref = (r: SheetRef) => ({ taskId: r.taskId, scaleId: r.scaleId });

export const readInterview = (r: SheetRef, signal?: AbortSignal) =>
  get<Interview>(`${base}?taskId=${r.taskId}&scaleId=${r.scaleId}`, { signal });
export const startInterview = (r: SheetRef) => post<Interview>(`${base}/start`, ref(r));
export const sayInInterview = (r: SheetRef, text: string) => post<Interview>(`${base}/say`, { ...ref(r), text });
export const confirmInInterview = (r: SheetRef, itemId: string, value: string) =>
  post<Interview>(`${base}/confirm`, { ...ref(r), itemId, value });
export const submitInterview = (r: SheetRef) => post<Submitted>(`${base}/submit`, ref(r));
