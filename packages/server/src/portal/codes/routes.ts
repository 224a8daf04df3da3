import {
  codeSentSchema,
  envelopeOf,
  forgetCaptchaBody,
  multiVerifyBody,
  sendCodeBody,
  sendLoginCodeBody,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { done } from '../accounts/reply.ts';
import type { CodeChannels } from './channels.ts';
import { sendCodeToHolder, sendProofCode, verifyForForm } from './requests.ts';

const tags = ['verification codes'];
const sent = { 200: envelopeOf(codeSentSchema) };

export const codeRoutes: FastifyPluginAsyncZod<{ channels: CodeChannels }> = async (app, { channels }) => {
  const db = app.db.kysely;

  app.post(
    '/apis-authz/auth/user/sendPhoneCodeOfLoginConfirm',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Send a sign-in code by SMS (only to a phone that holds an account)',
        body: sendLoginCodeBody,
        response: sent,
      },
    },
    async (request) =>
      done(
        request,
        'code.sent',
        await sendCodeToHolder(db, channels, request, { channel: 'sms', target: request.body.phone, purpose: 'login' }),
      ),
  );

  app.post(
    '/apis-authz/auth/user/forgetPassword/generateCaptcha',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Send a password-reset code by SMS or email; the answer does not tell whether an account exists',
        body: forgetCaptchaBody,
        response: sent,
      },
    },
    async (request) =>
      done(request, 'code.sent', await sendCodeToHolder(db, channels, request, { ...request.body, purpose: 'reset' })),
  );

  app.post(
    '/apis-authz/auth/user/sendCode',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Send a code that proves a phone or email address is yours (register, bind, release)',
        body: sendCodeBody,
        response: sent,
      },
    },
    async (request) => done(request, 'code.sent', await sendProofCode(db, channels, request, request.body)),
  );

  app.post(
    '/apis-authz/auth/user/multiVerify',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Check a code without using it up (multi-step forms)',
        body: multiVerifyBody,
        response: { 200: envelopeOf(z.object({ valid: z.literal(true) })) },
      },
    },
    async (request) => ok(request, await verifyForForm(db, request.body)),
  );
};
