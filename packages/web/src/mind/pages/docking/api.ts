import type {
  DockingBatch,
  DockingConfig,
  DockingConfigSave,
  DockingKind,
  DockingRecord,
  DockingRecordState,
  DockingResync,
  DockingResyncStart,
  DockingStudentFix,
  dockingPushResult,
  dockingResendResult,
  Page,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get, post } from '../../../shared/request.ts';

/** The calls of province docking (the spec's "spt" calls, decision 0103). */

export type { DockingBatch, DockingConfig, DockingKind, DockingRecord, DockingRecordState, DockingResync };
export type DockingPushResult = Output<typeof dockingPushResult>;
export type DockingResendResult = Output<typeof dockingResendResult>;

export type RecordFilter = {
  state?: DockingRecordState | undefined;
  kind?: DockingKind | undefined;
  schoolId?: number | undefined;
  keyword?: string | undefined;
};

type Signal = AbortSignal | undefined;
const P = 'apis-psychology/spt';

export const dockingConfigInfo = (signal?: Signal) => get<DockingConfig>(`${P}/config`, { signal });
export const saveDockingConfig = (body: DockingConfigSave) => post<DockingConfig>(`${P}/config/saveOrUpdate`, body);
export const pushToProvince = () => post<DockingPushResult>(`${P}/up`);
export const dockingBatchPage = (query: { page: number; size: number }, signal?: Signal) =>
  get<Page<DockingBatch>>(`${P}/up/list`, { query, signal });
export const dockingRecordPage = (query: RecordFilter & { page: number; size: number }, signal?: Signal) =>
  get<Page<DockingRecord>>(`${P}/detail/list`, { query, signal });
export const resendFailed = (ids?: number[]) => post<DockingResendResult>(`${P}/retry`, ids ? { ids } : {});
export const fixStudentRecord = (id: number, body: DockingStudentFix) =>
  post<DockingResendResult>(`${P}/detail/${id}/modifyStudent`, body);
export const resyncStatus = (signal?: Signal) => get<{ resync: DockingResync | null }>(`${P}/resync`, { signal });
export const startResync = (body: DockingResyncStart) => post<{ resync: DockingResync | null }>(`${P}/resync`, body);
