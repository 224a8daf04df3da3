import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../audit/service.ts';
import { checkCode, maskTarget } from '../codes/service.ts';
import { ADDRESS_THROTTLE, accountThrottle, readPolicy } from '../policy/service.ts';
import { finishSignIn, type SignedIn } from '../sessions/signin.ts';
import { checkThrottle, clearFailures, recordFailure } from '../sessions/throttle.ts';
import { findUserByPhone } from './repository.ts';

/**
 * Signs in with a phone and the code sent to it. Failures count against the same keys as the
 * password sign-in (`account:<phone>`, `ip:<address>`), so that switching method does not buy
 * more tries. A phone with no account and a wrong code get the same answer.
 */
export async function signInWithPhoneCode(
  db: Kysely<Database>,
  config: Config,
  request: FastifyRequest,
  phone: string,
  code: string,
): Promise<SignedIn> {
  const policy = await readPolicy(db);
  const keys = [
    { key: `account:${phone}`, rule: accountThrottle(policy), locked: 'auth.locked' as const },
    { key: `ip:${request.ip}`, rule: ADDRESS_THROTTLE, locked: 'auth.addressLocked' as const },
  ];
  const now = Date.now();
  for (const { key, rule, locked } of keys) {
    const verdict = await checkThrottle(db, key, rule, now);
    if ('lockedMs' in verdict) {
      throw new AppError(429, locked, { params: { minutes: Math.ceil(verdict.lockedMs / 60_000) } });
    }
    if ('waitSeconds' in verdict) {
      throw new AppError(429, 'auth.retryAfter', { params: { seconds: verdict.waitSeconds } });
    }
  }
  const user = await findUserByPhone(db, phone);
  const proved = user !== undefined && (await checkCode(db, { target: phone, purpose: 'login', code, consume: true }));
  if (!user || !proved) {
    const [accountKey, addressKey] = keys;
    const lockedNow = await recordFailure(db, accountKey.key, accountKey.rule, now);
    await recordFailure(db, addressKey.key, addressKey.rule, now);
    await audit(db, request, {
      action: 'signIn',
      result: 'fail',
      userId: user?.id ?? null,
      account: user?.account ?? maskTarget(phone),
      detail: { method: 'phoneCode', reason: lockedNow ? 'auth.locked' : 'auth.wrongCode' },
    });
    if (lockedNow) throw new AppError(429, 'auth.locked', { params: { minutes: policy.lockMinutes } });
    throw new AppError(400, 'auth.wrongCode');
  }
  await clearFailures(db, `account:${phone}`);
  return finishSignIn(db, config, request, user, 'phoneCode');
}
