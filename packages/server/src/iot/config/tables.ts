import type { ConfigKind, ConfigState } from '@meridian/contracts';
import type { Generated, Selectable } from 'kysely';

/** A configuration profile: device parameters an account applies to its devices (JSON text). */
export interface ConfigProfilesTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  kind: ConfigKind;
  params: string;
  created_at: number;
  updated_at: number;
}

/**
 * A device's latest configuration: the parameters sent (a copy), its state, the reason of a
 * failure (a catalogue key and its params, JSON), and which gateway process is sending it until when.
 */
export interface DeviceConfigsTable {
  device_id: number;
  profile_id: number | null;
  profile_name: string;
  kind: ConfigKind;
  params: string;
  state: ConfigState;
  reason_key: string | null;
  reason_params: string | null;
  claimed_by: string | null;
  claimed_until: number | null;
  requested_at: number;
  finished_at: number | null;
}
export type DeviceConfigRow = Selectable<DeviceConfigsTable>;

export interface ConfigTables {
  config_profiles: ConfigProfilesTable;
  device_configs: DeviceConfigsTable;
}
