import { type DeviceFilter, DTU_PROTOCOLS, type PageQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { reusable } from '../../platform/db/reusable.ts';
import type { Database } from '../../platform/db/schema.ts';
import { contains, fromJson, jsonRows, totalOf } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import type { DeviceRight } from './access.ts';
import { deviceVisible } from './access-repository.ts';
import type { DevicesTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type DeviceTag = { id: number; name: string };
export type NewDevice = Insertable<DevicesTable>;
export type DevicePatch = Updateable<DevicesTable>;

/** The devices the scope may `right`. */
function visibleDevices(db: Db, scope: Scope, right: DeviceRight) {
  return db.selectFrom('devices as d').where(deviceVisible(scope, right));
}

/** The same devices with their project's and template's names and owner's account at hand (primary-key joins). */
function withNames(devices: ReturnType<typeof visibleDevices>) {
  return devices
    .innerJoin('users as u', 'u.id', 'd.owner_id')
    .leftJoin('projects as p', 'p.id', 'd.project_id')
    .leftJoin('templates as t', 't.id', 'd.template_id');
}

function scopedDevices(db: Db, scope: Scope, right: DeviceRight) {
  return withNames(visibleDevices(db, scope, right));
}

const listColumns = [
  'd.id',
  'd.name',
  'd.device_no',
  'd.sn',
  'd.status',
  'd.enabled',
  'd.project_id',
  'p.name as project_name',
  'd.owner_id',
  'u.account as owner_account',
  'd.template_id',
  't.name as template_name',
  'd.last_online_at',
  'd.created_at',
] as const;

/** The devices the scope may see that match the filter, without the joins the page shows. */
function filtered(db: Db, scope: Scope, filter: DeviceFilter) {
  const keyword = filter.keyword;
  return visibleDevices(db, scope, 'view')
    .$if(filter.ownerId !== undefined, (q) => q.where('d.owner_id', '=', filter.ownerId ?? 0))
    .$if(filter.projectId !== undefined, (q) => q.where('d.project_id', '=', filter.projectId ?? 0))
    .$if(filter.templateId !== undefined, (q) => q.where('d.template_id', '=', filter.templateId ?? 0))
    .$if(filter.status !== undefined, (q) => q.where('d.status', '=', filter.status ?? 'online'))
    .$if(filter.enabled !== undefined, (q) => q.where('d.enabled', '=', filter.enabled ?? true))
    .$if(filter.throughDtu !== undefined, (q) =>
      q.where('d.protocol', filter.throughDtu ? 'in' : 'not in', DTU_PROTOCOLS),
    )
    .$if(filter.tagId !== undefined, (q) =>
      q.where('d.id', 'in', (eb) =>
        eb
          .selectFrom('device_tags as dt')
          .select('dt.device_id')
          .where('dt.tag_id', '=', filter.tagId ?? 0),
      ),
    )
    .$if(Boolean(keyword), (q) =>
      q.where((eb) =>
        eb.or([
          contains('d.name', keyword ?? ''),
          contains('d.sn', keyword ?? ''),
          ...(/^\d{1,15}$/.test(keyword ?? '') ? [eb('d.device_no', '=', Number(keyword))] : []),
        ]),
      ),
    );
}

interface PageValues {
  scope: Scope;
  filter: DeviceFilter;
  limit: number;
  offset: number;
}

/**
 * One page of the device list, with each device's tags and the total, in one read. The page's ids
 * are picked first, on the devices alone, so that names and tags are joined for its rows only; the
 * total is an uncorrelated subquery, run once.
 */
function pageQuery(db: Db, { scope, filter, limit, offset }: PageValues) {
  const matching = filtered(db, scope, filter);
  const ids = matching.select('d.id').orderBy('d.id', 'desc').limit(limit).offset(offset);
  return db
    .selectFrom(ids.as('pg'))
    .innerJoin('devices as d', 'd.id', 'pg.id')
    .innerJoin('users as u', 'u.id', 'd.owner_id')
    .leftJoin('projects as p', 'p.id', 'd.project_id')
    .leftJoin('templates as t', 't.id', 'd.template_id')
    .select(listColumns)
    .select((eb) => [
      matching.select((c) => c.fn.countAll<number>().as('n')).as('total'),
      jsonRows(
        db,
        eb
          .selectFrom('device_tags as dt')
          .innerJoin('tags as tg', 'tg.id', 'dt.tag_id')
          .select(['tg.id', 'tg.name'])
          .whereRef('dt.device_id', '=', 'd.id'),
      ).as('tags'),
    ])
    .orderBy('d.id', 'desc');
}

/** The list's few shapes are compiled once (platform/db/reusable.ts); a keyword's pattern is built each time. */
const reusedPage = reusable(pageQuery);

export async function listDevices(db: Db, scope: Scope, filter: DeviceFilter, page: PageQuery) {
  const values = { scope, filter, limit: page.size, offset: (page.page - 1) * page.size };
  const rows = filter.keyword ? await pageQuery(db, values).execute() : await reusedPage(db, values);
  const total = await totalOf(rows, page, async () => {
    const counted = await filtered(db, scope, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return counted?.n ?? 0;
  });
  // SQLite answers the tags as JSON text, PostgreSQL as parsed JSON.
  for (const row of rows) row.tags = fromJson<DeviceTag[]>(row.tags).sort((a, b) => a.id - b.id);
  return { list: rows, total, page: page.page, size: page.size };
}
export type DeviceListRow = Awaited<ReturnType<typeof listDevices>>['list'][number];

/** The next `limit` rows of the filtered list below `beforeId`, for an export read a page at a time. */
export function listDevicesAfter(db: Db, scope: Scope, filter: DeviceFilter, beforeId: number, limit: number) {
  return withNames(filtered(db, scope, filter))
    .select(listColumns)
    .select(['d.mac', 'd.imei', 'd.address', 'd.latitude', 'd.longitude', 'd.warranty_end', 'd.remark'])
    .where('d.id', '<', beforeId)
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/** Every column of one device the scope may `right`. */
export function findDevice(db: Db, scope: Scope, id: number, right: DeviceRight = 'view') {
  return scopedDevices(db, scope, right)
    .selectAll('d')
    .select(['p.name as project_name', 'u.account as owner_account', 't.name as template_name'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}
export type DeviceFull = NonNullable<Awaited<ReturnType<typeof findDevice>>>;

/** The tags of these devices. */
export async function tagsOf(db: Db, deviceIds: readonly number[]) {
  // Guard against running an invalid `in ()` when the page is empty.
  if (deviceIds.length === 0) return [];
  return db
    .selectFrom('device_tags as dt')
    .innerJoin('tags as t', 't.id', 'dt.tag_id')
    .select(['dt.device_id', 't.id', 't.name'])
    .where('dt.device_id', 'in', deviceIds)
    .orderBy('t.id')
    .execute();
}

/**
 * Devices anywhere on the platform holding one of these SNs or numbers: numbers are unique across
 * the platform, whoever owns them, so this read is deliberately not scoped.
 */
export async function devicesHolding(db: Db, sns: readonly string[], nos: readonly number[]) {
  if (sns.length === 0 && nos.length === 0) return [];
  return db
    .selectFrom('devices')
    .select(['id', 'sn', 'device_no', 'owner_id', 'enabled'])
    .where((eb) =>
      eb.or([...(sns.length ? [eb('sn', 'in', sns)] : []), ...(nos.length ? [eb('device_no', 'in', nos)] : [])]),
    )
    .execute();
}

/** The highest device number at or above `from`, for the next cloud-assigned ID. */
export async function highestNumberFrom(db: Db, from: number): Promise<number | null> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.max('device_no').as('top'))
    .where('device_no', '>=', from)
    .executeTakeFirst();
  return row?.top == null ? null : Number(row.top);
}

/** Which of these tags the scope owns. */
export async function tagsInScope(db: Db, scope: Scope, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('tags')
    .select('id')
    .where('id', 'in', ids)
    .$if(!scope.all, (q) => q.where('owner_id', 'in', scope.ownerIds))
    .execute();
  return rows.map((r) => r.id);
}

/** Whether the scope may put devices in this project: one of its accounts' projects, or one it works on. */
export async function projectInScope(db: Db, scope: Scope, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('projects as p')
    .select('p.id')
    .where('p.id', '=', id)
    .$if(!scope.all, (q) =>
      q.where((eb) =>
        eb.or([
          eb('p.owner_id', 'in', scope.ownerIds),
          eb('p.manager_id', '=', scope.userId),
          eb.exists(
            eb
              .selectFrom('project_users as pu')
              .select('pu.id')
              .whereRef('pu.project_id', '=', 'p.id')
              .where('pu.user_id', '=', scope.userId),
          ),
        ]),
      ),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a device may take this template: one of the scope's accounts' templates, or, for a device
 * being edited, one of its owner's (`ownerId`); never a library entry, which is copied first.
 */
export async function templateUsable(db: Db, scope: Scope, id: number, ownerId: number | null): Promise<boolean> {
  const row = await db
    .selectFrom('templates as t')
    .select('t.id')
    .where('t.id', '=', id)
    .where('t.owner_id', 'is not', null)
    .$if(!scope.all, (q) =>
      q.where((eb) => eb.or([eb('t.owner_id', 'in', scope.ownerIds), eb('t.owner_id', '=', ownerId ?? 0)])),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the account exists and may own the scope's devices (the platform: any Device Cloud account). */
export async function ownerInScope(db: Db, scope: Scope, id: number): Promise<boolean> {
  if (!scope.all) return scope.ownerIds.includes(id);
  const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** A stored jpg or png picture of at most `maxBytes`. */
export async function isStoredPicture(db: Db, path: string, maxBytes: number): Promise<boolean> {
  const row = await db.selectFrom('files').select(['content_type', 'size']).where('path', '=', path).executeTakeFirst();
  return !!row && ['image/jpeg', 'image/png'].includes(row.content_type) && Number(row.size) <= maxBytes;
}

export async function insertDevices(trx: Db, rows: readonly NewDevice[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const ids = await trx
    .insertInto('devices')
    .values([...rows])
    .returning('id')
    .execute();
  return ids.map((r) => r.id);
}

export async function updateDevice(trx: Db, id: number, patch: DevicePatch): Promise<void> {
  await trx.updateTable('devices').set(patch).where('id', '=', id).execute();
}

export async function setDeviceTags(trx: Db, deviceId: number, tagIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('device_tags').where('device_id', '=', deviceId).execute();
  if (tagIds.length) {
    await trx
      .insertInto('device_tags')
      .values(tagIds.map((tag_id) => ({ device_id: deviceId, tag_id })))
      .execute();
  }
}

/** Deletes a device with its grants and tags (the foreign keys cascade too; this keeps it explicit on both engines). */
export async function deleteDevice(trx: Db, id: number): Promise<number> {
  await trx.deleteFrom('device_grants').where('device_id', '=', id).execute();
  await trx.deleteFrom('device_tags').where('device_id', '=', id).execute();
  const result = await trx.deleteFrom('devices').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's device level (spec sections 5, 6, 9); null: no ceiling. */
export async function deviceLevelOf(db: Db, userId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('device_level').where('id', '=', userId).executeTakeFirst();
  return row?.device_level ?? null;
}

/**
 * Enabled devices that were online and are offline now, the most recently gone first, with the
 * time of their last offline record. A device that never connected has not gone anywhere.
 */
export function recentlyOffline(db: Db, scope: Scope, limit: number) {
  return db
    .selectFrom('devices as d')
    .where('d.status', '=', 'offline')
    .where('d.last_online_at', 'is not', null)
    .where('d.enabled', '=', true)
    .where(deviceVisible(scope, 'view'))
    .select((eb) => [
      'd.id',
      'd.name',
      'd.sn',
      // One seek along (device_id, at) per offline device.
      eb
        .selectFrom('device_online_records as r')
        .select((r) => r.fn.max('r.at').as('at'))
        .whereRef('r.device_id', '=', 'd.id')
        .where('r.state', '=', 'offline')
        .as('at'),
    ])
    .orderBy('at', (o) => o.desc().nullsLast())
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}
