import type {
  Page,
  UpgradeCandidateView,
  UpgradeDeviceView,
  UpgradeJobRequest,
  UpgradeJobView,
  UpgradeStartedView,
} from '@meridian/contracts';
import { get, post } from '../../shared/request.ts';

/** The calls of Upgrade Tasks. */

export type { UpgradeCandidateView, UpgradeDeviceView, UpgradeJobView, UpgradeStartedView };
export type UpgradeJobInput = UpgradeJobRequest;

export const listUpgradeJobs = (query: { page: number; size: number }, signal?: AbortSignal) =>
  get<Page<UpgradeJobView>>('iot/upgrades', { query: { ...query }, signal });

export const listCandidates = (signal?: AbortSignal) =>
  get<UpgradeCandidateView[]>('iot/upgrades/candidates', { signal });

export const startUpgrade = (input: UpgradeJobInput) => post<UpgradeStartedView>('iot/upgrades', input);

export const listJobDevices = (jobId: number, signal?: AbortSignal) =>
  get<Page<UpgradeDeviceView>>(`iot/upgrades/${jobId}/devices`, { query: { page: 1, size: 500 }, signal });

export const retryDevice = (jobId: number, deviceId: number) =>
  post<null>(`iot/upgrades/${jobId}/devices/${deviceId}/retry`);
