import type {
  emotionBoard as boardSchema,
  EmotionBoardQuery,
  emotionLogRow,
  emotionRecordDay,
  Page,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get } from '../../../shared/request.ts';

/** The calls of the emotion boards and record (`/apis-psychology/emotion/...`, decision 0100). */

export type EmotionBoard = Output<typeof boardSchema>;
export type EmotionRecordDay = Output<typeof emotionRecordDay>;
export type EmotionLogRow = Output<typeof emotionLogRow>;
export type BoardQuery = Omit<EmotionBoardQuery, 'by'> & { by?: EmotionBoardQuery['by'] };

const defined = <T extends object>(query: T) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, string | number>;

export const boardOf = (query: BoardQuery, signal?: AbortSignal) =>
  get<EmotionBoard>('apis-psychology/emotion/board', { query: defined(query), signal });

export const emotionRecord = (query: Omit<BoardQuery, 'classId' | 'by'>, signal?: AbortSignal) =>
  get<EmotionRecordDay[]>('apis-psychology/emotion/record', { query: defined(query), signal });

export const emotionLogOf = (query: Omit<BoardQuery, 'by'> & { page: number; size: number }, signal?: AbortSignal) =>
  get<Page<EmotionLogRow>>('apis-psychology/emotion/log', { query: defined(query), signal });
