import type { UpgradeJobState, UpgradeState } from '@meridian/contracts';
import type { Generated, Selectable } from 'kysely';

/** An upgrade job: devices of one series and model to one firmware, at most `wave_size` at once. */
export interface UpgradeJobsTable {
  id: Generated<number>;
  owner_id: number;
  firmware_id: number;
  firmware_name: string;
  series: string;
  model: string;
  version: string;
  wave_size: number;
  fail_percent: number;
  state: UpgradeJobState;
  /** Why the job stopped: a catalogue key and its params (JSON). */
  reason_key: string | null;
  reason_params: string | null;
  created_by: number | null;
  created_at: number;
  finished_at: number | null;
}
export type UpgradeJobRow = Selectable<UpgradeJobsTable>;

/** One device of a job: its state, the chunks it acknowledged, and which gateway process sends to it until when. */
export interface UpgradeDevicesTable {
  job_id: number;
  device_id: number;
  state: UpgradeState;
  percent: number;
  /** Chunks the device acknowledged: a transfer resumes from here. */
  acked_chunks: number;
  reason_key: string | null;
  reason_params: string | null;
  from_version: string | null;
  claimed_by: string | null;
  claimed_until: number | null;
  /** The last progress: a device upgrading with none for the timeout fails. */
  progress_at: number;
  finished_at: number | null;
}

/** What a device last reported about its firmware. */
export interface DeviceFirmwareTable {
  device_id: number;
  series: string;
  model: string;
  version: string;
  reported_at: number;
}

export interface UpgradeTables {
  upgrade_jobs: UpgradeJobsTable;
  upgrade_devices: UpgradeDevicesTable;
  device_firmware: DeviceFirmwareTable;
}
