import type { Page, TreeHoleReportRow, TreeHoleTranscript } from '@meridian/contracts';
import { get, post } from '../../../shared/request.ts';

/** The calls of the tree-hole chat report (`/apis-psychology/aiReport/...`, decision 0111). */
export type { TreeHoleReportRow, TreeHoleTranscript };

const P = 'apis-psychology/aiReport';
export const treeHoleReportPage = (body: { page: number; size: number }, signal?: AbortSignal) =>
  post<Page<TreeHoleReportRow>>(`${P}/list`, body, { signal });
export const treeHoleTranscript = (conversationId: number, signal?: AbortSignal) =>
  get<TreeHoleTranscript>(`${P}/conversation?conversationId=${conversationId}`, { signal });
export const deleteTreeHoleTranscript = (conversationId: number, reason: string) =>
  post<null>(`${P}/deleteTranscript`, { conversationId, reason });
