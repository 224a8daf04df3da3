import {
  envelopeOf,
  fileReference,
  pageOf,
  pageQuery,
  queryId,
  SCADA_LINK_HEADER,
  SCADA_LINK_PASSWORD_HEADER,
  scadaApplication,
  scadaCreate,
  scadaDetail,
  scadaDetailQuery,
  scadaLinkHeaders,
  scadaPress,
  scadaPressed,
  scadaQuery,
  scadaRevisionOnly,
  scadaSave,
  scadaShare,
  scadaShared,
  scadaShareOpen,
  scadaShareOpened,
  scadaSummary,
  scadaSymbolPath,
  scadaTrendSeed,
  scadaVersion,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { filesContextOf, ownSymbols } from '../../portal/files/service.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { reachDevice } from '../gateway/commands.ts';
import { pressElement } from './press.ts';
import {
  addScreen,
  applyScreen,
  listScreens,
  publishScreen,
  removeScreen,
  rollBackScreen,
  saveScreen,
  screenDetail,
  screenVersions,
} from './service.ts';
import { closeShare, openShare, sharedScreen, shareOf } from './share.ts';
import { removeSymbol } from './symbols.ts';
import { screenTrends } from './trends.ts';

const tags = ['Device Cloud cloud configuration'];
const SCADA = '/iot/scada';
const byId = z.object({ id: queryId });
const detail = { 200: envelopeOf(scadaDetail) };

/** Cloud configuration screens: list, create, open, save, delete (decision 0075). */
export const scadaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/scada',
    {
      config: { access: `${SCADA}:view` },
      schema: {
        tags,
        summary: 'Configurations the caller sees: their account’s, and open ones of the accounts above them',
        querystring: scadaQuery,
        response: { 200: envelopeOf(pageOf(scadaSummary)) },
      },
    },
    async (request) => {
      const { page, size, keyword } = request.query;
      return ok(request, await listScreens(actorOf(request), keyword, { page, size }));
    },
  );

  app.post(
    '/iot/scada',
    {
      config: { access: `${SCADA}:add` },
      schema: { tags, summary: 'A new, empty configuration', body: scadaCreate, response: detail },
    },
    async (request) => ok(request, await addScreen(actorOf(request), request.body)),
  );

  app.get(
    '/iot/scada/symbols',
    {
      config: { access: `${SCADA}:edit` },
      schema: {
        tags,
        summary:
          'The caller’s symbol library: the SVG and png symbols they uploaded (`upload/image`, purpose `symbol`)',
        querystring: pageQuery,
        response: { 200: envelopeOf(pageOf(fileReference)) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      return ok(request, await ownSymbols(request.server.db.kysely, actorOf(request).auth.userId, { page, size }));
    },
  );

  app.delete(
    '/iot/scada/symbols',
    {
      config: { access: `${SCADA}:edit` },
      schema: {
        tags,
        summary:
          'Deletes one of the caller’s symbols; refused, naming them, while a screen draws it in its draft or a kept version (decision 0154)',
        querystring: scadaSymbolPath,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeSymbol(actorOf(request), filesContextOf(request), request.query.path);
      return ok(request, null);
    },
  );

  app.get(
    '/iot/scada/:id',
    {
      // View or operate permission (spec section 6): one code cannot say "either", so the service checks.
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'One configuration with its published document (or, for its editors, the draft or a kept version); a template-based one resolved for `device`',
        params: byId,
        querystring: scadaDetailQuery,
        response: detail,
      },
    },
    async (request) =>
      ok(request, await screenDetail(actorOf(request), request.params.id, request.query.device, request.query.version)),
  );

  app.get(
    '/iot/scada/:id/trends',
    {
      // As opening the screen: view or operate permission, checked by the service.
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'The recent past of the screen’s trends: each one’s point’s numbers of the last day, oldest first, at most its samples',
        params: byId,
        querystring: scadaDetailQuery,
        response: { 200: envelopeOf(z.array(scadaTrendSeed)) },
      },
    },
    async (request) =>
      ok(request, await screenTrends(actorOf(request), request.params.id, request.query.device, request.query.version)),
  );

  app.put(
    '/iot/scada/:id/application',
    {
      config: { access: `${SCADA}:edit` },
      schema: {
        tags,
        summary:
          'Configuration Application: binds the screen to a template and applies it to all its devices or some (null: a Device Configuration)',
        params: byId,
        body: scadaApplication,
        response: detail,
      },
    },
    async (request) => ok(request, await applyScreen(actorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/iot/scada/:id',
    {
      config: { access: `${SCADA}:edit` },
      schema: {
        tags,
        summary:
          'Saves name, sharing and document as the next version, the draft, over the revision the editor opened; bindings are checked first',
        params: byId,
        body: scadaSave,
        response: detail,
      },
    },
    async (request) => ok(request, await saveScreen(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/iot/scada/:id/publish',
    {
      config: { access: `${SCADA}:edit` },
      schema: {
        tags,
        summary: 'Publishes the draft: the viewer and shared links show it from now on',
        params: byId,
        body: scadaRevisionOnly,
        response: detail,
      },
    },
    async (request) => ok(request, await publishScreen(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/iot/scada/:id/versions',
    {
      config: { access: `${SCADA}:edit` },
      schema: {
        tags,
        summary: 'The kept versions of a configuration, newest first: number, time, who, published or draft',
        params: byId,
        response: { 200: envelopeOf(z.array(scadaVersion)) },
      },
    },
    async (request) => ok(request, await screenVersions(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/scada/:id/versions/:number/rollback',
    {
      config: { access: `${SCADA}:edit` },
      schema: {
        tags,
        summary: 'Rolls back: a copy of the version becomes the next version, the draft and the published one',
        params: byId.extend({ number: queryId }),
        body: scadaRevisionOnly,
        response: detail,
      },
    },
    async (request) =>
      ok(request, await rollBackScreen(actorOf(request), request.params.id, request.params.number, request.body)),
  );

  app.delete(
    '/iot/scada/:id',
    {
      config: { access: `${SCADA}:delete` },
      schema: { tags, summary: 'Deletes a configuration', params: byId, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await removeScreen(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/iot/scada/:id/press',
    {
      config: { access: `${SCADA}:operate` },
      schema: {
        tags,
        summary:
          'A click on a running screen: its button or switch writes its bound point through the device write path',
        params: byId,
        body: scadaPress,
        response: { 200: envelopeOf(scadaPressed) },
      },
    },
    async (request) =>
      ok(
        request,
        await pressElement(
          actorOf(request),
          (id) => reachDevice(request.server.db, id, request.server.log as Logger),
          request.params.id,
          request.body,
        ),
      ),
  );

  app.get(
    '/iot/scada/:id/share',
    {
      config: { access: `${SCADA}:edit` },
      schema: {
        tags,
        summary: 'Whether the configuration is shared by a link, until when, and with a password or not',
        params: byId,
        response: { 200: envelopeOf(scadaShare) },
      },
    },
    async (request) => ok(request, await shareOf(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/scada/:id/share',
    {
      config: { access: `${SCADA}:edit` },
      schema: {
        tags,
        summary: 'Opens a read-only link (a new token, shown once; an earlier link stops working)',
        params: byId,
        body: scadaShareOpen,
        response: { 200: envelopeOf(scadaShareOpened) },
      },
    },
    async (request) => ok(request, await openShare(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/iot/scada/:id/share',
    {
      config: { access: `${SCADA}:edit` },
      schema: { tags, summary: 'Closes the link at once', params: byId, response: { 200: envelopeOf(scadaShare) } },
    },
    async (request) => ok(request, await closeShare(actorOf(request), request.params.id)),
  );

  app.get(
    '/iot/scada-shared',
    {
      // Open without a session (decision 0099): the token in a header is the key, never in the address,
      // and only the screen and its own bindings' values come out.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A shared configuration, read only, with the newest values of the points it binds',
        headers: scadaLinkHeaders,
        response: { 200: envelopeOf(scadaShared) },
      },
    },
    async (request) =>
      ok(
        request,
        await sharedScreen(
          request.server.db.kysely,
          request.headers[SCADA_LINK_HEADER],
          request.headers[SCADA_LINK_PASSWORD_HEADER],
        ),
      ),
  );
};
