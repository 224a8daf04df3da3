import type { DailyAdd, DailyFilters, DailyKind, DailyUpdate, dailyRecord, Page } from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { post } from '../../../shared/request.ts';

/** The five calls every daily-work page has, under `/apis-psychology/{page}/`. */
export type DailyRecord = Output<typeof dailyRecord>;

type Paging = { page: number; size: number };

export const dailyPage = (kind: DailyKind, body: DailyFilters & Paging, signal?: AbortSignal) =>
  post<Page<DailyRecord>>(`apis-psychology/${kind}/page`, body, { signal });
export const addDaily = (kind: DailyKind, body: DailyAdd) => post<DailyRecord>(`apis-psychology/${kind}/add`, body);
export const editDaily = (kind: DailyKind, body: DailyUpdate) =>
  post<DailyRecord>(`apis-psychology/${kind}/update`, body);
export const removeDaily = (kind: DailyKind, id: number) => post<null>(`apis-psychology/${kind}/delete`, { id });
