import type {
  attentionRow,
  FollowUpRules,
  InterventionKind,
  interventionRow,
  Page,
  ReminderConfiguration,
  reminderChangeRow,
  studentWarnings,
  todoRow,
  WarningLevel,
  WarningSource,
  WarningState,
  warningDetail,
  warningHistoryRow,
  warningRow,
  warningStatistics,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get, post } from '../../../shared/request.ts';

/** The calls of the warning workflow, intervention records, reminders and to-dos (decision 0033). */

export type WarningRow = Output<typeof warningRow>;
export type WarningDetail = Output<typeof warningDetail>;
export type HistoryRow = Output<typeof warningHistoryRow>;
export type InterventionRow = Output<typeof interventionRow>;
export type StudentWarnings = Output<typeof studentWarnings>;
export type WarningCounts = Output<typeof warningStatistics>;
export type AttentionRow = Output<typeof attentionRow>;
export type ReminderChange = Output<typeof reminderChangeRow>;
export type TodoRow = Output<typeof todoRow>;
export type { InterventionKind, ReminderConfiguration, WarningLevel, WarningSource, WarningState };

type Signal = AbortSignal | undefined;
type Paging = { page: number; size: number };

export interface WarningFilter {
  level?: string | undefined;
  state?: WarningState | undefined;
  source?: WarningSource | undefined;
  schoolId?: number | undefined;
  gradeId?: number | undefined;
  classId?: number | undefined;
  studentId?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

const W = 'apis-psychology/warning';

export const warningPage = (query: WarningFilter & Paging, signal?: Signal) =>
  get<Page<WarningRow>>(`${W}/page`, { query: { ...query }, signal });
export const warningCounts = (query: WarningFilter, signal?: Signal) =>
  get<WarningCounts>(`${W}/statistics`, { query: { ...query }, signal });
export const lastWarningLevels = (query: WarningFilter & Paging, signal?: Signal) =>
  get<Page<WarningRow>>(`${W}/lastWarningLevel`, { query: { ...query }, signal });
export const warningInfo = (id: number, signal?: Signal) => get<WarningDetail>(`${W}/${id}`, { signal });
export const warningsOfStudent = (studentId: number, signal?: Signal) =>
  get<StudentWarnings>(`${W}/earlyWarningIntervention/${studentId}`, { signal });
export const warningLevels = (signal?: Signal) => get<WarningLevel[]>(`${W}/level/list`, { signal });
export const saveWarningLevels = (levels: WarningLevel[]) => post<null>(`${W}/level/save`, { levels });

export const setupWarning = (body: { id: number; psychologyUserId: number; classTeacherUserId: number | null }) =>
  post<null>(`${W}/setup`, body);
export const publishWarning = (id: number) => post<null>(`${W}/publish`, { id });
export const solveWarning = (body: { id: number; conclusion: string }) => post<null>(`${W}/solve`, body);
export const handOverWarning = (body: { id: number; to: 'person' | 'higher'; userId?: number; reason: string }) =>
  post<null>(`${W}/handover`, body);
export const cancelWarning = (body: { id: number; reason: string }) => post<null>(`${W}/cancel`, body);
export const retryWarning = (id: number) => post<null>(`${W}/retry`, { id });
export const relevelWarning = (body: { id: number; level: string; reason: string }) => post<null>(`${W}/level`, body);

export interface InterventionFields {
  warningId: number;
  kind: InterventionKind;
  happenedAt: number;
  place?: string;
  people?: string;
  content: string;
  assessment?: string;
  nextStep?: string;
  method?: string;
  institution?: string;
  privateNote?: string;
  nextFollowUpAt?: number | null;
  /** Paths from `file/upload/attachment`. */
  attachments?: string[];
}
export const saveIntervention = (body: InterventionFields) =>
  post<{ id: number }>('apis-psychology/intervene/save', body);

/** `intervene/page` lists every kind; `interview/page` and `returnVisit/page` are the same list narrowed. */
export type RecordList = 'intervene' | 'interview' | 'returnVisit';
export const interventionPage = (
  list: RecordList,
  query: { warningId?: number; studentId?: number; kind?: InterventionKind } & Paging,
  signal?: Signal,
) => get<Page<InterventionRow>>(`apis-psychology/${list}/page`, { query, signal });

export const attentionPage = (query: { withinHours?: number | undefined } & Paging, signal?: Signal) =>
  get<Page<AttentionRow>>('apis-psychology/attentionReminder/page', { query, signal });
export const reminderModel = (signal?: Signal) =>
  get<ReminderConfiguration>('apis-psychology/reminderConfiguration', { signal });
export const saveReminderModel = (body: ReminderConfiguration) =>
  post<null>('apis-psychology/reminderConfiguration/save', body);
/** `process/rule/djft` (decision 0135): each level's follow-up rule as the reminders apply it. */
export const followUpRules = (signal?: Signal) => get<FollowUpRules>('apis-psychology/process/rule/djft', { signal });
export type { FollowUpRules };
export const reminderChanges = (query: Paging, signal?: Signal) =>
  get<Page<ReminderChange>>('apis-psychology/reminderConfigurationManagement/page', { query, signal });

export type TodoStatus = 'open' | 'done' | 'all';
export const todoPage = (body: { status: TodoStatus } & Paging, signal?: Signal) =>
  post<Page<TodoRow>>('apis-psychology/todo/list', body, { signal });
export const setTodoStatus = (id: number, status: 'open' | 'done') =>
  post<null>('apis-checkoff/task/deliver/handler/update/status', { id, status });
