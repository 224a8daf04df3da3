import type { DownloadTask, InterviewReport, interviewResultRow, Page } from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get, post } from '../../../shared/request.ts';

/** The calls of AI interview results and reports (`/apis-psychology/aiInterview/...`, decision 0102). */
export type InterviewResultRow = Output<typeof interviewResultRow>;
export type { InterviewReport };
export interface InterviewResultFilter {
  taskId?: number | undefined;
}

const P = 'apis-psychology/aiInterview';
export const interviewResultPage = (
  body: InterviewResultFilter & { page: number; size: number },
  signal?: AbortSignal,
) => post<Page<InterviewResultRow>>(`${P}/results`, body, { signal });
export const interviewReport = (resultId: number, signal?: AbortSignal) =>
  get<InterviewReport>(`${P}/report?resultId=${resultId}`, { signal });
export const correctMapping = (resultId: number, itemId: string, value: string) =>
  post<InterviewReport>(`${P}/correct`, { resultId, itemId, value });
export const deleteInterviewTranscript = (resultId: number, reason: string) =>
  post<InterviewReport>(`${P}/deleteTranscript`, { resultId, reason });

/** `ai-im import task` (decision 0145): the upload starts a download-center task that imports the rows. */
export const startInterviewImport = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return post<DownloadTask>('apis-psychology/ai-im/import/task', form);
};
export const INTERVIEW_IMPORT_TEMPLATE = 'apis-psychology/ai-im/import/template';
