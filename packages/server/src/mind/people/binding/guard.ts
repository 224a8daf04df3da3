import { AppError } from '../../../platform/http/errors.ts';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { ADDRESS_THROTTLE, accountThrottle, readPolicy } from '../../../portal/policy/service.ts';
import { checkThrottle, clearFailures, recordFailure, type ThrottleRule } from '../../../portal/sessions/throttle.ts';

/**
 * Wrong details when claiming a roster entry are throttled like sign-in (per account and per
 * address), so that nobody can learn who studies where by guessing numbers and ID card digits.
 */
async function rules(actor: Actor): Promise<Array<[string, ThrottleRule]>> {
  const policy = await readPolicy(actor.db);
  return [
    [`bind:user:${actor.auth.userId}`, accountThrottle(policy)],
    [`bind:ip:${actor.request.ip}`, ADDRESS_THROTTLE],
  ];
}

/** Refuses the attempt while the account or the address is slowed down or locked. */
export async function refuseWhileThrottled(actor: Actor): Promise<void> {
  const now = Date.now();
  for (const [key, rule] of await rules(actor)) {
    const verdict = await checkThrottle(actor.db, key, rule, now);
    if ('lockedMs' in verdict) {
      throw new AppError(429, 'binding.locked', { params: { minutes: Math.ceil(verdict.lockedMs / 60_000) } });
    }
    if ('waitSeconds' in verdict)
      throw new AppError(429, 'binding.retryAfter', { params: { seconds: verdict.waitSeconds } });
  }
}

/** Counts a wrong match, audits it, and answers the one sentence every mismatch gets. */
export async function wrongMatch(actor: Actor, action: string): Promise<never> {
  const now = Date.now();
  let locked = false;
  for (const [key, rule] of await rules(actor)) if (await recordFailure(actor.db, key, rule, now)) locked = true;
  await audit(actor.db, actor.request, { action, result: 'fail', detail: { reason: 'binding.noMatch' } });
  if (locked) {
    const policy = await readPolicy(actor.db);
    throw new AppError(429, 'binding.locked', { params: { minutes: policy.lockMinutes } });
  }
  throw new AppError(400, 'binding.noMatch');
}

export async function rightMatch(actor: Actor): Promise<void> {
  await clearFailures(actor.db, `bind:user:${actor.auth.userId}`);
}
