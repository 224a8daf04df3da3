import {
  isMeterProtocol,
  type PageQuery,
  registerAddressOf,
  type TemplateInput,
  type TemplateProtocol,
} from '@meridian/contracts';
import type { ExpressionBuilder, Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import { deviceVisible } from '../devices/access-repository.ts';
import type { TemplateRow, TemplatesTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;
type TemplateBuilder = ExpressionBuilder<Database & { t: Database['templates'] }, 't'>;

/** A condition on `templates` (aliased `t`): the caller's own templates and their sub-users'; never the library. */
function templateInScope(scope: Scope) {
  return (eb: TemplateBuilder) =>
    eb.and([eb('t.owner_id', 'is not', null), scope.all ? eb.lit(true) : eb('t.owner_id', 'in', scope.ownerIds)]);
}

/** The counts every list shows beside a template. */
function withCounts(eb: TemplateBuilder) {
  return [
    eb
      .selectFrom('template_slaves as s')
      .select(eb.fn.countAll<number>().as('n'))
      .whereRef('s.template_id', '=', 't.id')
      .as('slaveCount'),
    eb
      .selectFrom('template_points as p')
      .select(eb.fn.countAll<number>().as('n'))
      .whereRef('p.template_id', '=', 't.id')
      .as('pointCount'),
  ];
}

export async function listTemplates(db: Db, scope: Scope, keyword: string | undefined, page: PageQuery) {
  const query = db
    .selectFrom('templates as t')
    .selectAll('t')
    .select((eb) => [
      ...withCounts(eb),
      eb
        .selectFrom('devices as d')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('d.template_id', '=', 't.id')
        .as('deviceCount'),
    ])
    .where(templateInScope(scope))
    .$if(Boolean(keyword), (q) => q.where(contains('t.name', keyword ?? '')))
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id', 'desc');
  return paginate(query, page);
}

/** How many of the caller's templates use each protocol. */
export async function protocolCounts(db: Db, scope: Scope) {
  return db
    .selectFrom('templates as t')
    .select(['t.protocol', (eb) => eb.fn.countAll<number>().as('n')])
    .where(templateInScope(scope))
    .groupBy('t.protocol')
    .execute();
}

/** The caller's latest templates of one protocol, at most `limit`. */
export async function templatesOfProtocol(db: Db, scope: Scope, protocol: TemplateProtocol, limit: number) {
  return db
    .selectFrom('templates as t')
    .select(['t.id', 't.name'])
    .where(templateInScope(scope))
    .where('t.protocol', '=', protocol)
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
}

export async function listLibrary(db: Db, keyword: string | undefined, page: PageQuery) {
  const query = db
    .selectFrom('templates as t')
    .selectAll('t')
    .select((eb) => withCounts(eb))
    .where('t.library', '=', true)
    .$if(Boolean(keyword), (q) =>
      q.where((eb) =>
        eb.or([
          contains('t.name', keyword ?? ''),
          contains('t.vendor', keyword ?? ''),
          contains('t.model', keyword ?? ''),
        ]),
      ),
    )
    .orderBy('t.category')
    .orderBy('t.id');
  return paginate(query, page);
}

/** One of the caller's templates, or undefined when it is not theirs to see. */
export async function findTemplate(db: Db, scope: Scope, id: number): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('templates as t')
    .selectAll('t')
    .where('t.id', '=', id)
    .where(templateInScope(scope))
    .executeTakeFirst();
}

export async function findLibraryTemplate(db: Db, id: number): Promise<TemplateRow | undefined> {
  return db.selectFrom('templates').selectAll().where('id', '=', id).where('library', '=', true).executeTakeFirst();
}

export async function slavesOf(db: Db, templateId: number) {
  return db.selectFrom('template_slaves').selectAll().where('template_id', '=', templateId).orderBy('serial').execute();
}

export async function pointsOf(db: Db, templateId: number) {
  return db
    .selectFrom('template_points as p')
    .innerJoin('template_slaves as s', 's.id', 'p.slave_id')
    .selectAll('p')
    .select('s.serial as slave_serial')
    .where('p.template_id', '=', templateId)
    .orderBy('p.sort')
    .orderBy('p.id')
    .execute();
}

export async function nameTaken(db: Db, ownerId: number, name: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('templates')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertTemplate(trx: Db, values: Insertable<TemplatesTable>): Promise<number> {
  const row = await trx.insertInto('templates').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateTemplate(
  trx: Db,
  id: number,
  values: {
    name: string;
    protocol: TemplateInput['protocol'];
    custom_protocol_id: number | null;
    description: string | null;
    updated_at: number;
  },
) {
  await trx.updateTable('templates').set(values).where('id', '=', id).execute();
}

export async function deleteTemplate(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('templates').where('id', '=', id).execute();
}

/** How many devices use a template, whoever owns them: none may lose their template. */
export async function devicesUsing(db: Db, templateId: number): Promise<number> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('template_id', '=', templateId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The ones among `ids` the caller may edit, with their owner and current template (for the slave quota). */
export async function editableDevices(db: Db, scope: Scope, ids: number[]) {
  const rows = await db
    .selectFrom('devices as d')
    .select(['d.id', 'd.owner_id', 'd.template_id'])
    .where('d.id', 'in', ids)
    .where(deviceVisible(scope, 'edit'))
    .execute();
  return rows.map((r) => ({ id: Number(r.id), ownerId: Number(r.owner_id), templateId: r.template_id }));
}

/** How many devices of each owner use a template. */
export async function ownersUsing(db: Db, templateId: number) {
  const rows = await db
    .selectFrom('devices')
    .select(['owner_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('template_id', '=', templateId)
    .groupBy('owner_id')
    .execute();
  return rows.map((r) => ({ ownerId: Number(r.owner_id), devices: Number(r.n) }));
}

export async function setDevicesTemplate(trx: Db, ids: number[], templateId: number, at: number): Promise<number> {
  const result = await trx
    .updateTable('devices')
    .set({ template_id: templateId, updated_at: at })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Writes a template's slaves and points to match `input`, keeping the ids of the slaves and points
 * the input names (so that telemetry, alarms and linkage stay attached), inserting the new ones and
 * removing the rest. An id of another template's row is taken as a new row.
 */
export async function writeTree(
  trx: Db,
  templateId: number,
  input: Pick<TemplateInput, 'protocol' | 'slaves' | 'points'>,
) {
  const meter = isMeterProtocol(input.protocol);
  const oldSlaves = new Set((await slavesOf(trx, templateId)).map((s) => Number(s.id)));
  const oldPoints = new Set(
    (await trx.selectFrom('template_points').select('id').where('template_id', '=', templateId).execute()).map((p) =>
      Number(p.id),
    ),
  );
  // Serial numbers may swap places between slaves: park them out of the way of the unique index first.
  await trx
    .updateTable('template_slaves')
    .set((eb) => ({ serial: eb.neg(eb.ref('id')) }))
    .where('template_id', '=', templateId)
    .execute();

  const slaveIds = new Map<number, number>();
  const keptSlaves = new Set<number>();
  for (const slave of input.slaves) {
    const values = {
      serial: slave.index,
      name: slave.name,
      address: slave.address,
      ip: slave.ip ?? null,
      port: slave.port ?? null,
      device_no: slave.deviceNo ?? null,
      meter_address: meter ? (slave.meterAddress?.toLowerCase() ?? null) : null,
    };
    if (slave.id !== undefined && oldSlaves.has(slave.id)) {
      await trx.updateTable('template_slaves').set(values).where('id', '=', slave.id).execute();
      keptSlaves.add(slave.id);
      slaveIds.set(slave.index, slave.id);
    } else {
      const row = await trx
        .insertInto('template_slaves')
        .values({ template_id: templateId, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      slaveIds.set(slave.index, Number(row.id));
    }
  }

  const keptPoints = input.points.flatMap((p) => (p.id !== undefined && oldPoints.has(p.id) ? [p.id] : []));
  const goners = [...oldPoints].filter((id) => !keptPoints.includes(id));
  if (goners.length) await trx.deleteFrom('template_points').where('id', 'in', goners).execute();

  const fresh = [];
  for (const [sort, p] of input.points.entries()) {
    const values = {
      slave_id: slaveIds.get(p.slaveIndex) as number,
      name: p.name,
      register_type: p.registerType,
      // A DL/T 645 point has no register: its address is 0.
      register_address: meter ? 0 : (registerAddressOf(p.registerAddress) as number),
      register_length: p.registerLength,
      read_write: p.readWrite,
      data_type: p.dataType,
      variant: p.variant,
      bit_index: p.bitIndex ?? null,
      precision: p.precision,
      unit: p.unit || null,
      formula: p.formula || null,
      inverse_formula: p.inverseFormula || null,
      description: p.description || null,
      storage: p.storage,
      amplitude: p.storage === 'onChange' ? (p.amplitude ?? null) : null,
      // A custom protocol's point keys keep their case, as the protocol writes them (decision 0140).
      data_identifier: meter
        ? (p.dataIdentifier?.toLowerCase() ?? null)
        : input.protocol === 'custom'
          ? (p.dataIdentifier ?? null)
          : null,
      sort,
    };
    if (p.id !== undefined && oldPoints.has(p.id)) {
      await trx.updateTable('template_points').set(values).where('id', '=', p.id).execute();
    } else fresh.push({ template_id: templateId, ...values });
  }
  // Bounded by the 500-point limit, well inside both engines' limits on bound values.
  if (fresh.length) await trx.insertInto('template_points').values(fresh).execute();

  const oldGone = [...oldSlaves].filter((id) => !keptSlaves.has(id));
  if (oldGone.length) await trx.deleteFrom('template_slaves').where('id', 'in', oldGone).execute();
}

/**
 * The scope's templates whose name is one of `names`, compared without case (a device's template
 * picked by name, as the Excel import does). Several accounts of a tree may use one name.
 */
export async function templatesNamed(db: Db, scope: Scope, names: readonly string[]) {
  // Guard against running an invalid `in ()` query when no row names a template.
  if (names.length === 0) return [];
  const lowered = [...new Set(names.map((n) => n.toLowerCase()))];
  const rows = await db
    .selectFrom('templates as t')
    .select(['t.id', 't.name', 't.owner_id'])
    .where(templateInScope(scope))
    .where((eb) => eb(eb.fn('lower', ['t.name']), 'in', lowered))
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, ownerId: Number(r.owner_id) }));
}

/** The first `limit` of the scope's templates by name, and how many there are: what a device may take. */
export async function templateNames(db: Db, scope: Scope, limit: number) {
  const [list, total] = await Promise.all([
    db
      .selectFrom('templates as t')
      .select(['t.id', 't.name'])
      .where(templateInScope(scope))
      .orderBy('t.name')
      .orderBy('t.id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('templates as t')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(templateInScope(scope))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: list.map((r) => ({ id: Number(r.id), name: r.name })), total: Number(total.n) };
}
