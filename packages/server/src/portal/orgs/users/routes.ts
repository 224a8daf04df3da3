import { accountQuery, accountRow, envelopeOf, pageOf } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../actor.ts';
import { queryAccountInfo, queryAllAccount } from './service.ts';

const tags = ['accounts'];
const accountInfo = accountRow.extend({
  avatar: z.string().nullable(),
  remark: z.string().nullable(),
  deviceLevel: z.number().nullable(),
  slaveQuota: z.number().nullable(),
  identities: z.array(
    z.object({
      identityId: z.number(),
      identityName: z.string(),
      orgId: z.number().nullable(),
      orgName: z.string().nullable(),
    }),
  ),
});

/** The accounts an administrator may see: their organisations' members, or a main account's sub-users. */
export const userQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apis-authz/auth/user/queryAllAccount',
    {
      config: { access: '/system/user:view' },
      schema: {
        tags,
        summary: "The accounts of the caller's data scope, filtered and paged, newest first",
        body: accountQuery,
        response: { 200: envelopeOf(pageOf(accountRow)) },
      },
    },
    async (request) => ok(request, await queryAllAccount(actorOf(request), request.body)),
  );

  app.post(
    '/apis-authz/auth/user/queryAccountInfo',
    {
      config: { access: '/system/user:view' },
      schema: {
        tags,
        summary: 'One account of the scope, with its identities and roles',
        body: z.strictObject({ userId: z.number().int().positive() }),
        response: { 200: envelopeOf(accountInfo) },
      },
    },
    async (request) => ok(request, await queryAccountInfo(actorOf(request), request.body.userId)),
  );
};
