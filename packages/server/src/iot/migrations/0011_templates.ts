import { registerAddressOf } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';
import { LIBRARY } from '../templates/library.ts';

/**
 * Device Cloud templates (spec section 3): a template, its slaves and its data points, and the
 * built-in device library as templates without an owner. Devices point at a template by id (0010);
 * points are read through the template at poll time, so nothing is copied per device.
 */
export async function up({ db, no, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;

  await withId(s.createTable('templates'))
    .addColumn('owner_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('library', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('category', 'text')
    .addColumn('vendor', 'text')
    .addColumn('model', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  // Names are unique per owner; the library (no owner) is listed by category.
  await s
    .createIndex('templates_owner_name')
    .on('templates')
    .columns(['owner_id', 'name'])
    .unique()
    .where('owner_id', 'is not', null)
    .execute();
  await s.createIndex('templates_library').on('templates').columns(['library', 'category']).execute();

  await withId(s.createTable('template_slaves'))
    .addColumn('template_id', 'bigint', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('serial', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('port', 'integer')
    .addColumn('device_no', 'text')
    .execute();
  await s
    .createIndex('template_slaves_serial')
    .on('template_slaves')
    .columns(['template_id', 'serial'])
    .unique()
    .execute();

  await withId(s.createTable('template_points'))
    .addColumn('template_id', 'bigint', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('slave_id', 'bigint', (c) => c.notNull().references('template_slaves.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('register_type', 'text', (c) => c.notNull())
    .addColumn('register_address', 'integer', (c) => c.notNull())
    .addColumn('register_length', 'integer', (c) => c.notNull())
    .addColumn('read_write', 'text', (c) => c.notNull())
    .addColumn('data_type', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('bit_index', 'integer')
    .addColumn('precision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unit', 'text')
    .addColumn('formula', 'text')
    .addColumn('inverse_formula', 'text')
    .addColumn('description', 'text')
    .addColumn('storage', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('amplitude', 'double precision')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The gateway reads a template's points grouped by slave, in register order.
  await s
    .createIndex('template_points_template')
    .on('template_points')
    .columns(['template_id', 'slave_id', 'register_type', 'register_address'])
    .execute();
  await s.createIndex('template_points_slave').on('template_points').column('slave_id').execute();

  await seedLibrary(db as Kysely<Record<string, Record<string, unknown>>>);
}

/** The built-in device library as it shipped with this migration; later changes come in migrations of their own. */
async function seedLibrary(k: Kysely<Record<string, Record<string, unknown>>>): Promise<void> {
  const at = Date.UTC(2026, 0, 1);
  for (const entry of LIBRARY) {
    const template = await k
      .insertInto('templates')
      .values({
        owner_id: null,
        name: entry.name,
        protocol: entry.protocol,
        description: entry.description ?? null,
        library: true,
        category: entry.category,
        vendor: entry.vendor,
        model: entry.model,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const slaveIds = new Map<number, unknown>();
    for (const slave of entry.slaves) {
      const row = await k
        .insertInto('template_slaves')
        .values({
          template_id: template.id,
          serial: slave.index,
          name: slave.name,
          address: slave.address,
          ip: slave.ip ?? null,
          port: slave.port ?? null,
          device_no: slave.deviceNo ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      slaveIds.set(slave.index, row.id);
    }
    for (const [sort, p] of entry.points.entries()) {
      await k
        .insertInto('template_points')
        .values({
          template_id: template.id,
          slave_id: slaveIds.get(p.slaveIndex),
          name: p.name,
          register_type: p.registerType,
          register_address: registerAddressOf(p.registerAddress),
          register_length: p.registerLength,
          read_write: p.readWrite,
          data_type: p.dataType,
          variant: p.variant,
          bit_index: p.bitIndex ?? null,
          precision: p.precision,
          unit: p.unit ?? null,
          formula: p.formula ?? null,
          inverse_formula: p.inverseFormula ?? null,
          description: p.description ?? null,
          storage: p.storage,
          amplitude: p.amplitude ?? null,
          sort,
        })
        .execute();
    }
  }
}
