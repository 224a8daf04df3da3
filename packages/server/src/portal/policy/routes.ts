import {
  defaultPasswordBody,
  envelopeOf,
  hintUpdateBody,
  passwordExpirySchema,
  passwordRulesSchema,
  policySchema,
  policyUpdateBody,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { callerOf } from '../access/guard.ts';
import {
  changeDefaultPassword,
  changePolicy,
  passwordExpiry,
  passwordRules,
  restoreDefaultPassword,
  restorePolicy,
} from './administration.ts';
import { readDefaultPassword } from './service.ts';

const tags = ['password policy'];
const base = '/apis-authz/policy';
const policyAnswer = { 200: envelopeOf(policySchema) };
const defaultAnswer = { 200: envelopeOf(z.object({ password: z.string() })) };

/** The spec's password-policy calls: the rules forms show, the policy, the default password, expiry. */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.kysely;

  app.post(
    `${base}/info`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The password rule and hint for forms; with /system/policy:view, the whole policy too',
        response: { 200: envelopeOf(passwordRulesSchema.extend({ policy: policySchema.optional() })) },
      },
    },
    async (request) => ok(request, await passwordRules(db, app.config, request, request.lang)),
  );

  app.post(
    `${base}/info/update`,
    {
      config: { access: '/system/policy:edit' },
      schema: {
        tags,
        summary: 'Change the policy (expiry, lock-out, hint)',
        body: policyUpdateBody,
        response: policyAnswer,
      },
    },
    async (request) => ok(request, await changePolicy(db, request, callerOf(request).userId, request.body)),
  );

  app.post(
    `${base}/hint/update`,
    {
      config: { access: '/system/policy:edit' },
      schema: {
        tags,
        summary: 'Change the hint shown beside password fields',
        body: hintUpdateBody,
        response: policyAnswer,
      },
    },
    async (request) => ok(request, await changePolicy(db, request, callerOf(request).userId, request.body)),
  );

  app.post(
    `${base}/info/recover`,
    {
      config: { access: '/system/policy:edit' },
      schema: { tags, summary: 'Restore the policy to its defaults', response: policyAnswer },
    },
    async (request) => ok(request, await restorePolicy(db, request)),
  );

  app.post(
    `${base}/default`,
    {
      config: { access: '/system/policy:view' },
      schema: { tags, summary: 'The default password that new and reset accounts get', response: defaultAnswer },
    },
    async (request) => ok(request, await readDefaultPassword(db)),
  );

  app.post(
    `${base}/default/update`,
    {
      config: { access: '/system/policy:edit' },
      schema: {
        tags,
        summary: 'Change the default password',
        body: defaultPasswordBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) =>
      ok(request, await changeDefaultPassword(db, request, callerOf(request).userId, request.body.password)),
  );

  app.post(
    `${base}/default/recover`,
    {
      config: { access: '/system/policy:edit' },
      schema: { tags, summary: 'Restore the built-in default password', response: defaultAnswer },
    },
    async (request) => ok(request, await restoreDefaultPassword(db, request)),
  );

  app.post(
    `${base}/expire`,
    {
      config: { access: 'user', allowExpiredPassword: true },
      schema: {
        tags,
        summary: 'When your password expires and how many days are left',
        response: { 200: envelopeOf(passwordExpirySchema) },
      },
    },
    async (request) => ok(request, await passwordExpiry(db, callerOf(request).userId)),
  );
};
