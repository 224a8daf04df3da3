import type { updateInfoBody } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../platform/db/schema.ts';
import { AppError, rulesBroken } from '../../platform/http/errors.ts';
import { audit } from '../audit/service.ts';
import { requireCode } from '../codes/service.ts';
import type { Auth } from '../sessions/service.ts';
import { findUserByEmail } from './lifecycle-repository.ts';
import { findUserById, updateUser } from './repository.ts';

export interface Profile {
  nickname: string;
  avatar: string | null;
  email: string | null;
  lang: string | null;
}

/**
 * The account center's profile form. An email address is a way back into the account (password
 * reset), so a new one must come with the code sent to it, and is refused while acting as
 * someone else (`runAs`).
 */
export async function updateProfile(
  db: Kysely<Database>,
  request: FastifyRequest,
  auth: Auth,
  body: z.infer<typeof updateInfoBody>,
): Promise<Profile> {
  const user = await findUserById(db, auth.userId);
  if (!user) throw new AppError(404, 'account.notFound');
  const profile: Profile = { nickname: user.nickname, avatar: user.avatar, email: user.email, lang: user.lang };
  const changes: Partial<Profile> = {};
  if (body.nickname !== undefined) changes.nickname = body.nickname;
  if (body.avatar !== undefined) changes.avatar = body.avatar;
  if (body.lang !== undefined) changes.lang = body.lang;

  const email = body.email === undefined || body.email === null ? body.email : body.email.toLowerCase();
  if (email !== undefined && email !== user.email?.toLowerCase()) {
    if (auth.runAsBy) throw new AppError(403, 'account.notDuringRunAs');
    if (email !== null) {
      if (!body.emailCode) throw rulesBroken([{ field: 'emailCode', key: 'v.required' }]);
      await requireCode(db, { target: email, purpose: 'bind', code: body.emailCode, consume: false });
      const holder = await findUserByEmail(db, email);
      if (holder && holder.id !== user.id) {
        throw new AppError(409, 'account.emailBound', { rules: [{ field: 'email', key: 'account.emailBound' }] });
      }
      await requireCode(db, { target: email, purpose: 'bind', code: body.emailCode, consume: true });
    }
    changes.email = email;
  }

  if (Object.keys(changes).length > 0) {
    await updateUser(db, user.id, changes);
    await audit(db, request, {
      action: 'profileUpdate',
      targetType: 'user',
      targetId: user.id,
      detail: { fields: Object.keys(changes) },
    });
  }
  return { ...profile, ...changes };
}
