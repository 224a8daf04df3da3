import {
  envelopeOf,
  forceUpdatePasswordBody,
  resetPasswordBody,
  updateInfoBody,
  updatePasswordBody,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { callerOf } from '../access/guard.ts';
import { changeOwnPassword, forceChangePassword, resetForgottenPassword } from './passwords.ts';
import { updateProfile } from './profile.ts';

const tags = ['accounts'];
const nothing = { 200: envelopeOf(z.null()) };

/** What a person does to their own account: profile, password change, forgotten password. */
export const ownAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.kysely;

  app.post(
    '/apis-authz/auth/user/forgetPassword/reset',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with the code sent to the phone or email; every session ends',
        body: resetPasswordBody,
        response: nothing,
      },
    },
    async (request) => ok(request, await resetForgottenPassword(db, request, request.body)),
  );

  app.post(
    '/apis-authz/auth/user/updatePassword',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change your password; your other sessions end, this one stays',
        body: updatePasswordBody,
        response: nothing,
      },
    },
    async (request) => ok(request, await changeOwnPassword(db, request, callerOf(request), request.body)),
  );

  app.post(
    '/apis-authz/auth/user/forceUpdatePassword',
    {
      // Public: a person whose password expired has no session; with a token it is their own change.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Change a default password (with a session) or an expired one (without: account and old password)',
        body: forceUpdatePasswordBody,
        response: nothing,
      },
    },
    async (request) => ok(request, await forceChangePassword(db, app.config, request, request.body)),
  );

  app.post(
    '/apis-authz/auth/user/updateInfo',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change your name, avatar, language or email (a new email needs the code sent to it)',
        body: updateInfoBody,
        response: {
          200: envelopeOf(
            z.object({
              nickname: z.string(),
              avatar: z.string().nullable(),
              email: z.string().nullable(),
              lang: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => ok(request, await updateProfile(db, request, callerOf(request), request.body)),
  );
};
