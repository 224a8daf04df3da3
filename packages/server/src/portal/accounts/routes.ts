import { envelopeOf } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toBool } from '../../platform/db/sql.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { callerOf } from '../access/guard.ts';
import { IDENTITY_NAMES } from '../access/routes.ts';
import { passwordExpiresAt, readPolicy } from '../policy/service.ts';
import { findUserById } from './repository.ts';

const tags = ['accounts'];

export const userInfoSchema = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  identityId: z.number().nullable(),
  identityName: z.string().nullable(),
  roleId: z.number().nullable(),
  deptId: z.number().nullable(),
  /** The user's unit: its name and logo, which the apps show in their header. */
  dept: z.object({ id: z.number(), name: z.string(), logo: z.string().nullable() }).nullable(),
  userType: z.string(),
  vipLevel: z.number(),
  superAdmin: z.boolean(),
  defaultPass: z.boolean(),
  passwordExpiresAt: z.number().nullable(),
  runAsBy: z.number().nullable(),
  lang: z.string().nullable(),
});

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.kysely;

  app.post(
    '/apis-authz/auth/user/queryInfo',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'The signed-in user', response: { 200: envelopeOf(userInfoSchema) } },
    },
    async (request) => {
      const auth = callerOf(request);
      const user = await findUserById(db, auth.userId);
      if (!user) throw new AppError(404, 'account.notFound');
      const policy = await readPolicy(db);
      const dept = user.dept_id
        ? await db.selectFrom('orgs').select(['id', 'name', 'logo']).where('id', '=', user.dept_id).executeTakeFirst()
        : undefined;
      return ok(request, {
        id: user.id,
        account: user.account,
        nickname: user.nickname,
        avatar: user.avatar,
        phone: user.phone,
        email: user.email,
        identityId: auth.identityId,
        identityName: auth.identityId === null ? null : (IDENTITY_NAMES[auth.identityId]?.[request.lang] ?? null),
        roleId: auth.roleId,
        deptId: user.dept_id,
        dept: dept ?? null,
        userType: user.user_type,
        vipLevel: user.vip_level,
        superAdmin: toBool(user.super_admin),
        defaultPass: toBool(user.default_pass),
        passwordExpiresAt: passwordExpiresAt(policy, user.password_changed_at),
        runAsBy: auth.runAsBy,
        lang: user.lang,
      });
    },
  );
};
