import type { InterviewReport, interviewResultRow, Page } from '@meridian/contracts';
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
