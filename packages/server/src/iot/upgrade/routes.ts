import {
  envelopeOf,
  pageOf,
  pageQuery,
  queryId,
  upgradeCandidateView,
  upgradeDeviceView,
  upgradeJobInput,
  upgradeJobQuery,
  upgradeJobView,
  upgradeStartedView,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { retryUpgrade, startUpgrade, upgradeCandidates, upgradeDevices, upgradeJob, upgradeJobs } from './service.ts';

const tags = ['Device Cloud firmware upgrade'];
// Upgrade jobs belong with Firmware Management; the devices' edit scope is checked by the service.
const VIEW = '/iot/firmware:view';
const START = '/iot/firmware:add';
const byId = z.object({ id: queryId });

/** Upgrade Tasks: start a job, follow each device, retry a failed one. */
export const upgradeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/upgrades',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Upgrade jobs, newest first, with how many devices are in each state',
        querystring: upgradeJobQuery,
        response: { 200: envelopeOf(pageOf(upgradeJobView)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return ok(request, await upgradeJobs(actorOf(request), filter, { page, size }));
    },
  );

  app.get(
    '/iot/upgrades/candidates',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'DTUs and MQTT devices the caller may upgrade, with the series, model and version each reported',
        response: { 200: envelopeOf(z.array(upgradeCandidateView)) },
      },
    },
    async (request) => ok(request, await upgradeCandidates(actorOf(request))),
  );

  app.post(
    '/iot/upgrades',
    {
      config: { access: START },
      schema: {
        tags,
        summary:
          'Start an upgrade job: a firmware, devices of its series and model (picked, or those of a template or project), a wave size and a failure threshold',
        body: upgradeJobInput,
        response: { 200: envelopeOf(upgradeStartedView) },
      },
    },
    async (request) => ok(request, await startUpgrade(actorOf(request), request.body, request.server.db)),
  );

  app.get(
    '/iot/upgrades/:id',
    {
      config: { access: VIEW },
      schema: { tags, summary: 'One upgrade job', params: byId, response: { 200: envelopeOf(upgradeJobView) } },
    },
    async (request) => ok(request, await upgradeJob(actorOf(request), request.params.id)),
  );

  app.get(
    '/iot/upgrades/:id/devices',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'The devices of an upgrade job: state, percent, reason',
        params: byId,
        querystring: pageQuery,
        response: { 200: envelopeOf(pageOf(upgradeDeviceView)) },
      },
    },
    async (request) => ok(request, await upgradeDevices(actorOf(request), request.params.id, request.query)),
  );

  app.post(
    '/iot/upgrades/:id/devices/:deviceId/retry',
    {
      config: { access: START },
      schema: {
        tags,
        summary: 'Retry a failed device: it resumes from the chunks it acknowledged',
        params: z.object({ id: queryId, deviceId: queryId }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await retryUpgrade(actorOf(request), request.params.id, request.params.deviceId, request.server.db);
      return ok(request, null);
    },
  );
};
