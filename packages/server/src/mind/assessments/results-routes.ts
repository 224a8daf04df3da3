import {
  resultDetail as detail,
  envelopeOf,
  groupReport,
  groupReportQuery,
  pageOf,
  resultPage,
  resultRow,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { groupReport as report } from './report.ts';
import { listResults, resultDetail } from './results.ts';

const tags = ['assessment results'];
const id = z.coerce.number().int().positive();
/** The scales the spec's analysis calls name by path. */
const SCALE_PATHS = ['mhrsp', 'mht', 'phq', 'kte', 'qxsc', 'kqsc', 'fmrcdtgc'] as const;

export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apis-psychology/survey/record/query',
    {
      config: { access: '/data/scaleResult:view' },
      schema: {
        tags,
        summary: 'Results within the scope, by school, grade, class, scale, band and warning',
        body: resultPage,
        response: { 200: envelopeOf(pageOf(resultRow)) },
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.body;
      return ok(request, await listResults(actorOf(request), filters, { page, size }));
    },
  );

  app.get(
    '/apis-psychology/survey/result/:id',
    {
      config: { access: '/data/scaleResult:view' },
      schema: {
        tags,
        summary: 'One result (the read is audited)',
        params: z.object({ id }),
        response: { 200: envelopeOf(detail) },
      },
    },
    async (request) => ok(request, await resultDetail(actorOf(request), request.params.id)),
  );

  app.get(
    '/apis-psychology/analysis/itemStatus/:scale/:id',
    {
      config: { access: '/data/scaleResult:view' },
      schema: {
        tags,
        summary: "One result of the named scale (mhrsp, mht, phq, ...), as the spec's per-scale calls answer",
        params: z.object({ scale: z.enum(SCALE_PATHS), id }),
        response: { 200: envelopeOf(detail) },
      },
    },
    async (request) => ok(request, await resultDetail(actorOf(request), request.params.id, request.params.scale)),
  );

  // The spec names both; the norm report is the same figures read against the scale's norm.
  for (const path of ['/apis-psychology/cp/report', '/apis-psychology/cp/normReport']) {
    app.post(
      path,
      {
        config: { access: '/data/scaleResult:view' },
        schema: {
          tags,
          summary: 'A group report of one scale: positives, mean and bands by school, grade, class or gender',
          body: groupReportQuery,
          response: { 200: envelopeOf(groupReport) },
        },
      },
      async (request) => {
        const { by, ...filters } = request.body;
        return ok(request, await report(actorOf(request), filters, by));
      },
    );
  }
};
