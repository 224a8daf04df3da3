import type { PageQuery } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';

type Db = Kysely<Database> | Transaction<Database>;

const columns = [
  's.id',
  's.owner_id',
  's.name',
  's.device_id',
  's.token',
  's.allow_list',
  's.created_at',
  's.updated_at',
  'd.name as device_name',
  'd.sn',
] as const;

/** The strategies of the caller's account tree (every one for the platform's administrators). */
function visibleStrategies(db: Db, scope: Scope) {
  return db
    .selectFrom('passthrough_strategies as s')
    .innerJoin('devices as d', 'd.id', 's.device_id')
    .select(columns)
    .$if(!scope.all, (q) => q.where('s.owner_id', 'in', scope.ownerIds));
}

export function listStrategies(db: Db, scope: Scope, filter: { name?: string | undefined }, page: PageQuery) {
  const query = visibleStrategies(db, scope)
    .$if(Boolean(filter.name), (q) => q.where(contains('s.name', filter.name ?? '')))
    .orderBy('s.id', 'desc');
  return paginate(query, page);
}

export function findStrategy(db: Db, scope: Scope, id: number) {
  return visibleStrategies(db, scope).where('s.id', '=', id).executeTakeFirst();
}
export type StrategyRow = NonNullable<Awaited<ReturnType<typeof findStrategy>>>;

/** The strategy a PC client names by its token, for the passthrough port (no caller: the token is the key). */
export function strategyByToken(db: Db, token: string) {
  return db
    .selectFrom('passthrough_strategies')
    .select(['id', 'device_id', 'allow_list'])
    .where('token', '=', token)
    .executeTakeFirst();
}

export async function countOwned(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('passthrough_strategies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function nameTaken(db: Db, ownerId: number, name: string, except?: number): Promise<boolean> {
  const row = await db
    .selectFrom('passthrough_strategies')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('name', '=', name)
    .$if(except !== undefined, (q) => q.where('id', '!=', except ?? 0))
    .executeTakeFirst();
  return Boolean(row);
}

export async function deviceTaken(db: Db, deviceId: number, except?: number): Promise<boolean> {
  const row = await db
    .selectFrom('passthrough_strategies')
    .select('id')
    .where('device_id', '=', deviceId)
    .$if(except !== undefined, (q) => q.where('id', '!=', except ?? 0))
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertStrategy(
  db: Db,
  row: { owner_id: number; name: string; device_id: number; token: string; allow_list: string; at: number },
): Promise<number> {
  const inserted = await db
    .insertInto('passthrough_strategies')
    .values({
      owner_id: row.owner_id,
      name: row.name,
      device_id: row.device_id,
      token: row.token,
      allow_list: row.allow_list,
      created_at: row.at,
      updated_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateStrategy(
  db: Db,
  id: number,
  row: { name: string; device_id: number; allow_list: string; at: number },
): Promise<void> {
  await db
    .updateTable('passthrough_strategies')
    .set({ name: row.name, device_id: row.device_id, allow_list: row.allow_list, updated_at: row.at })
    .where('id', '=', id)
    .execute();
}

export async function deleteStrategy(db: Db, id: number): Promise<void> {
  await db.deleteFrom('passthrough_strategies').where('id', '=', id).execute();
}
