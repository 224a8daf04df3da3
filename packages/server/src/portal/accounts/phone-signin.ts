import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../audit/service.ts';
import { checkCode, maskTarget } from '../codes/service.ts';
import { countFailure, countSuccess, refuseWhileLocked, signInAttempt } from '../sessions/lockout.ts';
import { finishSignIn, type SignedIn } from '../sessions/signin.ts';
import { findUserByPhone } from './repository.ts';

/**
 * Signs in with a phone and the code sent to it. Failures count on the same counters as the
 * password sign-in (lockout.ts), so that switching method buys no tries; only the lock of the
 * account against new addresses does not hold it back, the code being the proof that lets its
 * owner in from one. A phone with no account and a wrong code get the same answer.
 */
export async function signInWithPhoneCode(
  db: Kysely<Database>,
  config: Config,
  request: FastifyRequest,
  phone: string,
  code: string,
): Promise<SignedIn> {
  const user = await findUserByPhone(db, phone);
  const attempt = await signInAttempt(db, request, phone, user?.id, 'code');
  await refuseWhileLocked(db, attempt);
  const proved = user !== undefined && (await checkCode(db, { target: phone, purpose: 'login', code, consume: true }));
  if (!user || !proved) {
    const lockedOut = await countFailure(db, attempt);
    await audit(db, request, {
      action: 'signIn',
      result: 'fail',
      userId: user?.id ?? null,
      account: user?.account ?? maskTarget(phone),
      detail: { method: 'phoneCode', reason: lockedOut?.key ?? 'auth.wrongCode' },
    });
    throw lockedOut ?? new AppError(400, 'auth.wrongCode');
  }
  await countSuccess(db, attempt);
  return finishSignIn(db, config, request, user, 'phoneCode');
}
