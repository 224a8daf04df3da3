import type { PageQuery } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { contains, paginate } from '../../../platform/db/sql.ts';
import type { Scope } from '../../access/scope.ts';
import { userInScope } from '../../access/scope-repository.ts';

type Db = Kysely<Database> | Transaction<Database>;
const DEVICE_CLOUD = ['main', 'sub'] as const;

const columns = [
  'u.id',
  'u.account',
  'u.nickname',
  'u.user_type',
  'u.status',
  'u.phone',
  'u.email',
  'u.remark',
  'u.parent_id',
  'u.created_at',
] as const;

/** A Device Cloud account (main or sub) that the scope may see. */
export function findDeviceCloudUser(db: Db, scope: Scope, id: number) {
  return db
    .selectFrom('users as u')
    .select(columns)
    .where('u.id', '=', id)
    .where('u.user_type', 'in', DEVICE_CLOUD)
    .where(userInScope(scope))
    .executeTakeFirst();
}
export type DeviceCloudUser = NonNullable<Awaited<ReturnType<typeof findDeviceCloudUser>>>;

/** For the platform: the main accounts, a page at a time, to hang their trees on. */
export function mainAccounts(db: Db, keyword: string | undefined, page: PageQuery) {
  const query = db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.user_type', '=', 'main')
    .where('u.parent_id', 'is', null)
    .$if(Boolean(keyword), (q) =>
      q.where((eb) => eb.or([contains('u.account', keyword ?? ''), contains('u.nickname', keyword ?? '')])),
    )
    .orderBy('u.id');
  return paginate(query, page);
}

/** The accounts at and below the given ones, walked down `parent_id`. */
export function treesBelow(db: Db, rootIds: number[]) {
  return db
    .withRecursive('below(id)', (qc) =>
      qc
        .selectFrom('users')
        .select('id')
        .where('id', 'in', rootIds)
        .unionAll((q) => q.selectFrom('users as c').innerJoin('below as b', 'c.parent_id', 'b.id').select('c.id')),
    )
    .selectFrom('users as u')
    .innerJoin('below', 'below.id', 'u.id')
    .select(columns)
    .orderBy('u.id')
    .execute();
}

export async function hasSubUsers(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('parent_id', '=', id).executeTakeFirst()) !== undefined;
}

/** Whether another account already holds the phone or email. */
export async function contactTaken(db: Db, field: 'phone' | 'email', value: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(field, '=', value)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes an account. Sessions, roles, identities and app rows go with it (cascades); the sessions
 * it opened acting as others keep their history without naming it.
 */
export async function deleteAccount(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.updateTable('sessions').set({ run_as_by: null }).where('run_as_by', '=', id).execute();
  await trx.deleteFrom('users').where('id', '=', id).execute();
}

/**
 * The account at the top of this account's tree, with its membership columns; on PostgreSQL its
 * row is locked for the caller's transaction, so that two sub-users added at once are counted in turn.
 */
export async function treeTopFor(trx: Transaction<Database>, userId: number, engine: 'sqlite' | 'postgres') {
  const top = await trx
    .withRecursive('above(id, parent_id)', (qc) =>
      qc
        .selectFrom('users')
        .select(['id', 'parent_id'])
        .where('id', '=', userId)
        .unionAll((q) =>
          q.selectFrom('users as p').innerJoin('above as a', 'p.id', 'a.parent_id').select(['p.id', 'p.parent_id']),
        ),
    )
    .selectFrom('above')
    .select('id')
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  if (!top) return undefined;
  return trx
    .selectFrom('users')
    .select(['id', 'account', 'user_type', 'parent_id', 'vip_level', 'vip_expires_at'])
    .where('id', '=', top.id)
    .$if(engine === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

/** How many accounts are below this one, at any depth. */
export async function countBelow(db: Db, id: number): Promise<number> {
  const row = await db
    .withRecursive('below(id)', (qc) =>
      qc
        .selectFrom('users')
        .select('id')
        .where('parent_id', '=', id)
        .unionAll((q) => q.selectFrom('users as c').innerJoin('below as b', 'c.parent_id', 'b.id').select('c.id')),
    )
    .selectFrom('below')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
