import { accountBatch, accountBatchStarted, accountReset, downloadTask, envelopeOf } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../../../portal/orgs/actor.ts';
import { startAccountBatch, startPasswordReset } from './service.ts';

const tags = ['account binding'];
const manage = { access: '/data/accountBindManage:edit' };

/** Accounts for a whole class, grade or school at once, and password resets, as sign-in slips in the download center. */
export const accountSlipsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apis-authz/auth/user/account/batch',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Creates accounts for the students (and parents) of a class, grade or school who have none',
        body: accountBatch,
        response: { 200: envelopeOf(accountBatchStarted) },
      },
    },
    async (request) => ok(request, await startAccountBatch(actorOf(request), request.body)),
  );

  app.post(
    '/apis-authz/auth/user/account/reset',
    {
      config: manage,
      schema: {
        tags,
        summary: "Resets a student's password to a new initial one, on a one-slip file",
        body: accountReset,
        response: { 200: envelopeOf(downloadTask) },
      },
    },
    async (request) => ok(request, await startPasswordReset(actorOf(request), request.body.studentId)),
  );
};
