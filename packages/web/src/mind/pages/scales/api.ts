import type {
  AnswerSheet,
  Page,
  ScaleAudience,
  ScaleDefinition,
  ScaleDefinitionInput,
  ScoreResult,
  scaleDetail,
  scaleProblem,
  scaleSummary,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get, post } from '../../../shared/request.ts';

/** The calls of the scale center and custom scales (`/apis-psychology/scale/...`). */

export type ScaleSummary = Output<typeof scaleSummary>;
export type ScaleDetail = Omit<Output<typeof scaleDetail>, 'definition' | 'draft'> & {
  definition: ScaleDefinition | null;
  draft: ScaleDefinition | null;
};
export type ScaleProblem = Output<typeof scaleProblem>;
export type ScaleSource = 'builtIn' | 'custom';
export type ScaleStatus = 'draft' | 'published' | 'unpublished';
type Signal = AbortSignal | undefined;

export interface ScaleFilter {
  audience?: ScaleAudience | undefined;
  source?: ScaleSource | undefined;
  status?: ScaleStatus | undefined;
  name?: string | undefined;
}

const base = 'apis-psychology/scale';

export const scalePage = (body: ScaleFilter & { page: number; size: number }, signal?: Signal) =>
  post<Page<ScaleSummary>>(`${base}/page`, body, { signal });
export const scaleInfo = (id: number, signal?: Signal) => get<ScaleDetail>(`${base}/info`, { query: { id }, signal });
/** The published scales that a task may use, optionally for one audience. */
export const scaleOptions = (audience: ScaleAudience | undefined, signal?: Signal) =>
  get<ScaleSummary[]>('apis-psychology/analysis/itemStatus/scaleInfoList', { query: { audience }, signal });
export const previewScore = (id: number, answers: AnswerSheet, draft?: boolean) =>
  post<ScoreResult>(`${base}/preview/score`, { id, answers, draft });
export const validateScale = (definition: ScaleDefinitionInput) =>
  post<{ problems: ScaleProblem[] }>(`${base}/custom/validate`, { definition });
export const addScale = (definition: ScaleDefinitionInput, orgId?: number) =>
  post<ScaleDetail>(`${base}/custom/add`, { definition, orgId });
export const editScale = (id: number, definition: ScaleDefinitionInput) =>
  post<ScaleDetail>(`${base}/custom/edit`, { id, definition });
export const copyScale = (id: number, code: string) => post<ScaleDetail>(`${base}/custom/copy`, { id, code });
export const publishScale = (id: number) => post<ScaleDetail>(`${base}/custom/publish`, { id });
export const unpublishScale = (id: number) => post<ScaleDetail>(`${base}/custom/unpublish`, { id });
export const deleteScale = (id: number) => post<null>(`${base}/custom/delete`, { id });
