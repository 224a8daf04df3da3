import { Identity, type registerBody, type registrationReviewSchema } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { readSetting, writeSetting } from '../../platform/settings/repository.ts';
import { audit } from '../audit/service.ts';
import { linkReseller } from '../brands/repository.ts';
import { resellerOfHost } from '../brands/service.ts';
import { maskTarget, requireCode } from '../codes/service.ts';
import { hashPassword } from '../identity/secrets.ts';
import { defaultRoleOf, insertRegistration, releasePhone } from './lifecycle-repository.ts';
import { accountTaken, findUserByPhone, grantIdentity, grantRole, insertUser } from './repository.ts';

export type RegistrationReview = z.infer<typeof registrationReviewSchema>;

/**
 * Whether a new account of each app waits for an administrator. Mind's users are a school's staff,
 * whom someone must place in an organisation; Device Cloud's are customers who sign up themselves.
 */
export const DEFAULT_REGISTRATION_REVIEW: RegistrationReview = { iot: false, mind: true };
const REVIEW_KEY = 'registration.review';

export const readRegistrationReview = (db: Kysely<Database>) =>
  readSetting(db, REVIEW_KEY, DEFAULT_REGISTRATION_REVIEW);

export async function saveRegistrationReview(
  db: Kysely<Database>,
  request: FastifyRequest,
  change: Partial<RegistrationReview>,
  by: number,
): Promise<RegistrationReview> {
  const before = await readRegistrationReview(db);
  const after = { ...before, ...change };
  await writeSetting(db, REVIEW_KEY, after, by);
  await audit(db, request, { action: 'registrationSetting', detail: { before, after } });
  return after;
}

/**
 * Creates an account whose phone the person proved with a code. Device Cloud accounts are main
 * accounts with the app's default role; Mind accounts are unbound (identity 5) until an
 * administrator gives them a role and an organisation. The code is checked before the name and
 * phone, so that only the phone's holder learns that it is bound, and is used up only once the
 * account can be created, so that fixing a taken name does not need a new code.
 */
export async function register(
  db: Kysely<Database>,
  config: Config,
  request: FastifyRequest,
  body: z.infer<typeof registerBody>,
): Promise<{ userId: number; account: string; status: 'enabled' | 'pending' }> {
  if (!config.MERIDIAN_APPS.includes(body.app)) throw new AppError(400, 'account.appUnavailable');
  const proof = { target: body.phone, purpose: 'register' as const, code: body.code };
  await requireCode(db, { ...proof, consume: false });
  if (await accountTaken(db, body.account)) {
    throw new AppError(409, 'account.taken', { rules: [{ field: 'account', key: 'account.taken' }] });
  }
  if (await findUserByPhone(db, body.phone)) {
    throw new AppError(409, 'account.phoneBound', { data: { releasable: true } });
  }
  const pending = (await readRegistrationReview(db))[body.app];
  const passwordHash = await hashPassword(body.password);
  await requireCode(db, { ...proof, consume: true });

  const now = Date.now();
  const status = pending ? ('pending' as const) : ('enabled' as const);
  const roleId = await defaultRoleOf(db, body.app);
  // A Device Cloud account signing up on a neutral member's domain is that member's customer.
  const resellerId = body.app === 'iot' ? await resellerOfHost(db, request.hostname) : undefined;
  const userId = await db.transaction().execute(async (trx) => {
    const id = await insertUser(
      trx,
      {
        account: body.account,
        password_hash: passwordHash,
        nickname: body.nickname ?? body.account,
        phone: body.phone,
        status,
        default_pass: false,
        password_changed_at: now,
        user_type: body.app === 'iot' ? 'main' : 'staff',
      },
      now,
    );
    if (roleId !== undefined) await grantRole(trx, id, roleId);
    if (resellerId !== undefined) await linkReseller(trx, id, resellerId);
    if (body.app === 'mind') await grantIdentity(trx, id, Identity.unbound);
    await insertRegistration(trx, {
      user_id: id,
      app: body.app,
      decision: pending ? 'pending' : 'approved',
      ip: request.ip,
      created_at: now,
    });
    await audit(trx, request, {
      action: 'register',
      userId: id,
      account: body.account,
      detail: { app: body.app, status, roleId: roleId ?? null, resellerId: resellerId ?? null },
    });
    return id;
  });
  return { userId, account: body.account, status };
}

/**
 * Takes a phone off the account that holds it, for the person who proves with a code that the
 * phone is now theirs (a recycled number, an old account). That account keeps its sessions.
 */
export async function releasePhoneByCode(
  db: Kysely<Database>,
  request: FastifyRequest,
  body: { phone: string; code: string },
): Promise<{ released: boolean }> {
  await requireCode(db, { target: body.phone, purpose: 'bind', code: body.code, consume: true });
  const holder = await releasePhone(db, body.phone);
  if (holder) {
    await audit(db, request, {
      action: 'phoneRelease',
      userId: null,
      account: null,
      targetType: 'user',
      targetId: holder.id,
      detail: { phone: maskTarget(body.phone), account: holder.account },
    });
  }
  return { released: holder !== undefined };
}
