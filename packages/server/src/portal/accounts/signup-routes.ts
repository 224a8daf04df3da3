import {
  envelopeOf,
  phoneLoginBody,
  registerBody,
  registeredSchema,
  releasePhoneBody,
  signedInSchema,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { signInWithPhoneCode } from './phone-signin.ts';
import { register, releasePhoneByCode } from './registration.ts';
import { done } from './reply.ts';

const tags = ['accounts'];

export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.kysely;

  app.post(
    '/apis-authz/authz/login/phone',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sessions'],
        summary: 'Sign in with a phone and the code sent to it',
        body: phoneLoginBody,
        response: { 200: envelopeOf(signedInSchema) },
      },
    },
    async (request) =>
      ok(request, await signInWithPhoneCode(db, app.config, request, request.body.phone, request.body.code)),
  );

  app.post(
    '/apis-authz/auth/user/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Register with a phone proved by a code; may wait for an administrator to review it',
        body: registerBody,
        response: { 200: envelopeOf(registeredSchema) },
      },
    },
    async (request) => {
      const registered = await register(db, app.config, request, request.body);
      return done(request, registered.status === 'pending' ? 'auth.review' : 'account.registered', registered);
    },
  );

  app.post(
    '/apis-authz/auth/user/phone/release',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Take your phone off another account, proving it is yours with a code (purpose bind)',
        body: releasePhoneBody,
        response: { 200: envelopeOf(z.object({ released: z.boolean() })) },
      },
    },
    async (request) => done(request, 'account.released', await releasePhoneByCode(db, request, request.body)),
  );
};
