import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { DeviceStatus } from '../devices/tables.ts';

let seq = 0;

/** A device row as the devices area stores it, for the tests of projects, tags, grants and statistics. */
export async function buildDevice(
  db: Kysely<Database>,
  options: { ownerId: number; name?: string; projectId?: number | null; status?: DeviceStatus; enabled?: boolean },
): Promise<{ id: number; name: string }> {
  const at = Date.now();
  const name = options.name ?? `Device ${++seq}`;
  const { id } = await db
    .insertInto('devices')
    .values({
      owner_id: options.ownerId,
      name,
      device_no: null,
      sn: null,
      mac: null,
      imei: null,
      imei2: null,
      lora_nid: null,
      comm_password: null,
      protocol: 'modbusRtu',
      query_interval: 60,
      project_id: options.projectId ?? null,
      template_id: null,
      address: null,
      latitude: null,
      longitude: null,
      picture: null,
      enabled: options.enabled ?? true,
      cloud_config: false,
      warranty_start: null,
      warranty_end: null,
      version: null,
      sim_iccid: null,
      status: options.status ?? 'offline',
      last_online_at: null,
      last_data_at: null,
      remark: null,
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name };
}
