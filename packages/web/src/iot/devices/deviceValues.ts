import dayjs, { type Dayjs } from 'dayjs';
import type { Device, DeviceFields } from './api.ts';

/** The device form's values: the API's fields, the way the device is added, and the warranty as a date range. */
export type Way = 'sn' | 'id';

export interface Values extends Omit<DeviceFields, 'warrantyStart' | 'warrantyEnd'> {
  way: Way;
  warranty?: [Dayjs | null, Dayjs | null] | null;
}

const blank = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

export function toFields(values: Values): DeviceFields {
  const { way, warranty, ...rest } = values;
  return {
    ...rest,
    name: values.name.trim(),
    sn: way === 'sn' ? blank(values.sn) : null,
    mac: blank(values.mac),
    imei: blank(values.imei),
    imei2: blank(values.imei2),
    loraNid: blank(values.loraNid),
    commPassword: blank(values.commPassword),
    address: blank(values.address),
    version: blank(values.version),
    remark: blank(values.remark),
    deviceNo: values.deviceNo ?? null,
    warrantyStart: warranty?.[0]?.startOf('day').valueOf() ?? null,
    warrantyEnd: warranty?.[1]?.endOf('day').valueOf() ?? null,
  };
}

export function toValues(device: Device | undefined): Partial<Values> {
  if (!device) return { way: 'sn', enabled: true, cloudConfig: true, queryInterval: 300, protocol: 'modbusRtu' };
  const { warrantyStart, warrantyEnd } = device;
  return {
    way: device.sn ? 'sn' : 'id',
    name: device.name,
    deviceNo: device.deviceNo,
    sn: device.sn,
    mac: device.mac,
    imei: device.imei,
    imei2: device.imei2,
    loraNid: device.loraNid,
    commPassword: device.commPassword,
    protocol: device.protocol as Values['protocol'],
    queryInterval: device.queryInterval,
    tagIds: device.tags.map((tag) => tag.id),
    projectId: device.projectId,
    ownerId: device.ownerId,
    templateId: device.templateId,
    address: device.address,
    latitude: device.latitude,
    longitude: device.longitude,
    picture: device.picture,
    enabled: device.enabled,
    cloudConfig: device.cloudConfig,
    version: device.version,
    remark: device.remark,
    warranty:
      warrantyStart || warrantyEnd
        ? [warrantyStart ? dayjs(warrantyStart) : null, warrantyEnd ? dayjs(warrantyEnd) : null]
        : null,
  };
}
