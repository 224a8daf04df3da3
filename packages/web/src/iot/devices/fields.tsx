import {
  DEVICE_PROTOCOLS,
  deviceCommPassword,
  deviceImei,
  deviceLatitude,
  deviceLongitude,
  deviceMac,
  deviceName,
  deviceNo,
  deviceSn,
  deviceTagIds,
  deviceUpdate,
  QUERY_INTERVALS,
} from '@meridian/contracts';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { required, schemaRule } from '../../shared/forms/rules.ts';

/** Spec section 9: the querying frequencies, in seconds as the gateway stores them, named in their own unit. */
const UNITS = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
] as const;

function inUnit(seconds: number) {
  const unit = UNITS.find((u) => seconds % u.seconds === 0) ?? UNITS[3];
  return { unit: unit.unit, n: seconds / unit.seconds };
}

export const intervalOptions = (t: TFunction) =>
  QUERY_INTERVALS.map((seconds) => {
    const { unit, n } = inUnit(seconds);
    return { value: seconds, label: t(`devices.interval.${unit}`, { n }) };
  });

export const intervalLabel = (t: TFunction, seconds: number) => {
  const { unit, n } = inUnit(seconds);
  return t(`devices.interval.${unit}`, { n });
};

export { DEVICE_PROTOCOLS };

/**
 * Form rules of spec section 5 for the device fields: the contracts' schemas the server checks
 * with, worded by the same catalogue. A refusal the server adds is shown beside the same fields.
 */
export function deviceRules(t: TFunction) {
  return {
    name: [required(t('devices.rules.nameRequired')), schemaRule(deviceName)],
    sn: [schemaRule(deviceSn)],
    mac: [schemaRule(deviceMac)],
    imei: [schemaRule(deviceImei)],
    deviceNo: [schemaRule(deviceNo)],
    commPassword: [schemaRule(deviceCommPassword)],
    remark: [schemaRule(deviceFieldRemark)],
    latitude: [schemaRule(deviceLatitude)],
    longitude: [schemaRule(deviceLongitude)],
    tags: [schemaRule(deviceTagIds)],
  } satisfies Record<string, FormRule[]>;
}

/** The remark's rule as the server words it. */
const deviceFieldRemark = {
  safeParse: (value: unknown) => deviceUpdate.safeParse({ remark: value }),
};
