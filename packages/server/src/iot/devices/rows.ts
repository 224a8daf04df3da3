import type { DeviceDetail, DeviceListItem, DeviceUpdate } from '@meridian/contracts';
import { toBool } from '../../platform/db/sql.ts';
import type { DeviceFull, DeviceListRow, DevicePatch, DeviceTag } from './repository.ts';

/** How device rows are answered (list item, detail) and how an edit becomes a row patch. */

/** One device's row as the list answers it, with that device's tags. */
export function listItem(row: Omit<DeviceListRow, 'tags' | 'total'>, tags: readonly DeviceTag[]): DeviceListItem {
  return {
    id: row.id,
    name: row.name,
    deviceNo: row.device_no,
    sn: row.sn,
    status: row.status,
    enabled: toBool(row.enabled),
    projectId: row.project_id,
    projectName: row.project_name,
    tags: tags.map((t) => ({ id: t.id, name: t.name })),
    ownerId: row.owner_id,
    ownerAccount: row.owner_account,
    templateId: row.template_id,
    templateName: row.template_name,
    lastOnlineAt: row.last_online_at,
    createdAt: row.created_at,
  };
}

export function detailOf(row: DeviceFull, tags: readonly DeviceTag[]): DeviceDetail {
  return {
    ...listItem(row, tags),
    mac: row.mac,
    imei: row.imei,
    imei2: row.imei2,
    loraNid: row.lora_nid,
    commPassword: row.comm_password,
    protocol: row.protocol,
    queryInterval: row.query_interval,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    picture: row.picture,
    cloudConfig: toBool(row.cloud_config),
    warrantyStart: row.warranty_start,
    warrantyEnd: row.warranty_end,
    version: row.version,
    simIccid: row.sim_iccid,
    remark: row.remark,
    lastDataAt: row.last_data_at,
    updatedAt: row.updated_at,
  };
}

export function patchOf(input: DeviceUpdate): DevicePatch {
  const patch: DevicePatch = {};
  const map: Array<[keyof DeviceUpdate, keyof DevicePatch]> = [
    ['name', 'name'],
    ['deviceNo', 'device_no'],
    ['sn', 'sn'],
    ['mac', 'mac'],
    ['imei', 'imei'],
    ['imei2', 'imei2'],
    ['loraNid', 'lora_nid'],
    ['commPassword', 'comm_password'],
    ['protocol', 'protocol'],
    ['queryInterval', 'query_interval'],
    ['projectId', 'project_id'],
    ['ownerId', 'owner_id'],
    ['templateId', 'template_id'],
    ['address', 'address'],
    ['latitude', 'latitude'],
    ['longitude', 'longitude'],
    ['picture', 'picture'],
    ['enabled', 'enabled'],
    ['cloudConfig', 'cloud_config'],
    ['warrantyStart', 'warranty_start'],
    ['warrantyEnd', 'warranty_end'],
    ['version', 'version'],
    ['simIccid', 'sim_iccid'],
    ['remark', 'remark'],
  ];
  for (const [from, to] of map) {
    if (input[from] !== undefined) Object.assign(patch, { [to]: input[from] });
  }
  return patch;
}
