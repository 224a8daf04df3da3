import type { DownloadKind, DownloadState, DownloadTask, Page } from '@meridian/contracts';
import { download } from '../../../shared/download.ts';
import { post } from '../../../shared/request.ts';
import type { GroupQuery, ResultFilter } from '../assessments/api.ts';

/** The file center of the Mind spec (`/apis-psychology/file/...`) and the exports that fill it. */

export type { DownloadKind, DownloadState, DownloadTask };

type Signal = AbortSignal | undefined;

export interface DownloadFilter {
  state?: DownloadState | undefined;
  kind?: DownloadKind | undefined;
  name?: string | undefined;
}

const file = 'apis-psychology/file';

export const downloadPage = (body: DownloadFilter & { page: number; size: number }, signal?: Signal) =>
  post<Page<DownloadTask>>(`${file}/page`, body, { signal });
export const downloadStates = (ids: number[], signal?: Signal) =>
  post<DownloadTask[]>(`${file}/query`, { ids }, { signal });
export const cancelDownload = (id: number) => post<DownloadTask>(`${file}/cancel`, { id });
export const deleteDownload = (id: number) => post<null>(`${file}/delete`, { id });
export const saveDownload = (task: DownloadTask) => download(`${file}/download`, task.name, { id: task.id });

export const exportResults = (filters: ResultFilter) =>
  post<DownloadTask>('apis-psychology/survey/record/download', filters);
export const exportReport = (resultId: number) =>
  post<DownloadTask>('apis-psychology/survey/result/download', { id: resultId });
export const exportGroupReport = (query: GroupQuery) => post<DownloadTask>('apis-psychology/cp/report/download', query);

/** A task still being worked on: the center keeps asking about it. */
export const isOpen = (task: DownloadTask) => task.state === 'queued' || task.state === 'running';
