import type { PageQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { UserStatus } from '../identity/tables.ts';
import type { BrandsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

const brandColumns = [
  'b.id',
  'b.owner_id',
  'b.name',
  'b.logo',
  'b.favicon',
  'b.background',
  'b.primary_color',
  'b.icp',
  'b.domain',
  'b.updated_at',
] as const;

/** The brand on a domain, with what its owner's membership needs to say whether it is in force. */
export function brandOfDomain(db: Db, domain: string) {
  return db
    .selectFrom('brands as b')
    .innerJoin('users as u', 'u.id', 'b.owner_id')
    .select([...brandColumns, 'u.vip_level', 'u.vip_expires_at', 'u.status as owner_status'])
    .where('b.domain', '=', domain)
    .executeTakeFirst();
}

export function brandOfOwner(db: Db, ownerId: number) {
  return db.selectFrom('brands as b').select(brandColumns).where('b.owner_id', '=', ownerId).executeTakeFirst();
}
export type BrandViewRow = NonNullable<Awaited<ReturnType<typeof brandOfOwner>>>;

/** The owner of the brand holding a domain, to refuse a domain another brand uses. */
export async function domainOwner(db: Db, domain: string): Promise<number | undefined> {
  const row = await db.selectFrom('brands').select('owner_id').where('domain', '=', domain).executeTakeFirst();
  return row ? Number(row.owner_id) : undefined;
}

/** Writes the owner's brand, adding it the first time. */
export async function saveBrand(db: Db, row: Omit<Insertable<BrandsTable>, 'id'>): Promise<void> {
  const { owner_id, created_at, ...fields } = row;
  const updated = await db.updateTable('brands').set(fields).where('owner_id', '=', owner_id).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto('brands').values(row).execute();
}

/** The account whose membership decides whether it may run a brand. */
export function membershipOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'user_type', 'parent_id', 'vip_level', 'vip_expires_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The accounts that signed up on a neutral member's domain (`null`: on any member's), newest first. */
export function resellerUsers(db: Db, resellerId: number | null, keyword: string | undefined, page: PageQuery) {
  const query = db
    .selectFrom('users')
    .select(['id', 'account', 'nickname', 'phone', 'status', 'created_at'])
    .$if(resellerId === null, (q) => q.where('reseller_id', 'is not', null))
    .$if(resellerId !== null, (q) => q.where('reseller_id', '=', resellerId ?? 0))
    .$if(keyword !== undefined, (q) =>
      q.where((eb) => eb.or([contains('account', keyword ?? ''), contains('nickname', keyword ?? '')])),
    )
    .orderBy('id', 'desc');
  return paginate(query, page);
}

export function resellerUser(db: Db, resellerId: number, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'account', 'status'])
    .where('id', '=', userId)
    .where('reseller_id', '=', resellerId)
    .executeTakeFirst();
}

export async function setUserStatus(db: Db, userId: number, status: UserStatus, now: number): Promise<void> {
  await db.updateTable('users').set({ status, updated_at: now }).where('id', '=', userId).execute();
}

/** Links a new account to the neutral member on whose domain it signed up. */
export async function linkReseller(db: Db, userId: number, resellerId: number): Promise<void> {
  await db.updateTable('users').set({ reseller_id: resellerId }).where('id', '=', userId).execute();
}

/** The neutral member whose customer an account is (its own sign-up or its main account's), or null. */
export async function providerOf(db: Kysely<Database>, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('users as p', 'p.id', 'u.parent_id')
    .select(['u.reseller_id as own', 'p.reseller_id as main'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  const id = row?.own ?? row?.main ?? null;
  return id === null ? null : Number(id);
}
