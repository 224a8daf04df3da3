import {
  bodyId,
  DAILY_KINDS,
  dailyAdd,
  dailyPage,
  dailyRecord,
  dailyUpdate,
  envelopeOf,
  pageOf,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { addDaily, dailyDetail, editDaily, listDaily, removeDaily } from './daily.ts';

const tags = ['daily work'];

/**
 * The daily-work pages (`dailyDynamic`, `dailyObservationOfTeachers`, `observationSchool`,
 * `setback`, `describeManage`, `mentalTeacherManage`): the same five calls for each, under
 * `/apis-psychology/{page}/`, each guarded by its page's permission.
 */
export const dailyRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of DAILY_KINDS) {
    const base = `/apis-psychology/${kind}`;
    const access = (code: string) => ({ access: `/data/${kind}:${code}` });
    app.post(
      `${base}/page`,
      {
        config: access('view'),
        schema: {
          tags,
          summary: `Records of ${kind}`,
          body: dailyPage,
          response: { 200: envelopeOf(pageOf(dailyRecord)) },
        },
      },
      async (request) => {
        const { page, size, ...filters } = request.body;
        return ok(request, await listDaily(actorOf(request), kind, filters, { page, size }));
      },
    );
    app.get(
      `${base}/:id`,
      {
        config: access('view'),
        schema: {
          tags,
          summary: `One record of ${kind}`,
          params: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: envelopeOf(dailyRecord) },
        },
      },
      async (request) => ok(request, await dailyDetail(actorOf(request), kind, request.params.id)),
    );
    app.post(
      `${base}/add`,
      {
        config: access('add'),
        schema: {
          tags,
          summary: `Add a record of ${kind}`,
          body: dailyAdd,
          response: { 200: envelopeOf(dailyRecord) },
        },
      },
      async (request) => ok(request, await addDaily(actorOf(request), kind, request.body)),
    );
    app.post(
      `${base}/update`,
      {
        config: access('edit'),
        schema: {
          tags,
          summary: `Change a record of ${kind}`,
          body: dailyUpdate,
          response: { 200: envelopeOf(dailyRecord) },
        },
      },
      async (request) => ok(request, await editDaily(actorOf(request), kind, request.body)),
    );
    app.post(
      `${base}/delete`,
      {
        config: access('delete'),
        schema: {
          tags,
          summary: `Delete a record of ${kind}`,
          body: z.strictObject({ id: bodyId }),
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (request) => {
        await removeDaily(actorOf(request), kind, request.body.id);
        return ok(request, null);
      },
    );
  }
};
