import type { ColumnType, Generated, Selectable } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

/** Spec section 4: a device is online, offline, alarming or faulty. */
export type DeviceStatus = 'online' | 'offline' | 'alarm' | 'fault';

export interface DevicesTable {
  id: Generated<number>;
  /** The main account the device belongs to; sub-users reach it through grants and projects. */
  owner_id: number;
  name: string;
  /** The device number / ID (1-65535 style numbers, or the cloud-assigned ID of the no-SN route). */
  device_no: number | null;
  sn: string | null;
  mac: string | null;
  imei: string | null;
  imei2: string | null;
  lora_nid: string | null;
  /** The 8-character communication password a DTU sends after its SN. */
  comm_password: string | null;
  protocol: string;
  /** Querying frequency in seconds (the spec's list of seconds, minutes, hours and days). */
  query_interval: number;
  /** Set once: a device's project cannot be changed after selection. */
  project_id: number | null;
  template_id: number | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  /** A stored file's path. */
  picture: string | null;
  enabled: Bool;
  cloud_config: Bool;
  warranty_start: number | null;
  warranty_end: number | null;
  version: string | null;
  sim_iccid: string | null;
  status: Generated<DeviceStatus>;
  last_online_at: number | null;
  last_data_at: number | null;
  remark: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}
export type DeviceRow = Selectable<DevicesTable>;

export interface ProjectsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** The project manager: a user of the owner's tree, who must be dismissed before the project is deleted. */
  manager_id: number | null;
  manager_name: string | null;
  phone: string | null;
  remark: string | null;
  created_at: number;
  updated_at: number;
}
export type ProjectRow = Selectable<ProjectsTable>;

/** Users associated with a project: they see all of its devices. */
export interface ProjectUsersTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  created_at: number;
}

export interface TagCategoriesTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  sort: Generated<number>;
  created_at: number;
}

/** A device group ("tag"); at most 3 per device. */
export interface TagsTable {
  id: Generated<number>;
  owner_id: number;
  category_id: number | null;
  name: string;
  description: string | null;
  created_at: number;
}

export interface DeviceTagsTable {
  device_id: number;
  tag_id: number;
}

export interface DeviceGrantsTable {
  device_id: number;
  user_id: number;
  can_view: Bool;
  can_edit: Bool;
  can_delete: Bool;
  granted_by: number | null;
  created_at: number;
}

/** The tables of Device Cloud devices, tags and projects, added to `Database` in platform/db/schema.ts. */
export interface DevicesTables {
  devices: DevicesTable;
  projects: ProjectsTable;
  project_users: ProjectUsersTable;
  tag_categories: TagCategoriesTable;
  tags: TagsTable;
  device_tags: DeviceTagsTable;
  device_grants: DeviceGrantsTable;
}
