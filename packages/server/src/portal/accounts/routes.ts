import { envelopeOf } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { callerOf } from '../access/guard.ts';
import { userInfoOf } from './service.ts';

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
  /** The account (or its main account) signed up on a neutral member's domain: that member's customer (decision 0116). */
  brandCustomer: z.boolean(),
  passwordExpiresAt: z.number().nullable(),
  runAsBy: z.number().nullable(),
  lang: z.string().nullable(),
});

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apis-authz/auth/user/queryInfo',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'The signed-in user', response: { 200: envelopeOf(userInfoSchema) } },
    },
    async (request) => ok(request, await userInfoOf(app.db.kysely, callerOf(request), request.lang)),
  );
};
