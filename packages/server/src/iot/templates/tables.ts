import type {
  DataType,
  ReadWriteMode,
  RegisterType,
  StorageType,
  TemplateProtocol,
  Variant,
} from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

/** A device template (spec section 3), or, with `library` set and no owner, an entry of the built-in device library. */
export interface TemplatesTable {
  id: Generated<number>;
  /** The account the template belongs to; null for the built-in library. */
  owner_id: number | null;
  name: string;
  protocol: TemplateProtocol;
  description: string | null;
  library: Bool;
  /** Library entries only (kept on copies, for reference): `LIBRARY_CATEGORIES`, maker and model. */
  category: string | null;
  vendor: string | null;
  model: string | null;
  /** Protocol `custom` only: the account's custom protocol the template reads with (decision 0140). */
  custom_protocol_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  updated_at: number;
}
export type TemplateRow = Selectable<TemplatesTable>;

/** A slave: one addressable device on the DTU's bus, or at an IP and port. */
export interface TemplateSlavesTable {
  id: Generated<number>;
  template_id: number;
  /** The slave's serial number in the template, unique within it. */
  serial: number;
  name: string;
  /** Modbus slave address (unit id), 0-255. */
  address: number;
  ip: string | null;
  port: number | null;
  device_no: string | null;
  /** DL/T 645 templates: the meter's 12-digit address (`address` is then 0). */
  meter_address: string | null;
}
export type TemplateSlaveRow = Selectable<TemplateSlavesTable>;

/** A variable / data point: where it lives in the slave and how its raw registers become a value. */
export interface TemplatePointsTable {
  id: Generated<number>;
  template_id: number;
  slave_id: number;
  name: string;
  register_type: RegisterType;
  /** The 0-based protocol address, 0-65535. */
  register_address: number;
  register_length: number;
  read_write: ReadWriteMode;
  data_type: DataType;
  variant: Variant;
  bit_index: number | null;
  precision: number;
  unit: string | null;
  formula: string | null;
  inverse_formula: string | null;
  description: string | null;
  storage: StorageType;
  amplitude: number | null;
  /** DL/T 645 templates: the data identifier, 8 hex digits DI3..DI0; the format is `register_length` bytes with `precision` decimals. */
  data_identifier: string | null;
  sort: number;
}
export type TemplatePointRow = Selectable<TemplatePointsTable>;

/** The tables of Device Cloud templates, slaves, data points and the device library, added to `Database` in platform/db/schema.ts. */
export interface TemplatesTables {
  templates: TemplatesTable;
  template_slaves: TemplateSlavesTable;
  template_points: TemplatePointsTable;
}
