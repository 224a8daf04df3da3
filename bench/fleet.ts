// The device benchmarks' common ground: one main account, one template of numeric points on one
// slave, and many devices on it, written straight to the database.
import type { Variant } from '@meridian/contracts';
import type { Db } from '../packages/server/src/platform/db/database.ts';
import { grantRole, insertUser } from '../packages/server/src/portal/accounts/repository.ts';
import { createTestDatabase } from '../packages/server/test/db.ts';

/** A new embedded (SQLite) database whatever TEST_ENGINE says: the gateway benches measure the gateway, one process holding both. */
export async function embeddedTestDatabase() {
  const engine = process.env.TEST_ENGINE;
  process.env.TEST_ENGINE = 'sqlite';
  try {
    return await createTestDatabase();
  } finally {
    if (engine === undefined) delete process.env.TEST_ENGINE;
    else process.env.TEST_ENGINE = engine;
  }
}

export interface FleetOptions {
  account: string;
  devices: number;
  points: number;
  protocol: 'modbusRtu' | 'mqttJson' | 'dlt645';
  /**
   * DL/T 645 meters on each device's bus, by their 12-digit addresses: one slave each, with one
   * point, its combined active energy (00010000, 4 bytes, 2 decimals); `points` is then ignored.
   */
  meterAddresses?: readonly string[];
  /** Each point's register type is a holding register of this variant, one after another. */
  variant: Extract<Variant, 'uint16' | 'int16' | 'float32AbCd'>;
  storage: 'none' | 'timed';
  formula?: string;
  precision?: number;
  /** Seconds between polls. */
  interval?: number;
  cloudConfig?: boolean;
  /** SN and communication password of device `n` (from 0), for devices that register. */
  sn?: (n: number) => string;
  password?: string;
}

export interface Fleet {
  owner: number;
  template: number;
  devices: number[];
  points: number[];
  pointNames: string[];
}

const BATCH = 500;

export async function seedFleet(db: Db, options: FleetOptions): Promise<Fleet> {
  const k = db.kysely;
  const now = Date.now();
  const owner = await insertUser(k, {
    account: options.account,
    password_hash: 'x',
    nickname: options.account,
    status: 'enabled',
    default_pass: false,
    password_changed_at: now,
    user_type: 'main',
    parent_id: null,
    super_admin: false,
  });
  await grantRole(k, owner, 10);
  const template = await k
    .insertInto('templates')
    .values({
      owner_id: owner,
      name: `${options.account} template`,
      protocol: options.protocol,
      description: null,
      library: false,
      category: null,
      vendor: null,
      model: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { points, pointNames } = options.meterAddresses
    ? await seedMeters(db, template.id, options.meterAddresses, options.storage)
    : await seedRegisters(db, template.id, options);
  const devices: number[] = [];
  for (let start = 0; start < options.devices; start += BATCH) {
    const rows = await k
      .insertInto('devices')
      .values(
        Array.from({ length: Math.min(BATCH, options.devices - start) }, (_, j) => ({
          owner_id: owner,
          name: `Device ${start + j}`,
          device_no: null,
          sn: options.sn?.(start + j) ?? null,
          comm_password: options.password ?? null,
          protocol: options.protocol,
          query_interval: options.interval ?? 10,
          template_id: template.id,
          enabled: true,
          cloud_config: options.cloudConfig ?? false,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    devices.push(...rows.map((r) => r.id));
  }
  return { owner, template: template.id, devices, points: points.map((p) => p.id), pointNames };
}

async function seedRegisters(db: Db, templateId: number, options: FleetOptions) {
  const k = db.kysely;
  const slave = await k
    .insertInto('template_slaves')
    .values({ template_id: templateId, serial: 1, name: 'Slave 1', address: 1, ip: null, port: null, device_no: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const width = options.variant === 'float32AbCd' ? 2 : 1;
  const pointNames = Array.from({ length: options.points }, (_, i) => `Point ${i}`);
  const points = await k
    .insertInto('template_points')
    .values(
      pointNames.map((name, i) => ({
        ...pointRow(templateId, slave.id, name, i, options.storage),
        register_address: i * width,
        register_length: width,
        variant: options.variant,
        precision: options.precision ?? 0,
        formula: options.formula ?? null,
      })),
    )
    .returning('id')
    .execute();
  return { points, pointNames };
}

/** One slave per DL/T 645 meter, and its combined active energy as its one point. */
async function seedMeters(db: Db, templateId: number, addresses: readonly string[], storage: FleetOptions['storage']) {
  const k = db.kysely;
  const slaves = await k
    .insertInto('template_slaves')
    .values(
      addresses.map((meter_address, i) => ({
        template_id: templateId,
        serial: i + 1,
        name: `Meter ${i + 1}`,
        address: 0,
        ip: null,
        port: null,
        device_no: null,
        meter_address,
      })),
    )
    .returning('id')
    .execute();
  const pointNames = addresses.map((_, i) => `Energy ${i + 1}`);
  const points = await k
    .insertInto('template_points')
    .values(
      slaves.map((slave, i) => ({
        ...pointRow(templateId, slave.id, pointNames[i] as string, i, storage),
        register_address: 0,
        register_length: 4,
        variant: 'float64' as const,
        precision: 2,
        unit: 'kWh',
        data_identifier: '00010000',
      })),
    )
    .returning('id')
    .execute();
  return { points, pointNames };
}

/** The fields every bench point shares: read-only, numeric, a holding register, no formula. */
function pointRow(templateId: number, slaveId: number, name: string, sort: number, storage: FleetOptions['storage']) {
  return {
    template_id: templateId,
    slave_id: slaveId,
    name,
    register_type: 'holdingRegister' as const,
    read_write: 'readOnly' as const,
    data_type: 'numeric' as const,
    bit_index: null,
    unit: null,
    formula: null,
    inverse_formula: null,
    description: null,
    storage,
    amplitude: null,
    sort,
  };
}
