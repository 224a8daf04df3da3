import { appAuthorizing, dictList, envelopeOf, favouritesSave, menuApp, menuGroup } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../orgs/actor.ts';
import { codeList } from './dict.ts';
import { appCategories, appMenu, authorizeApp, baseManage, myFavourites, saveFavourites } from './service.ts';

const tags = ['apps and menus'];
const appCode = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/)
  .optional();

/** The portal's launcher and menus (`/apis-portal/app/...`) and the code lists (`/apis-portal/dict/...`). */
export const portalAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apis-portal/app/getAppMenu',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Menu groups of the apps the caller may open: the launcher's, or with `appCode` that app's sidebar",
        querystring: z.object({ appCode }),
        response: { 200: envelopeOf(z.array(menuGroup)) },
      },
    },
    async (request) => ok(request, await appMenu(actorOf(request), request.query.appCode)),
  );

  app.get(
    '/apis-portal/app/category',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The launcher's app categories, or with `appCode` that app's sidebar categories",
        querystring: z.object({ appCode }),
        response: {
          200: envelopeOf(
            z.array(
              z.object({
                id: z.number(),
                code: z.string(),
                name: z.string(),
                icon: z.string().nullable(),
                appCode: z.string().nullable(),
                sort: z.number(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(request, await appCategories(actorOf(request), request.query.appCode)),
  );

  app.get(
    '/apis-portal/app/baseManage',
    {
      config: { access: '/system/app:view' },
      schema: {
        tags,
        summary: 'Every app with its category, state, clicks and the roles granted it',
        response: {
          200: envelopeOf(
            z.array(
              menuApp.extend({
                category: z.string().nullable(),
                parent: z.string().nullable(),
                product: z.string().nullable(),
                enabled: z.boolean(),
                sort: z.number(),
                clicks: z.number(),
                roles: z.array(z.object({ roleId: z.number(), roleName: z.string() })),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(request, await baseManage(actorOf(request))),
  );

  app.post(
    '/apis-portal/app/authorizing',
    {
      config: { access: '/system/app:edit' },
      schema: {
        tags,
        summary: 'Set which roles may open an app (an organisation administrator: their own roles only)',
        body: appAuthorizing,
        response: { 200: envelopeOf(z.object({ appId: z.number(), roleIds: z.array(z.number()) })) },
      },
    },
    async (request) => ok(request, await authorizeApp(actorOf(request), request.body.appId, request.body.roleIds)),
  );

  app.get(
    '/apis-portal/app/collect/my',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's favourite apps, in their order",
        response: { 200: envelopeOf(z.array(menuApp)) },
      },
    },
    async (request) => ok(request, await myFavourites(actorOf(request))),
  );

  app.post(
    '/apis-portal/app/collect/save',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Replace the caller's favourites with these apps, in this order",
        body: favouritesSave,
        response: { 200: envelopeOf(z.array(menuApp)) },
      },
    },
    async (request) => ok(request, await saveFavourites(actorOf(request), request.body.appIds)),
  );

  app.get(
    '/apis-portal/dict/:type',
    {
      config: { access: 'user' },
      schema: {
        tags: ['code lists'],
        summary: 'A code list (device status, alarm state, order status...) with its items in order',
        params: z.object({ type: z.string().max(64) }),
        response: { 200: envelopeOf(dictList) },
      },
    },
    async (request) => ok(request, await codeList(request.server.db.kysely, request.params.type, request.lang)),
  );
};
