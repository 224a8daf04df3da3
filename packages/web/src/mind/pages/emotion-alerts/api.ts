import type {
  BehaviorJournalDay,
  EmotionAlert,
  EmotionAlertGrade,
  EmotionAlertNotice,
  EmotionAlertQuery,
  EmotionThreshold,
  Page,
} from '@meridian/contracts';
import { download } from '../../../shared/download.ts';
import { get, post, put } from '../../../shared/request.ts';

/** The calls of emotion alerts and the behaviour journal (`/apis-psychology/intelEmotion`, decision 0118). */

export type { BehaviorJournalDay, EmotionAlert, EmotionAlertGrade, EmotionAlertNotice };
export type AlertFilters = Omit<EmotionAlertQuery, 'page' | 'size'>;

const defined = <T extends object>(query: T) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, string | number>;

export const emotionAlertPage = (query: AlertFilters & { page: number; size: number }, signal?: AbortSignal) =>
  get<Page<EmotionAlert>>('apis-psychology/intelEmotion/page', { query: defined(query), signal });

/** A school's grades with their classes the caller sees, for the list's pickers (decision 0143). */
export const alertClasses = (schoolId: number, signal?: AbortSignal) =>
  get<EmotionAlertGrade[]>('apis-psychology/intelEmotion/classes', { query: { schoolId }, signal });

export const handleEmotionAlert = (id: number, note: string) =>
  post<EmotionAlert>(`apis-psychology/intelEmotion/${id}/handle`, { note });

export const thresholdOf = (schoolId: number, signal?: AbortSignal) =>
  get<EmotionThreshold>('apis-psychology/intelEmotion/threshold', { query: { schoolId }, signal });

export const saveThreshold = (schoolId: number, threshold: number) =>
  put<EmotionThreshold>('apis-psychology/intelEmotion/threshold', { schoolId, threshold });

export const myEmotionNotices = (signal?: AbortSignal) =>
  get<{ unread: number; list: EmotionAlertNotice[] }>('apis-psychology/intelEmotion/notices', { signal });

export const readEmotionNotice = (id: number) => post<null>(`apis-psychology/intelEmotion/notices/${id}/read`);

export type JournalQuery = { schoolId?: number; from: string; to: string };

export const behaviorJournal = (query: JournalQuery, signal?: AbortSignal) =>
  get<BehaviorJournalDay[]>('apis-psychology/behaviorJournal', { query: defined(query), signal });

export const exportBehaviorJournal = (query: JournalQuery) =>
  download('apis-psychology/behaviorJournal/export', `behavior-journal-${query.from}-${query.to}.xlsx`, defined(query));
