import { bigscreenSettings, bigscreenView, envelopeOf } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { bigscreenSettingsOf, saveBigscreenSettings, bigscreenView as viewOf } from './service.ts';

const tags = ['Device Cloud large-screen monitor'];
// The monitor is the home page on a wall: whoever may open the home page may open it, and keeps
// their own title, logo and refresh (decision 0121).
const ACCESS = '/iot/home:view';

/** The large-screen monitor: its figures and its settings. */
export const bigscreenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/bigscreen',
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: "Device counts, alarm statistics, the newest alarms and the caller's monitor settings",
        response: { 200: envelopeOf(bigscreenView) },
      },
    },
    async (request) => ok(request, await viewOf(actorOf(request))),
  );

  app.get(
    '/iot/bigscreen/settings',
    {
      config: { access: ACCESS },
      schema: { tags, summary: "The caller's monitor settings", response: { 200: envelopeOf(bigscreenSettings) } },
    },
    async (request) => ok(request, await bigscreenSettingsOf(actorOf(request))),
  );

  app.put(
    '/iot/bigscreen/settings',
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: "Saves the caller's monitor title, logo and refresh interval",
        body: bigscreenSettings,
        response: { 200: envelopeOf(bigscreenSettings) },
      },
    },
    async (request) => ok(request, await saveBigscreenSettings(actorOf(request), request.body)),
  );
};
