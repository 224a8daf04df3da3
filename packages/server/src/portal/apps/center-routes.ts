import {
  appAccountBind,
  appApply,
  appDecide,
  envelopeOf,
  menuApp,
  pageOf,
  pageQuery,
  queryId,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../orgs/actor.ts';
import { applicationInfo, applyForApp, appsToApplyFor, decide, pendingList } from './applications.ts';
import { appAccounts, appLevels, bindAccount, indexApps, myAppRoles, recordClick } from './service.ts';

const tags = ['apps and menus'];
const application = z.object({
  id: z.number(),
  userId: z.number(),
  account: z.string(),
  nickname: z.string(),
  appId: z.number(),
  appCode: z.string(),
  appName: z.string(),
  reason: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
  remark: z.string().nullable(),
});
const level2 = menuApp.extend({ level: z.number() });

/** The app center of the Mind spec (`/apis-app/...`): levels, roles, home apps, clicks, applications, app accounts. */
export const appCenterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apis-app/app/level/list',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's apps with the entries below each (two levels)",
        response: { 200: envelopeOf(z.array(level2.extend({ children: z.array(level2) }))) },
      },
    },
    async (request) => ok(request, await appLevels(actorOf(request))),
  );

  app.get(
    '/apis-app/app/myAppRole',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "For each of the caller's apps, the roles that grant it, or whether it was granted to them alone",
        response: {
          200: envelopeOf(
            z.array(
              menuApp.extend({
                roles: z.array(z.object({ roleId: z.number(), roleName: z.string() })),
                personal: z.boolean(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(request, await myAppRoles(actorOf(request))),
  );

  app.get(
    '/apis-app/app/indexApp',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The home page's apps: favourites, then the most opened",
        response: { 200: envelopeOf(z.array(menuApp.extend({ favourite: z.boolean(), clicks: z.number() }))) },
      },
    },
    async (request) => ok(request, await indexApps(actorOf(request))),
  );

  app.post(
    '/apis-app/app/click',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Count an opening of an app',
        body: z.strictObject({ appId: z.number().int().positive() }),
        response: { 200: envelopeOf(z.object({ clicks: z.number() })) },
      },
    },
    async (request) => ok(request, await recordClick(actorOf(request), request.body.appId)),
  );

  app.get(
    '/apis-app/app/appUser/applyApp',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The apps the caller may apply for, with their latest application for each',
        response: {
          200: envelopeOf(
            z.array(
              menuApp.extend({
                application: z
                  .object({
                    id: z.number(),
                    status: z.enum(['pending', 'approved', 'rejected']),
                    createdAt: z.number(),
                  })
                  .nullable(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(request, await appsToApplyFor(actorOf(request))),
  );

  app.post(
    '/apis-app/app/apply',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Apply for an app the caller's roles do not give",
        body: appApply,
        response: { 200: envelopeOf(application) },
      },
    },
    async (request) => ok(request, await applyForApp(actorOf(request), request.body.appId, request.body.reason)),
  );

  app.get(
    '/apis-app/app/apply/pendingList',
    {
      config: { access: '/system/app:view' },
      schema: {
        tags,
        summary: "Applications awaiting a decision, from applicants in the caller's scope",
        querystring: pageQuery,
        response: { 200: envelopeOf(pageOf(application)) },
      },
    },
    async (request) => ok(request, await pendingList(actorOf(request), request.query)),
  );

  app.post(
    '/apis-app/app/apply/decide',
    {
      config: { access: '/system/app:edit' },
      schema: {
        tags,
        summary: 'Approve (grant the app to the applicant) or reject an application',
        body: appDecide,
        response: { 200: envelopeOf(application) },
      },
    },
    async (request) =>
      ok(request, await decide(actorOf(request), request.body.id, request.body.approve, request.body.remark)),
  );

  app.get(
    '/apis-app/app/queryApplyInfo',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "One application: the caller's own, or one from their scope for an administrator of apps",
        querystring: z.object({ id: queryId }),
        response: { 200: envelopeOf(application) },
      },
    },
    async (request) => ok(request, await applicationInfo(actorOf(request), request.query.id)),
  );

  app.post(
    '/apis-app/account/bind',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Record the account the caller holds inside an app that keeps its own accounts',
        body: appAccountBind,
        response: { 200: envelopeOf(menuApp.extend({ account: z.string() })) },
      },
    },
    async (request) => ok(request, await bindAccount(actorOf(request), request.body.appId, request.body.account)),
  );

  app.post(
    '/apis-app/account/app',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's apps with the account they hold inside each",
        response: { 200: envelopeOf(z.array(menuApp.extend({ account: z.string().nullable() }))) },
      },
    },
    async (request) => ok(request, await appAccounts(actorOf(request))),
  );
};
