import type { OAuthProviderName } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { findUserById } from '../accounts/repository.ts';
import { audit } from '../audit/service.ts';
import { oauthError } from './flow.ts';
import type { OAuthProfile } from './provider.ts';
import { deleteBinding, findBindingBySubject, findBindingOfUser, insertBinding, insertBindLog } from './repository.ts';

type Trx = Transaction<Database>;

/** An account name shown to someone who may not own it: enough to recognise, not to sign in with. */
export function maskAccount(account: string): string {
  const chars = [...account];
  if (chars.length <= 3) return `${chars[0] ?? ''}***${chars.length > 1 ? chars.at(-1) : ''}`;
  return `${chars.slice(0, 2).join('')}***${chars.at(-1)}`;
}

/** Who is changing a binding: the account holder, or the administrator acting as them; and from where. */
export interface Change {
  request: FastifyRequest;
  userId: number;
  account: string;
  byUserId: number;
  via: 'signIn' | 'accountCenter';
}

function logEntry(
  change: Change,
  provider: OAuthProviderName,
  profile: { subject: string; nickname: string | null },
  action: 'bind' | 'unbind' | 'transfer',
  fromUserId: number | null = null,
) {
  return {
    at: Date.now(),
    user_id: change.userId,
    provider,
    action,
    subject: profile.subject,
    nickname: profile.nickname,
    from_user_id: fromUserId,
    by_user_id: change.byUserId,
    ip: change.request.ip,
    user_agent: change.request.headers['user-agent']?.slice(0, 300) ?? null,
  };
}

/** The account that holds this provider account, when it is not `userId`: its id and masked name. */
export async function holderElsewhere(
  trx: Trx | Kysely<Database>,
  provider: OAuthProviderName,
  profile: OAuthProfile,
  userId: number,
) {
  const holder = await findBindingBySubject(trx, provider, [profile.subject, profile.unionId, profile.openId]);
  if (!holder || holder.user_id === userId) return undefined;
  const user = await findUserById(trx, holder.user_id);
  return { binding: holder, account: maskAccount(user?.account ?? '') };
}

/**
 * Binds a proven provider account to `change.userId`. One provider account binds one Meridian
 * account and each account holds one per provider: a provider account held elsewhere is never
 * moved silently (that is `transfer`), and an account already bound must unbind first.
 * Returns false when the two were already bound to each other.
 */
export async function bindProfile(
  trx: Trx,
  change: Change,
  provider: OAuthProviderName,
  profile: OAuthProfile,
): Promise<boolean> {
  const elsewhere = await holderElsewhere(trx, provider, profile, change.userId);
  if (elsewhere) {
    throw oauthError(409, 'oauth.boundElsewhere', provider, change.request, { params: { account: elsewhere.account } });
  }
  const mine = await findBindingOfUser(trx, change.userId, provider);
  if (mine && [profile.subject, profile.unionId, profile.openId].includes(mine.subject)) return false;
  if (mine) throw oauthError(409, 'oauth.alreadyHasBinding', provider, change.request);
  await insertBinding(trx, { userId: change.userId, provider, ...profile }, Date.now());
  await insertBindLog(trx, logEntry(change, provider, profile, 'bind'));
  await audit(trx, change.request, {
    action: 'oauthBind',
    userId: change.userId,
    account: change.account,
    targetType: 'user',
    targetId: change.userId,
    detail: { provider, via: change.via, nickname: profile.nickname, ...byOther(change) },
  });
  return true;
}

/** Moves a provider account from the account that holds it to `change.userId`, which the person asked for. */
export async function transferProfile(
  trx: Trx,
  change: Change,
  provider: OAuthProviderName,
  profile: OAuthProfile,
): Promise<void> {
  const elsewhere = await holderElsewhere(trx, provider, profile, change.userId);
  if (!elsewhere) {
    await bindProfile(trx, change, provider, profile);
    return;
  }
  if (await findBindingOfUser(trx, change.userId, provider)) {
    throw oauthError(409, 'oauth.alreadyHasBinding', provider, change.request);
  }
  await deleteBinding(trx, elsewhere.binding.id);
  await insertBinding(trx, { userId: change.userId, provider, ...profile }, Date.now());
  await insertBindLog(trx, logEntry(change, provider, profile, 'transfer', elsewhere.binding.user_id));
  await audit(trx, change.request, {
    action: 'oauthTransfer',
    userId: change.userId,
    account: change.account,
    targetType: 'user',
    targetId: change.userId,
    detail: { provider, fromUserId: elsewhere.binding.user_id, nickname: profile.nickname, ...byOther(change) },
  });
}

/** Removes the caller's binding of `provider`. Every account has a password, so none is left locked out. */
export async function unbindProvider(trx: Trx, change: Change, provider: OAuthProviderName): Promise<void> {
  const mine = await findBindingOfUser(trx, change.userId, provider);
  if (!mine) throw oauthError(404, 'oauth.notBoundHere', provider, change.request);
  await deleteBinding(trx, mine.id);
  await insertBindLog(trx, logEntry(change, provider, mine, 'unbind'));
  await audit(trx, change.request, {
    action: 'oauthUnbind',
    userId: change.userId,
    account: change.account,
    targetType: 'user',
    targetId: change.userId,
    detail: { provider, nickname: mine.nickname, ...byOther(change) },
  });
}

/** Names the administrator in the audit detail when the change was made by one acting as the user. */
const byOther = (change: Change) => (change.byUserId !== change.userId ? { byUserId: change.byUserId } : {});
