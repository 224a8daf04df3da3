import {
  envelopeOf,
  pageOf,
  studentWarnings,
  warningCancel,
  warningDetail,
  warningHandover,
  warningId,
  warningLevel,
  warningLevelsSave,
  warningQuery,
  warningRelevel,
  warningReport,
  warningRow,
  warningSetup,
  warningSolve,
  warningStatistics,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { handOver, reportWarning } from '../warnings/handover.ts';
import {
  warningDetail as detailOf,
  lastWarningLevels,
  listLevels,
  listWarnings,
  saveLevels,
  warningStatistics as statisticsOf,
  studentWarnings as studentWarningsOf,
} from '../warnings/queries.ts';
import {
  cancelWarning,
  publishWarning,
  relevelWarning,
  retryPush,
  setupWarning,
  solveWarning,
} from '../warnings/workflow.ts';

const tags = ['warnings'];
const done = { 200: envelopeOf(z.null()) };
const P = '/apis-psychology/warning';

/** The warning page, its counts, levels and the workflow's steps (decision 0033). */
export const warningRoutes: FastifyPluginAsyncZod = async (app) => {
  const page = (summary: string) => ({
    config: { access: '/data/intervene:view' },
    schema: { tags, summary, querystring: warningQuery, response: { 200: envelopeOf(pageOf(warningRow)) } },
  });
  app.get(
    `${P}/page`,
    page('Warnings in the scope by level, state, school, grade, class and time'),
    async (request) => {
      const { page: p, size, ...filters } = request.query;
      return ok(request, await listWarnings(actorOf(request), filters, { page: p, size }));
    },
  );
  // The spec's "early-warning intervene page" under analysis/itemStatus answers the same list.
  app.get(
    '/apis-psychology/analysis/itemStatus/earlyWarningPage',
    page('The early-warning intervene page'),
    async (request) => {
      const { page: p, size, ...filters } = request.query;
      return ok(request, await listWarnings(actorOf(request), filters, { page: p, size }));
    },
  );
  app.get(
    `${P}/lastWarningLevel`,
    {
      config: { access: '/data/lastWarningLevel:view' },
      schema: {
        tags,
        summary: "Each student's most recent warning and its level",
        querystring: warningQuery,
        response: { 200: envelopeOf(pageOf(warningRow)) },
      },
    },
    async (request) => {
      const { page: p, size, ...filters } = request.query;
      return ok(request, await lastWarningLevels(actorOf(request), filters, { page: p, size }));
    },
  );
  const counts = (summary: string) => ({
    config: { access: '/data/intervene:view' },
    schema: { tags, summary, querystring: warningQuery, response: { 200: envelopeOf(warningStatistics) } },
  });
  for (const path of [`${P}/statistics`, '/apis-psychology/analysis/itemStatus/interveneCount']) {
    app.get(path, counts('Warnings by state and by level'), async (request) => {
      const { page: _p, size: _s, ...filters } = request.query;
      return ok(request, await statisticsOf(actorOf(request), filters));
    });
  }
  app.get(
    `${P}/:id`,
    {
      config: { access: '/data/intervene:view' },
      schema: {
        tags,
        summary: 'One warning with its history and records (the read is audited)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelopeOf(warningDetail) },
      },
    },
    async (request) => ok(request, await detailOf(actorOf(request), request.params.id)),
  );
  app.get(
    `${P}/earlyWarningIntervention/:userId`,
    {
      config: { access: '/data/intervene:view' },
      schema: {
        tags,
        summary: "A student's warnings with their history (userId is the student's id; audited)",
        params: z.object({ userId: z.coerce.number().int().positive() }),
        response: { 200: envelopeOf(studentWarnings) },
      },
    },
    async (request) => ok(request, await studentWarningsOf(actorOf(request), request.params.userId)),
  );

  app.get(
    `${P}/level/list`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The deployment's warning levels",
        response: { 200: envelopeOf(z.array(warningLevel)) },
      },
    },
    async (request) => ok(request, await listLevels(actorOf(request))),
  );
  app.post(
    `${P}/level/save`,
    {
      config: { access: '/data/lastWarningLevel:edit' },
      schema: { tags, summary: 'Replace the warning levels', body: warningLevelsSave, response: done },
    },
    async (request) => ok(request, await saveLevels(actorOf(request), request.body.levels).then(() => null)),
  );

  app.post(
    `${P}/report`,
    {
      config: { access: '/data/intervene:add' },
      schema: {
        tags,
        summary: "Raise a warning from a teacher's report or an observation",
        body: warningReport,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => ok(request, await reportWarning(actorOf(request), request.body)),
  );

  const step = <B extends z.ZodType>(path: string, access: string, summary: string, body: B) => ({
    path: `${P}/${path}`,
    options: { config: { access }, schema: { tags, summary, body, response: done } },
  });
  const setup = step(
    'setup',
    '/data/intervene:assign',
    'Assign the psychology teacher and the class teacher',
    warningSetup,
  );
  app.post(setup.path, setup.options, async (r) => ok(r, await setupWarning(actorOf(r), r.body).then(() => null)));
  const publish = step('publish', '/data/intervene:assign', 'Publish to the handlers', warningId);
  app.post(publish.path, publish.options, async (r) =>
    ok(r, await publishWarning(actorOf(r), r.body.id).then(() => null)),
  );
  const solve = step('solve', '/data/intervene:edit', 'Close as solved, with the conclusion', warningSolve);
  app.post(solve.path, solve.options, async (r) => ok(r, await solveWarning(actorOf(r), r.body).then(() => null)));
  const handover = step('handover', '/data/intervene:edit', 'Hand over to a person or a higher level', warningHandover);
  app.post(handover.path, handover.options, async (r) => ok(r, await handOver(actorOf(r), r.body).then(() => null)));
  const cancel = step('cancel', '/data/intervene:assign', 'Cancel, with the reason', warningCancel);
  app.post(cancel.path, cancel.options, async (r) => ok(r, await cancelWarning(actorOf(r), r.body).then(() => null)));
  const retry = step('retry', '/data/intervene:edit', 'Send a failed notice again', warningId);
  app.post(retry.path, retry.options, async (r) => ok(r, await retryPush(actorOf(r), r.body.id).then(() => null)));
  const level = step('level', '/data/intervene:edit', 'Raise or lower the level, with the reason', warningRelevel);
  app.post(level.path, level.options, async (r) => ok(r, await relevelWarning(actorOf(r), r.body).then(() => null)));
};
