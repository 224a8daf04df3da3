import {
  deviceLevelBody,
  envelopeOf,
  pageOf,
  pendingAccountSchema,
  registrationReviewBody,
  registrationReviewSchema,
  reviewBody,
  reviewPageQuery,
  superAdminBody,
  userRefBody,
  userStatusBody,
  vipBody,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { callerOf } from '../access/guard.ts';
import {
  listPendingAccounts,
  resetToDefaultPassword,
  reviewRegistration,
  setAccountStatus,
  setDeviceLevel,
  setSuperAdmin,
  setVipLevel,
} from './administration.ts';
import { readRegistrationReview, saveRegistrationReview } from './registration.ts';

const tags = ['account administration'];
const base = '/apis-authz/auth/user';
const accountState = {
  200: envelopeOf(
    z.object({
      id: z.number(),
      account: z.string(),
      status: z.string(),
      vipLevel: z.number(),
      deviceLevel: z.number().nullable(),
      slaveQuota: z.number().nullable(),
      superAdmin: z.boolean(),
    }),
  ),
};

/** What administrators do to accounts in their data scope (codes under `/system/user`). */
export const adminAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.kysely;

  app.get(
    `${base}/review/page`,
    {
      config: { access: '/system/user:review' },
      schema: {
        tags,
        summary: 'Registrations awaiting review, oldest first, within your data scope',
        querystring: reviewPageQuery,
        response: { 200: envelopeOf(pageOf(pendingAccountSchema)) },
      },
    },
    async (request) => ok(request, await listPendingAccounts(db, callerOf(request), request.query)),
  );

  app.post(
    `${base}/review`,
    {
      config: { access: '/system/user:review' },
      schema: {
        tags,
        summary: 'Approve (enable) or reject (disable) a registration',
        body: reviewBody,
        response: accountState,
      },
    },
    async (request) => ok(request, await reviewRegistration(db, request, callerOf(request), request.body)),
  );

  app.get(
    `${base}/review/setting`,
    {
      config: { access: '/system/user:review' },
      schema: {
        tags,
        summary: 'Whether new registrations of each app wait for review',
        response: { 200: envelopeOf(registrationReviewSchema) },
      },
    },
    async (request) => ok(request, await readRegistrationReview(db)),
  );

  app.post(
    `${base}/review/setting`,
    {
      config: { access: '/system/user:review' },
      schema: {
        tags,
        summary: 'Choose whether new registrations of each app wait for review',
        body: registrationReviewBody,
        response: { 200: envelopeOf(registrationReviewSchema) },
      },
    },
    async (request) => ok(request, await saveRegistrationReview(db, request, request.body, callerOf(request).userId)),
  );

  app.post(
    `${base}/resetPassword`,
    {
      config: { access: '/system/user:resetPassword' },
      schema: {
        tags,
        summary: 'Reset a password to the default password; the holder must change it at sign-in',
        body: userRefBody,
        response: accountState,
      },
    },
    async (request) => ok(request, await resetToDefaultPassword(db, request, callerOf(request), request.body.userId)),
  );

  app.post(
    `${base}/status`,
    {
      config: { access: '/system/user:edit' },
      schema: {
        tags,
        summary: 'Enable or disable an account (disabling ends its sessions)',
        body: userStatusBody,
        response: accountState,
      },
    },
    async (request) => ok(request, await setAccountStatus(db, request, callerOf(request), request.body)),
  );

  app.post(
    `${base}/vip`,
    {
      config: { access: '/system/user:edit' },
      schema: {
        tags,
        summary: 'Set the membership: 0 non-member, 1 level-1, 2 neutral',
        body: vipBody,
        response: accountState,
      },
    },
    async (request) => ok(request, await setVipLevel(db, request, callerOf(request), request.body)),
  );

  app.post(
    `${base}/deviceLevel`,
    {
      config: { access: '/system/user:edit' },
      schema: {
        tags,
        summary: 'Device Cloud: set the device level (1-3) and the slave count',
        body: deviceLevelBody,
        response: accountState,
      },
    },
    async (request) => ok(request, await setDeviceLevel(db, request, callerOf(request), request.body)),
  );

  app.post(
    `${base}/superAdmin`,
    {
      config: { access: '/system/user:edit' },
      schema: {
        tags,
        summary: 'Grant or withdraw super-administrator status (super administrators only)',
        body: superAdminBody,
        response: accountState,
      },
    },
    async (request) => ok(request, await setSuperAdmin(db, request, callerOf(request), request.body)),
  );
};
