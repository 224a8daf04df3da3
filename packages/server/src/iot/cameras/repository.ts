import type { PageQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import { deviceVisible } from '../devices/access-repository.ts';
import type { CamerasTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The cameras of the caller's account tree (every camera for the platform's administrators). */
function scopedCameras(db: Db, scope: Scope) {
  return db
    .selectFrom('cameras as c')
    .leftJoin('projects as p', 'p.id', 'c.project_id')
    .$if(!scope.all, (q) => q.where('c.owner_id', 'in', scope.ownerIds));
}

const columns = [
  'c.id',
  'c.owner_id',
  'c.name',
  'c.stream_url',
  'c.project_id',
  'p.name as project_name',
  'c.created_at',
] as const;

export async function listCameras(db: Db, scope: Scope, keyword: string | undefined, page: PageQuery) {
  const base = scopedCameras(db, scope).$if(keyword !== undefined, (q) => q.where(contains('c.name', keyword ?? '')));
  const [rows, count] = await Promise.all([
    base
      .select(columns)
      .orderBy('c.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows, total: Number(count.n) };
}
export type CameraRow = Awaited<ReturnType<typeof listCameras>>['list'][number];

export function findCamera(db: Db, scope: Scope, id: number) {
  return scopedCameras(db, scope).select(columns).where('c.id', '=', id).executeTakeFirst();
}

/** The bound devices of these cameras that the caller may see, in the order chosen. */
export function boundDevices(db: Db, scope: Scope, cameraIds: readonly number[]) {
  // Guard against running an invalid query when the page is empty.
  if (cameraIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('camera_devices as cd')
    .innerJoin('devices as d', 'd.id', 'cd.device_id')
    .select(['cd.camera_id', 'd.id', 'd.name', 'd.sn'])
    .where('cd.camera_id', 'in', cameraIds)
    .where(deviceVisible(scope, 'view'))
    .orderBy('cd.camera_id')
    .orderBy('cd.position')
    .execute();
}

/** Of these devices, the ids the caller may see. */
export async function visibleDeviceIds(db: Db, scope: Scope, ids: readonly number[]): Promise<number[]> {
  // Guard against running an invalid query when nothing is bound.
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('devices as d')
    .select('d.id')
    .where('d.id', 'in', ids)
    .where(deviceVisible(scope, 'view'))
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function projectInScope(db: Db, scope: Scope, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('projects as p')
    .select('p.id')
    .where('p.id', '=', id)
    .$if(!scope.all, (q) => q.where('p.owner_id', 'in', scope.ownerIds))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCamera(trx: Db, row: Insertable<CamerasTable>): Promise<number> {
  const inserted = await trx.insertInto('cameras').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateCamera(trx: Db, id: number, change: Updateable<CamerasTable>): Promise<void> {
  await trx.updateTable('cameras').set(change).where('id', '=', id).execute();
}

/** Replaces a camera's bound devices with these, in this order. */
export async function setCameraDevices(trx: Db, cameraId: number, deviceIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('camera_devices').where('camera_id', '=', cameraId).execute();
  if (deviceIds.length === 0) return;
  await trx
    .insertInto('camera_devices')
    .values(deviceIds.map((device_id, position) => ({ camera_id: cameraId, device_id, position })))
    .execute();
}

export async function deleteCamera(db: Db, id: number): Promise<void> {
  await db.deleteFrom('cameras').where('id', '=', id).execute();
}
