import type { Generated, Selectable } from 'kysely';

/** A camera of one account (decision 0112): its stream address, and the project it belongs to. */
export interface CamerasTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  stream_url: string;
  project_id: number | null;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** A device whose live values the Video Monitor shows beside the camera, in the order chosen. */
export interface CameraDevicesTable {
  camera_id: number;
  device_id: number;
  position: number;
}

/** A bound camera's frame taken when an alarm fired (decision 0122): pending, taken with its file, or failed with why. */
export interface AlarmSnapshotsTable {
  alarm_id: number;
  camera_id: number;
  camera_name: string;
  state: 'pending' | 'taken' | 'failed';
  file_id: number | null;
  /** What the camera or ffmpeg said when no frame came. */
  reason: string | null;
  created_at: number;
  taken_at: number | null;
}

export interface CamerasTables {
  cameras: CamerasTable;
  camera_devices: CameraDevicesTable;
  alarm_snapshots: AlarmSnapshotsTable;
}
export type AlarmSnapshotRow = Selectable<AlarmSnapshotsTable>;
