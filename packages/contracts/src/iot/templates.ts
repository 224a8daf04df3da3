import { z } from 'zod';
import { textFilter } from '../paging.ts';

/**
 * The point model of Device Cloud templates (spec section 3: slave, variable / data point, device
 * template). The gateway polls from it and the web builds the template editor from it, so every
 * enum below is exactly what the gateway decodes. Rules that span fields live in templates-rules.ts.
 */

/**
 * How the gateway talks to the devices behind a template: Modbus RTU over a DTU's serial bus,
 * Modbus TCP through a DTU, DL/T 645-2007 electricity meters and CJ/T 188-2004 water and gas meters on a DTU's bus,
 * devices speaking an account's custom protocol defined by frames (decision 0140) behind a DTU, JSON over MQTT
 * (`devices/{sn}/up`), and JSON posted to the HTTP ingest endpoint by NB and cellular devices.
 */
export const TEMPLATE_PROTOCOLS = [
  'modbusRtu',
  'modbusTcp',
  'dlt645',
  'cjt188',
  'custom',
  'mqttJson',
  'httpJson',
] as const;
/** The protocols of meters read by address and data identifier (not by Modbus register). */
export const METER_PROTOCOLS = ['dlt645', 'cjt188'] as const satisfies readonly TemplateProtocol[];
export function isMeterProtocol(protocol: string): protocol is (typeof METER_PROTOCOLS)[number] {
  return (METER_PROTOCOLS as readonly string[]).includes(protocol);
}
export type TemplateProtocol = (typeof TEMPLATE_PROTOCOLS)[number];

/**
 * Modbus tables: coil 0x (read 01, write 05/15), discrete input 1x (read 02), input register 3x
 * (read 04), holding register 4x (read 03, write 06/16). Discrete inputs and input registers are
 * read-only by the protocol itself.
 */
export const REGISTER_TYPES = ['coil', 'discreteInput', 'inputRegister', 'holdingRegister'] as const;
export type RegisterType = (typeof REGISTER_TYPES)[number];
export const READ_ONLY_REGISTER_TYPES: readonly RegisterType[] = ['discreteInput', 'inputRegister'];
export const BIT_REGISTER_TYPES: readonly RegisterType[] = ['coil', 'discreteInput'];

export const READ_WRITE_MODES = ['readOnly', 'readWrite', 'writeOnly'] as const;
export type ReadWriteMode = (typeof READ_WRITE_MODES)[number];

export const DATA_TYPES = ['numeric', 'switch', 'character', 'location'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/**
 * Every variant the gateway decodes, with its data type and how many 16-bit registers it spans
 * (`null`: any length, a string holding two characters per register). AB CD is big-endian word
 * order (high word first); CD AB swaps the two words. 8-bit variants read the register's low byte.
 * `bit` is one coil or discrete input, or one bit (`bitIndex`) of a register.
 */
export const VARIANTS = {
  bit: { dataType: 'switch', registers: 1 },
  int8: { dataType: 'numeric', registers: 1 },
  uint8: { dataType: 'numeric', registers: 1 },
  int16: { dataType: 'numeric', registers: 1 },
  uint16: { dataType: 'numeric', registers: 1 },
  int32AbCd: { dataType: 'numeric', registers: 2 },
  int32CdAb: { dataType: 'numeric', registers: 2 },
  uint32AbCd: { dataType: 'numeric', registers: 2 },
  uint32CdAb: { dataType: 'numeric', registers: 2 },
  float32AbCd: { dataType: 'numeric', registers: 2 },
  float32CdAb: { dataType: 'numeric', registers: 2 },
  float64: { dataType: 'numeric', registers: 4 },
  timestamp32: { dataType: 'numeric', registers: 2 },
  string: { dataType: 'character', registers: null },
  location30: { dataType: 'location', registers: 15 },
} as const satisfies Record<string, { dataType: DataType; registers: number | null }>;
export type Variant = keyof typeof VARIANTS;
export const VARIANT_NAMES = Object.keys(VARIANTS) as [Variant, ...Variant[]];

export const STORAGE_TYPES = ['none', 'timed', 'onChange'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];

/** Categories of the built-in device library; each has a catalogue key `template.category.<code>`. */
export const LIBRARY_CATEGORIES = ['environment', 'energy', 'flow', 'controller', 'pressure', 'level'] as const;
export type LibraryCategory = (typeof LIBRARY_CATEGORIES)[number];

export const TEMPLATE_LIMITS = {
  pointsPerTemplate: 500,
  slavesPerTemplate: 255,
  registerLengthMax: 64,
  /** The gateway merges neighbouring registers into reads of at most this many (spec section 9). */
  registerMergeLength: 32,
} as const;

/** Template name: 4-64 letters, digits, Chinese, spaces, underscores or hyphens. */
export const templateName = z
  .string()
  .trim()
  .regex(/^[\p{Script=Han}A-Za-z0-9 _-]{4,64}$/u, 'template.name');

const optionalText = (max: number) => z.string().trim().max(max).nullish();
const rowId = z.number().int().positive();

export const templateSlave = z.strictObject({
  /** Kept when editing so that points, telemetry and alarms keep pointing at the same slave. */
  id: rowId.optional(),
  index: z.number().int().min(1, 'template.slave.index').max(255, 'template.slave.index'),
  name: z.string().trim().min(4, 'template.slave.name').max(30, 'template.slave.name'),
  address: z.number().int().min(0, 'template.slave.address').max(255, 'template.slave.address'),
  ip: z.ipv4('template.slave.ip').nullish(),
  port: z.number().int().min(1, 'template.slave.port').max(65535, 'template.slave.port').nullish(),
  deviceNo: z
    .string()
    .regex(/^[A-Za-z0-9]{1,32}$/, 'template.slave.deviceNo')
    .nullish(),
  /**
   * DL/T 645: the meter's 12-digit address (the Modbus `address` is then 0); CJ/T 188: its 14-digit
   * address (the `address` is then the meter type, decision 0114). The protocol's rule checks which.
   */
  meterAddress: z
    .string()
    .trim()
    .regex(/^(\d{12}|\d{14}|[Aa]{12}|[Aa]{14})$/, 'template.slave.anyMeterAddress')
    .nullish(),
});
export type TemplateSlaveInput = z.infer<typeof templateSlave>;

export const templatePoint = z.strictObject({
  /** Kept when editing so that telemetry, alarms and linkage keep pointing at the same point. */
  id: rowId.optional(),
  /** The serial number (`index`) of the slave the point is read from. */
  slaveIndex: z.number().int(),
  name: z.string().trim().min(4, 'template.point.name').max(30, 'template.point.name'),
  registerType: z.enum(REGISTER_TYPES),
  /** Decimal 0-65535 or hex 0x0000-0xFFFF, the 0-based protocol address; checked by registerAddressOf. */
  registerAddress: z.union([z.string().trim(), z.number()]),
  registerLength: z.number().int().min(1, 'template.point.length').max(64, 'template.point.length'),
  readWrite: z.enum(READ_WRITE_MODES),
  dataType: z.enum(DATA_TYPES),
  variant: z.enum(VARIANT_NAMES),
  bitIndex: z.number().int().min(0, 'template.point.bitIndex').max(15, 'template.point.bitIndex').nullish(),
  precision: z.number().int().min(0, 'template.point.precision').max(6, 'template.point.precision').default(0),
  unit: optionalText(16),
  formula: optionalText(200),
  inverseFormula: optionalText(200),
  description: optionalText(200),
  storage: z.enum(STORAGE_TYPES).default('none'),
  amplitude: z.number().nullish(),
  /**
   * DL/T 645 only: the data identifier, 8 hex digits DI3..DI0 (`00010000`, forward active energy).
   * Its format is `registerLength` bytes with `precision` decimals (decision 0093).
   * CJ/T 188: the data item, identifier and item (`901f:current`, decision 0114).
   * Custom protocol: the key of the protocol's data point (`level`, decision 0140).
   */
  dataIdentifier: z
    .string()
    .trim()
    .regex(/^([0-9a-fA-F]{8}|[0-9a-fA-F]{4}:[a-z]+|[A-Za-z][A-Za-z0-9_]{0,31})$/, 'template.point.dataIdentifier')
    .nullish(),
});
export type TemplatePointInput = z.infer<typeof templatePoint>;

/** A whole template as created or replaced: the template, its slaves and its data points. */
export const templateInput = z.strictObject({
  name: templateName,
  protocol: z.enum(TEMPLATE_PROTOCOLS),
  /** Protocol `custom`: the account's custom protocol its devices speak (decision 0140). */
  customProtocolId: rowId.nullish(),
  description: optionalText(200),
  slaves: z.array(templateSlave).max(TEMPLATE_LIMITS.slavesPerTemplate, 'template.slaves.max').default([]),
  points: z.array(templatePoint).max(TEMPLATE_LIMITS.pointsPerTemplate, 'template.points.max').default([]),
});
export type TemplateInput = z.infer<typeof templateInput>;

export const templateCopy = z.strictObject({ name: templateName.optional() });
export const templateApply = z.strictObject({
  deviceIds: z.array(rowId).min(1).max(500),
});

export const templateListQuery = z.object({ keyword: textFilter(64) });

export const templateSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  protocol: z.enum(TEMPLATE_PROTOCOLS),
  customProtocolId: z.number().int().nullable(),
  description: z.string().nullable(),
  slaveCount: z.number().int(),
  pointCount: z.number().int(),
  deviceCount: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TemplateSummary = z.infer<typeof templateSummary>;

export const templateSlaveView = z.object({
  id: z.number().int(),
  index: z.number().int(),
  name: z.string(),
  address: z.number().int(),
  ip: z.string().nullable(),
  port: z.number().int().nullable(),
  deviceNo: z.string().nullable(),
  meterAddress: z.string().nullable(),
});

export const templatePointView = z.object({
  id: z.number().int(),
  slaveId: z.number().int(),
  slaveIndex: z.number().int(),
  name: z.string(),
  registerType: z.enum(REGISTER_TYPES),
  registerAddress: z.number().int(),
  registerLength: z.number().int(),
  readWrite: z.enum(READ_WRITE_MODES),
  dataType: z.enum(DATA_TYPES),
  variant: z.enum(VARIANT_NAMES),
  bitIndex: z.number().int().nullable(),
  precision: z.number().int(),
  unit: z.string().nullable(),
  formula: z.string().nullable(),
  inverseFormula: z.string().nullable(),
  description: z.string().nullable(),
  storage: z.enum(STORAGE_TYPES),
  amplitude: z.number().nullable(),
  dataIdentifier: z.string().nullable(),
  sort: z.number().int(),
});
export type TemplatePointView = z.infer<typeof templatePointView>;

export const libraryEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  protocol: z.enum(TEMPLATE_PROTOCOLS),
  description: z.string().nullable(),
  category: z.enum(LIBRARY_CATEGORIES),
  vendor: z.string(),
  model: z.string(),
  pointCount: z.number().int(),
});

export const templateDetail = templateSummary.extend({
  library: z.boolean(),
  category: z.enum(LIBRARY_CATEGORIES).nullable(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  slaves: z.array(templateSlaveView),
  points: z.array(templatePointView),
});
export type TemplateDetail = z.infer<typeof templateDetail>;

export const templateApplied = z.object({ applied: z.number().int() });

/** Templates named per protocol on the Communication Protocol screen; the count says how many there are in all. */
export const PROTOCOL_TEMPLATES_SHOWN = 20;

/** The Communication Protocol screen: each protocol and the caller's templates that use it. */
export const protocolUsage = z.object({
  protocol: z.enum(TEMPLATE_PROTOCOLS),
  templateCount: z.number().int(),
  templates: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ProtocolUsage = z.infer<typeof protocolUsage>;
