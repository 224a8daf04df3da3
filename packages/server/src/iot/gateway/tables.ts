import type { RegistrationMode, RegistrationResult } from '@meridian/contracts';
import type { Generated, Selectable } from 'kysely';

/** Every registration a DTU attempted on the DTU port: accepted, or refused with the reason. */
export interface DtuRegistrationsTable {
  id: Generated<number>;
  at: number;
  /** The remote address and port the connection came from. */
  address: string;
  /** The SN the DTU sent (printable ASCII only), or null for a packet that was not one. */
  sn: string | null;
  device_id: number | null;
  result: RegistrationResult;
}

/** How one DTU device registers and beats, and how its reads are merged; a device without a row uses the defaults. */
export interface DtuSettingsTable {
  device_id: number;
  /** Upper-case hex, at most 40 bytes; unique among devices. */
  registration_packet: string | null;
  registration_mode: RegistrationMode;
  heartbeat: string | null;
  merge_length: number | null;
  updated_at: number;
}
export type DtuSettingsRow = Selectable<DtuSettingsTable>;

/**
 * A gateway process's lease (decision 0048): its stable name (`GATEWAY_ID`), the instance that
 * runs under that name now, and until when it is alive. Renewed as one row per process; the links
 * of a name whose lease ran out are released by the offline job.
 */
export interface GatewayNodesTable {
  name: string;
  instance: string;
  started_at: number;
  alive_until: number;
}

/** Which gateway process holds a device's connection, from when: the device's link lease, alive while its holder's is. */
export interface DeviceLinksTable {
  device_id: number;
  node: string;
  transport: 'tcp' | 'mqtt';
  since: number;
}

/** A command or reply between processes too large for a NOTIFY payload (decision 0076): taken and deleted by its addressee. */
export interface GatewayMessagesTable {
  id: Generated<number>;
  body: string;
  at: number;
}

/** The tables of the device gateway, added to `Database` in platform/db/schema.ts. */
export interface GatewayTables {
  dtu_registrations: DtuRegistrationsTable;
  dtu_settings: DtuSettingsTable;
  gateway_nodes: GatewayNodesTable;
  device_links: DeviceLinksTable;
  gateway_messages: GatewayMessagesTable;
}
