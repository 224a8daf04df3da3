import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';
import { TEMPLATE_PROTOCOLS } from './templates.ts';

/** Spec section 9: the querying frequencies offered, in seconds (s, min, h, days). */
const MIN = 60;
const HOUR = 3600;
const DAY = 86400;
export const QUERY_INTERVALS = [
  1,
  2,
  3,
  5,
  10,
  15,
  20,
  30,
  1 * MIN,
  2 * MIN,
  3 * MIN,
  5 * MIN,
  10 * MIN,
  15 * MIN,
  20 * MIN,
  30 * MIN,
  1 * HOUR,
  5 * HOUR,
  1 * DAY,
  5 * DAY,
  15 * DAY,
] as const;

export const DEVICE_STATUSES = ['online', 'offline', 'alarm', 'fault'] as const;
export type DeviceStatusName = (typeof DEVICE_STATUSES)[number];

/** How a device talks to the cloud: a DTU over TCP (Modbus RTU behind it, or Modbus TCP frames), MQTT, or NB/cellular over HTTP. */
/** How a device talks to the cloud: the same names as a template's protocol, so the two can be matched. */
export const DEVICE_PROTOCOLS = TEMPLATE_PROTOCOLS;
/** The protocols of devices that reach the cloud through a DTU on the gateway's TCP port. */
export const DTU_PROTOCOLS = [
  'modbusRtu',
  'modbusTcp',
  'dlt645',
  'cjt188',
  'custom',
] as const satisfies readonly (typeof DEVICE_PROTOCOLS)[number][];

export const DEVICE_NAME_MAX = 50;
export const DEVICE_TAGS_MAX = 3;
export const DEVICE_NO_MAX = 65535;
export const DEVICE_BATCH_MAX = 100;
export const DEVICE_IMPORT_MAX_ROWS = 100;
export const COMM_PASSWORD_LENGTH = 8;

/** Spec section 5: 20 characters (English text); 20 or 15 (Chinese text); letters and digits. */
export const SN_PATTERN = /^(?:[A-Za-z0-9]{20}|[A-Za-z0-9]{15})$/;
/** 12 hex digits, bare or in pairs separated by `:` or `-`. */
export const MAC_PATTERN = /^[0-9A-Fa-f]{2}(?:([:-]?)[0-9A-Fa-f]{2})(?:\1[0-9A-Fa-f]{2}){4}$/;
export const IMEI_PATTERN = /^\d{15}$/;

/** The MAC as stored: upper-case hex without separators. */
export const normaliseMac = (mac: string) => mac.replace(/[:-]/g, '').toUpperCase();

const text = (max: number) => z.string().trim().max(max, 'v.string.max');

export const deviceName = z.string().trim().min(1, 'device.name.length').max(DEVICE_NAME_MAX, 'device.name.length');
export const deviceSn = z
  .string()
  .trim()
  .regex(SN_PATTERN, 'device.sn.format')
  .transform((sn) => sn.toUpperCase());
export const deviceMac = z.string().trim().regex(MAC_PATTERN, 'device.mac.format').transform(normaliseMac);
export const deviceImei = z.string().trim().regex(IMEI_PATTERN, 'device.imei.format');
export const deviceNo = z
  .number('device.no.range')
  .int('device.no.range')
  .min(1, 'device.no.range')
  .max(DEVICE_NO_MAX, 'device.no.range');
export const deviceCommPassword = z
  .string()
  .length(COMM_PASSWORD_LENGTH, 'device.password.length')
  .regex(/^[\x21-\x7e]+$/, 'device.password.length');
export const deviceQueryInterval = z
  .number('device.interval.invalid')
  .refine((v) => (QUERY_INTERVALS as readonly number[]).includes(v), 'device.interval.invalid');
export const deviceLatitude = z
  .number('device.latitude.range')
  .min(-90, 'device.latitude.range')
  .max(90, 'device.latitude.range');
export const deviceLongitude = z
  .number('device.longitude.range')
  .min(-180, 'device.longitude.range')
  .max(180, 'device.longitude.range');
export const deviceTagIds = z.array(z.number().int().positive()).max(DEVICE_TAGS_MAX, 'device.tags.max');
const id = z.number().int().positive();
const time = z.number().int().nonnegative();

/** Every field of a device a user sets (spec section 3), all optional: what an edit sends. */
const deviceFieldShape = {
  name: deviceName,
  deviceNo: deviceNo.nullable(),
  sn: deviceSn.nullable(),
  mac: deviceMac.nullable(),
  imei: deviceImei.nullable(),
  imei2: deviceImei.nullable(),
  loraNid: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{1,16}$/, 'v.format')
    .nullable(),
  commPassword: deviceCommPassword.nullable(),
  protocol: z.enum(DEVICE_PROTOCOLS),
  queryInterval: deviceQueryInterval,
  tagIds: deviceTagIds,
  projectId: id.nullable(),
  ownerId: id,
  templateId: id.nullable(),
  address: text(200).nullable(),
  latitude: deviceLatitude.nullable(),
  longitude: deviceLongitude.nullable(),
  picture: text(500).nullable(),
  enabled: z.boolean(),
  cloudConfig: z.boolean(),
  warrantyStart: time.nullable(),
  warrantyEnd: time.nullable(),
  version: text(50).nullable(),
  simIccid: z
    .string()
    .trim()
    .regex(/^\d{19,20}$/, 'v.format')
    .nullable(),
  remark: z.string().trim().max(200, 'device.remark.length').nullable(),
};

type WarrantyInput = { warrantyStart?: number | null; warrantyEnd?: number | null };
/** Spec section 5: start time must differ from end time (and a warranty ends after it starts). */
const warrantyInOrder = (v: WarrantyInput) =>
  v.warrantyStart == null || v.warrantyEnd == null || v.warrantyEnd > v.warrantyStart;
const warrantyRule = { message: 'device.warranty.order', path: ['warrantyEnd'] };

/** Spec section 3: with an SN comes its MAC or IMEI. */
const snRule = (v: { sn?: string | null; mac?: string | null; imei?: string | null }) => !v.sn || !!v.mac || !!v.imei;
const snMessage = { message: 'device.sn.needsMacOrImei', path: ['mac'] };

/**
 * Adding one device: by SN (with its MAC or IMEI), or without one (the no-SN route) by a device ID
 * the user picks or the cloud assigns; see docs/decisions/0018-devices.md.
 */
export const deviceCreateFields = z.strictObject({
  ...deviceFieldShape,
  deviceNo: deviceFieldShape.deviceNo.optional(),
  sn: deviceFieldShape.sn.optional(),
  mac: deviceFieldShape.mac.optional(),
  imei: deviceFieldShape.imei.optional(),
  imei2: deviceFieldShape.imei2.optional(),
  loraNid: deviceFieldShape.loraNid.optional(),
  commPassword: deviceFieldShape.commPassword.optional(),
  protocol: deviceFieldShape.protocol.default('modbusRtu'),
  queryInterval: deviceQueryInterval.default(300),
  tagIds: deviceTagIds.default([]),
  projectId: deviceFieldShape.projectId.optional(),
  ownerId: id.optional(),
  templateId: deviceFieldShape.templateId.optional(),
  address: deviceFieldShape.address.optional(),
  latitude: deviceFieldShape.latitude.optional(),
  longitude: deviceFieldShape.longitude.optional(),
  picture: deviceFieldShape.picture.optional(),
  enabled: z.boolean().default(true),
  cloudConfig: z.boolean().default(true),
  warrantyStart: deviceFieldShape.warrantyStart.optional(),
  warrantyEnd: deviceFieldShape.warrantyEnd.optional(),
  version: deviceFieldShape.version.optional(),
  simIccid: deviceFieldShape.simIccid.optional(),
  remark: deviceFieldShape.remark.optional(),
});
export const deviceCreate = deviceCreateFields.refine(snRule, snMessage).refine(warrantyInOrder, warrantyRule);
export type DeviceCreate = z.infer<typeof deviceCreate>;

export const deviceUpdate = z.strictObject(deviceFieldShape).partial().refine(warrantyInOrder, warrantyRule);
export type DeviceUpdate = z.infer<typeof deviceUpdate>;

/** Fields every device of a batch shares. */
const batchShared = {
  protocol: deviceFieldShape.protocol.default('modbusRtu'),
  queryInterval: deviceQueryInterval.default(300),
  projectId: id.optional(),
  templateId: id.optional(),
  tagIds: deviceTagIds.default([]),
  ownerId: id.optional(),
};

/**
 * Add in batches: `count` devices numbered from `startNo` (named prefix + number), or a list of
 * devices; 1-100 at once either way (spec section 5).
 */
export const deviceBatch = z
  .strictObject({
    count: z
      .number('device.batch.count')
      .int('device.batch.count')
      .min(1, 'device.batch.count')
      .max(DEVICE_BATCH_MAX, 'device.batch.count')
      .optional(),
    namePrefix: z.string().trim().min(1, 'device.name.length').max(40, 'device.name.length').optional(),
    startNo: deviceNo.optional(),
    ...batchShared,
    devices: z.array(deviceCreate).min(1, 'device.batch.count').max(DEVICE_BATCH_MAX, 'device.batch.count').optional(),
  })
  // One form or the other: a list, or a count with its name prefix and starting number.
  .refine((v) => v.devices !== undefined || v.count !== undefined, { message: 'device.batch.count', path: ['count'] })
  .refine((v) => v.devices !== undefined || v.namePrefix !== undefined, { message: 'v.required', path: ['namePrefix'] })
  .refine((v) => v.devices !== undefined || v.startNo !== undefined, { message: 'v.required', path: ['startNo'] });
export type DeviceBatch = z.infer<typeof deviceBatch>;

const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();
const queryNumber = z.coerce.number().int().positive().optional();

/** The device list's filters (also the export's). */
export const deviceFilter = z.object({
  ownerId: queryNumber,
  projectId: queryNumber,
  tagId: queryNumber,
  templateId: queryNumber,
  status: z.enum(DEVICE_STATUSES).optional(),
  enabled: queryFlag,
  /** Only the devices that connect through a DTU (DTU manage), or only those that do not. */
  throughDtu: queryFlag,
  keyword: textFilter(64),
});
export type DeviceFilter = z.infer<typeof deviceFilter>;
export const deviceListQuery = pageQuery.extend(deviceFilter.shape);

export const deviceListItem = z.object({
  id: z.number(),
  name: z.string(),
  deviceNo: z.number().nullable(),
  sn: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES),
  enabled: z.boolean(),
  projectId: z.number().nullable(),
  projectName: z.string().nullable(),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
  ownerId: z.number(),
  ownerAccount: z.string(),
  templateId: z.number().nullable(),
  /** The template's name, so that the list needs no lookup of its own (decision 0041). */
  templateName: z.string().nullable(),
  lastOnlineAt: z.number().nullable(),
  createdAt: z.number(),
});
export type DeviceListItem = z.infer<typeof deviceListItem>;

export const deviceDetail = deviceListItem.extend({
  mac: z.string().nullable(),
  imei: z.string().nullable(),
  imei2: z.string().nullable(),
  loraNid: z.string().nullable(),
  commPassword: z.string().nullable(),
  protocol: z.string(),
  queryInterval: z.number(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  picture: z.string().nullable(),
  cloudConfig: z.boolean(),
  warrantyStart: z.number().nullable(),
  warrantyEnd: z.number().nullable(),
  version: z.string().nullable(),
  simIccid: z.string().nullable(),
  remark: z.string().nullable(),
  lastDataAt: z.number().nullable(),
  updatedAt: z.number(),
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

/** The map's window: south-west and north-east corners; without it, every located device in scope. */
export const deviceMapQuery = z.object({
  minLat: z.coerce.number().min(-90).max(90).optional(),
  maxLat: z.coerce.number().min(-90).max(90).optional(),
  minLng: z.coerce.number().min(-180).max(180).optional(),
  maxLng: z.coerce.number().min(-180).max(180).optional(),
  projectId: queryNumber,
  status: z.enum(DEVICE_STATUSES).optional(),
});
export const DEVICE_MAP_MAX = 5000;
export const deviceMapPoint = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(DEVICE_STATUSES),
  enabled: z.boolean(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
});
export const deviceMap = z.object({ list: z.array(deviceMapPoint), truncated: z.boolean() });

/** Warranty period management: expired, ending within `days`, or in warranty. */
export const WARRANTY_STATES = ['expired', 'expiring', 'active'] as const;
export const warrantyQuery = pageQuery.extend({
  state: z.enum(WARRANTY_STATES).optional(),
  days: z.coerce.number().int().min(1).max(3650).default(30),
  keyword: textFilter(64),
});
export const warrantyItem = z.object({
  id: z.number(),
  name: z.string(),
  sn: z.string().nullable(),
  deviceNo: z.number().nullable(),
  ownerAccount: z.string(),
  warrantyStart: z.number().nullable(),
  warrantyEnd: z.number(),
  daysLeft: z.number(),
  state: z.enum(WARRANTY_STATES),
});

/** One bad cell of an import: the spreadsheet row (1 is the header), the column's field, what is wrong. */
export const importProblem = z.object({ row: z.number(), field: z.string(), msg: z.string() });
export type ImportProblem = z.infer<typeof importProblem>;

// ---- The device form's choices (decision 0041)

const choice = z.object({ id: z.number(), name: z.string() });
/** `deviceId`: the device being edited, whose current owner, project, template and tags are offered too. */
export const deviceChoicesQuery = z.object({ deviceId: z.coerce.number().int().positive().optional() });
/** What the selects of the device form offer: only what the caller may give a device they may edit. */
export const deviceChoices = z.object({
  owners: z.array(
    z.object({ id: z.number(), account: z.string(), nickname: z.string(), parentId: z.number().nullable() }),
  ),
  projects: z.array(choice),
  templates: z.array(choice),
  tags: z.array(choice),
});
export type DeviceChoices = z.infer<typeof deviceChoices>;
