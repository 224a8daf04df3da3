import type { Generated } from 'kysely';

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

export interface CamerasTables {
  cameras: CamerasTable;
  camera_devices: CameraDevicesTable;
}
