import type { PageQuery, RegistrationResult } from '@meridian/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import { deviceVisible } from '../devices/access-repository.ts';
import type { PointSource } from './values.ts';

type Db = Kysely<Database> | Transaction<Database>;

const dtuColumns = [
  'd.id',
  'd.sn',
  'd.comm_password',
  'd.enabled',
  'd.protocol',
  'd.query_interval',
  'd.template_id',
  's.registration_packet',
  's.registration_mode',
  's.heartbeat',
  's.merge_length',
] as const;

function dtus(db: Db) {
  return db.selectFrom('devices as d').leftJoin('dtu_settings as s', 's.device_id', 'd.id').select(dtuColumns);
}

/** A device as the DTU port needs it at registration. */
export async function findDtuBySn(db: Db, sn: string) {
  return dtus(db).where('d.sn', '=', sn).executeTakeFirst();
}
export type DtuRow = NonNullable<Awaited<ReturnType<typeof findDtuBySn>>>;

/** The device whose custom registration packet is exactly `hex`. */
export async function findDtuByPacket(db: Db, hex: string): Promise<DtuRow | undefined> {
  return dtus(db).where('s.registration_packet', '=', hex).executeTakeFirst();
}

/** The device whose custom registration packet is one of `prefixes` (hex), the longest when several are. */
export async function findDtuByPacketPrefix(db: Db, prefixes: readonly string[]): Promise<DtuRow | undefined> {
  return db
    .selectFrom('dtu_settings as s')
    .innerJoin('devices as d', 'd.id', 's.device_id')
    .select(['d.id', 'd.sn', 'd.comm_password', 'd.enabled', 'd.protocol', 'd.query_interval', 'd.template_id'])
    .select(['s.registration_packet', 's.registration_mode', 's.heartbeat', 's.merge_length'])
    .where('s.registration_packet', 'in', prefixes)
    .orderBy(sql`length(s.registration_packet)`, 'desc')
    .executeTakeFirst();
}

export async function findDtuById(db: Db, id: number): Promise<DtuRow | undefined> {
  return dtus(db).where('d.id', '=', id).executeTakeFirst();
}

/** The data points of a template with their slave's Modbus address, in the template's order. */
export async function templatePoints(db: Db, templateId: number): Promise<PointSource[]> {
  const rows = await db
    .selectFrom('template_points as p')
    .innerJoin('template_slaves as sl', 'sl.id', 'p.slave_id')
    .innerJoin('templates as t', 't.id', 'p.template_id')
    .leftJoin('custom_protocols as cp', 'cp.id', 't.custom_protocol_id')
    .select([
      'cp.definition as custom_definition',
      'p.id',
      'p.name',
      'sl.address as slave_address',
      'sl.meter_address',
      'p.data_identifier',
      'p.register_type',
      'p.register_address',
      'p.register_length',
      'p.variant',
      'p.data_type',
      'p.bit_index',
      'p.precision',
      'p.read_write',
      'p.formula',
      'p.inverse_formula',
    ])
    .where('p.template_id', '=', templateId)
    .orderBy('p.sort')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    slaveAddress: r.slave_address,
    registerType: r.register_type,
    registerAddress: r.register_address,
    registerLength: r.register_length,
    variant: r.variant,
    dataType: r.data_type,
    bitIndex: r.bit_index,
    precision: r.precision,
    readWrite: r.read_write,
    formula: r.formula,
    inverseFormula: r.inverse_formula,
    meterAddress: r.meter_address,
    dataIdentifier: r.data_identifier,
    customDefinition: r.custom_definition,
  }));
}

/** When each template last changed, so that connected DTUs pick up an edited template. */
export async function templateStamp(db: Db, templateId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('templates as t')
    // An edited custom protocol changes what its templates' devices send and read.
    .leftJoin('custom_protocols as cp', 'cp.id', 't.custom_protocol_id')
    .select(['t.updated_at', 'cp.updated_at as protocol_updated_at'])
    .where('t.id', '=', templateId)
    .executeTakeFirst();
  return row ? Math.max(Number(row.updated_at), Number(row.protocol_updated_at ?? 0)) : undefined;
}

export interface RegistrationEntry {
  at: number;
  address: string;
  sn: string | null;
  deviceId: number | null;
  result: RegistrationResult;
}

export async function logRegistrations(db: Db, entries: readonly RegistrationEntry[]): Promise<void> {
  if (!entries.length) return;
  await db
    .insertInto('dtu_registrations')
    .values(entries.map((e) => ({ at: e.at, address: e.address, sn: e.sn, device_id: e.deviceId, result: e.result })))
    .execute();
}

/**
 * The registration log, newest first: entries of devices the caller may see; entries that named no
 * known device only for a caller who sees every device (the platform's administrators).
 */
export async function listRegistrations(
  db: Db,
  scope: Scope,
  filter: { sn?: string | undefined; result?: RegistrationResult | undefined },
  page: PageQuery,
) {
  const query = db
    .selectFrom('dtu_registrations as r')
    .leftJoin('devices as d', 'd.id', 'r.device_id')
    .select(['r.id', 'r.at', 'r.address', 'r.sn', 'r.device_id', 'r.result'])
    .$if(!scope.all, (q) => q.where('r.device_id', 'is not', null).where(deviceVisible(scope, 'view')))
    .$if(Boolean(filter.sn), (q) => q.where('r.sn', '=', filter.sn ?? ''))
    .$if(Boolean(filter.result), (q) => q.where('r.result', '=', filter.result ?? 'accepted'))
    .orderBy('r.at', 'desc')
    .orderBy('r.id', 'desc');
  return paginate(query, page);
}

export async function saveDtuSettings(
  db: Db,
  deviceId: number,
  values: {
    registration_packet: string | null;
    registration_mode: 'once' | 'everyPacket';
    heartbeat: string | null;
    merge_length: number | null;
  },
): Promise<void> {
  const row = { ...values, updated_at: Date.now() };
  await db
    .insertInto('dtu_settings')
    .values({ device_id: deviceId, ...row })
    .onConflict((oc) => oc.column('device_id').doUpdateSet(row))
    .execute();
}

/** Whether another device already registers with this packet. */
export async function packetTaken(db: Db, hex: string, deviceId: number): Promise<boolean> {
  const row = await db
    .selectFrom('dtu_settings')
    .select('device_id')
    .where('registration_packet', '=', hex)
    .where('device_id', '!=', deviceId)
    .executeTakeFirst();
  return Boolean(row);
}

/** Removes registration log entries older than `before`; the nightly cleanup calls it. */
export async function removeRegistrationsBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('dtu_registrations').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
