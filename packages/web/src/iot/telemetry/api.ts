import type {
  DebugReply,
  DeviceToken,
  DtuSettingsView,
  HistoryChart,
  HistoryRow,
  LatestValues,
  NetworkFleet,
  NetworkHistory,
  NetworkStatsView,
  OnlineRate,
  OnlineRecord,
  Page,
  pointWritten,
  RegistrationLogItem,
  RegistrationMode,
  RegistrationResult,
} from '@meridian/contracts';
import { download } from '../../shared/download.ts';
import { get, post, put } from '../../shared/request.ts';
import type { Output } from '../components/contracts.ts';

/** The calls of live and historical data, the gateway and network monitoring (issue 5's server). */

export type {
  DebugReply,
  DeviceToken,
  DtuSettingsView,
  HistoryChart,
  HistoryRow,
  LatestValues,
  NetworkStatsView,
  OnlineRate,
  OnlineRecord,
  RegistrationLogItem,
  RegistrationMode,
  RegistrationResult,
};
export type LatestPoint = LatestValues['points'][number];
export type PointWritten = Output<typeof pointWritten>;
export type WriteValue = number | boolean | string;

export interface DtuSettingsFields {
  registrationPacket: string | null;
  registrationMode: RegistrationMode;
  heartbeat: string | null;
  mergeLength: number | null;
}

export interface Range {
  from: number;
  to: number;
}

const devices = 'iot/devices';

export const latestOf = (id: number, signal?: AbortSignal) => get<LatestValues>(`${devices}/${id}/latest`, { signal });
export const networkOf = (id: number, signal?: AbortSignal) =>
  get<NetworkStatsView>(`${devices}/${id}/network`, { signal });
export const networkHistoryOf = (id: number, from: number, to: number, signal?: AbortSignal) =>
  get<NetworkHistory>(`${devices}/${id}/network/history`, { query: { from, to }, signal });
export const networkFleet = (signal?: AbortSignal) => get<NetworkFleet>('iot/network/fleet', { signal });
export const writePoint = (id: number, pointId: number, value: WriteValue) =>
  post<PointWritten>(`${devices}/${id}/points/${pointId}/write`, { value });
export const debugDevice = (id: number, payload: string) => post<DebugReply>(`${devices}/${id}/debug`, { payload });
export const dtuSettingsOf = (id: number, signal?: AbortSignal) =>
  get<DtuSettingsView>(`${devices}/${id}/dtu-settings`, { signal });
export const saveDtuSettings = (id: number, fields: DtuSettingsFields) =>
  put<DtuSettingsView>(`${devices}/${id}/dtu-settings`, fields);
export const makeIngestToken = (id: number) => post<DeviceToken>(`${devices}/${id}/ingest-token`);

const pointList = (ids: number[]) => (ids.length ? ids.join(',') : undefined);

export const historyChart = (deviceId: number, pointIds: number[], range: Range, signal?: AbortSignal) =>
  get<HistoryChart>('iot/history/chart', { query: { deviceId, pointIds: pointList(pointIds), ...range }, signal });
export const historyRows = (
  query: { deviceId: number; pointIds: number[]; page: number; size: number } & Range,
  signal?: AbortSignal,
) => get<Page<HistoryRow>>('iot/history', { query: { ...query, pointIds: pointList(query.pointIds) }, signal });
export const exportHistory = (deviceId: number, pointIds: number[], range: Range) =>
  download('iot/history/export', 'history.xlsx', { deviceId, pointIds: pointList(pointIds), ...range });

export interface RecordFilters {
  deviceId?: number;
  state?: 'online' | 'offline';
  from?: number;
  to?: number;
}
export const onlineRecords = (query: RecordFilters & { page: number; size: number }, signal?: AbortSignal) =>
  get<Page<OnlineRecord>>('iot/online-records', { query: { ...query }, signal });
export const exportOnlineRecords = (filters: RecordFilters) =>
  download('iot/online-records/export', 'online-records.xlsx', { ...filters });
export const onlineRateOf = (id: number, range: Range, signal?: AbortSignal) =>
  get<OnlineRate>(`${devices}/${id}/online-rate`, { query: { ...range }, signal });
export const registrations = (
  query: { page: number; size: number; sn?: string; result?: RegistrationResult },
  signal?: AbortSignal,
) => get<Page<RegistrationLogItem>>('iot/gateway/registrations', { query, signal });
