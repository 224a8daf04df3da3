import type { OAuthProviderName, PageQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';
import { DAY } from '../../platform/time.ts';
import type { OauthBindLogTable, OauthStatesTable, OauthTicketsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Records an authorisation in flight, and drops those that ended a day ago (they are kept that long for inquiries). */
export async function insertState(db: Db, state: Insertable<OauthStatesTable>): Promise<void> {
  await db
    .deleteFrom('oauth_states')
    .where('expires_at', '<', state.created_at - DAY)
    .execute();
  await db.insertInto('oauth_states').values(state).execute();
}

/** Marks a state used and returns it, in one statement: of two callbacks with one state, one wins. */
export function takeState(db: Db, stateHash: string, now: number) {
  return db
    .updateTable('oauth_states')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function insertTicket(db: Db, ticket: Insertable<OauthTicketsTable>): Promise<void> {
  await db
    .deleteFrom('oauth_tickets')
    .where('expires_at', '<', ticket.created_at - DAY)
    .execute();
  await db.insertInto('oauth_tickets').values(ticket).execute();
}

/** A ticket that is still usable, without using it. */
export function findLiveTicket(db: Db, ticketHash: string, now: number) {
  return db
    .selectFrom('oauth_tickets')
    .selectAll()
    .where('ticket_hash', '=', ticketHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks a live ticket used; false when another request used it first. */
export async function useTicket(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('oauth_tickets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The binding of a provider account, found by any of its ids (an early binding may be keyed by the open id). */
export function findBindingBySubject(db: Db, provider: OAuthProviderName, ids: ReadonlyArray<string | null>) {
  const known = ids.filter((id): id is string => Boolean(id));
  return db
    .selectFrom('oauth_bindings')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', 'in', known.length ? known : [''])
    .executeTakeFirst();
}

export function findBindingOfUser(db: Db, userId: number, provider: OAuthProviderName) {
  return db
    .selectFrom('oauth_bindings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

export function bindingsOfUser(db: Db, userId: number) {
  return db.selectFrom('oauth_bindings').selectAll().where('user_id', '=', userId).execute();
}

export async function insertBinding(
  db: Db,
  binding: {
    userId: number;
    provider: OAuthProviderName;
    subject: string;
    openId: string | null;
    unionId: string | null;
    nickname: string | null;
    avatar: string | null;
  },
  now: number,
): Promise<void> {
  await db
    .insertInto('oauth_bindings')
    .values({
      user_id: binding.userId,
      provider: binding.provider,
      subject: binding.subject,
      open_id: binding.openId,
      union_id: binding.unionId,
      nickname: binding.nickname,
      avatar: binding.avatar,
      created_at: now,
      last_sign_in_at: null,
    })
    .execute();
}

export async function deleteBinding(db: Db, id: number): Promise<void> {
  await db.deleteFrom('oauth_bindings').where('id', '=', id).execute();
}

/** Remembers the newest sign-in, and the name and picture the provider shows now. */
export async function touchBinding(
  db: Db,
  id: number,
  profile: { nickname: string | null; avatar: string | null },
  now: number,
): Promise<void> {
  await db
    .updateTable('oauth_bindings')
    .set({ last_sign_in_at: now, nickname: profile.nickname, avatar: profile.avatar })
    .where('id', '=', id)
    .execute();
}

export async function insertBindLog(db: Db, entry: Insertable<OauthBindLogTable>): Promise<void> {
  await db.insertInto('oauth_bind_log').values(entry).execute();
}

/** The bind log of an account, newest first: its own entries and the bindings moved away from it. */
export function bindLogOf(db: Db, userId: number, page: PageQuery) {
  const query = db
    .selectFrom('oauth_bind_log as l')
    .leftJoin('users as owner', 'owner.id', 'l.user_id')
    .leftJoin('users as source', 'source.id', 'l.from_user_id')
    .leftJoin('users as actor', 'actor.id', 'l.by_user_id')
    .select([
      'l.id',
      'l.at',
      'l.provider',
      'l.action',
      'l.nickname',
      'owner.account as account',
      'source.account as fromAccount',
      'actor.account as byAccount',
      'l.ip',
      'l.user_agent as userAgent',
    ])
    .where((eb) => eb.or([eb('l.user_id', '=', userId), eb('l.from_user_id', '=', userId)]))
    .orderBy('l.at', 'desc')
    .orderBy('l.id', 'desc');
  return paginate(query, page);
}
