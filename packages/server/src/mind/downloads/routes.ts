import {
  downloadIdBody,
  downloadIdQuery,
  downloadPage,
  downloadQuery,
  downloadTask,
  envelopeOf,
  groupReport,
  groupReportExport,
  pageOf,
  reportExport,
  resultsExport,
  screenReportQuery,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { filesContextOf } from '../../portal/files/service.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { groupReport as scopeGroupReport } from '../assessments/report.ts';
import {
  cancelDownload,
  downloadInfo,
  downloadStates,
  exportGroupReport,
  exportReport,
  exportResults,
  openDownload,
  downloadPage as page,
  removeDownload,
} from './service.ts';

const tags = ['download center'];
const center = { access: '/data/downloadCenter:view' };
const exporting = { access: '/data/scaleResult:export' };
const started = { 200: envelopeOf(downloadTask) };

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266), so a Chinese name survives. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** The file center of the Mind spec (section 7) and the exports that fill it, under `/api/apis-psychology/`. */
export const downloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apis-psychology/file/page',
    {
      config: center,
      schema: {
        tags,
        summary: "The caller's own download tasks, newest first",
        body: downloadPage,
        response: { 200: envelopeOf(pageOf(downloadTask)) },
      },
    },
    async (request) => {
      const { page: p, size, ...filters } = request.body;
      return ok(request, await page(actorOf(request), filters, { page: p, size }));
    },
  );

  app.post(
    '/apis-psychology/file/query',
    {
      config: center,
      schema: {
        tags,
        summary: 'The state and progress of some of the caller’s tasks',
        body: downloadQuery,
        response: { 200: envelopeOf(z.array(downloadTask)) },
      },
    },
    async (request) => ok(request, await downloadStates(actorOf(request), request.body.ids)),
  );

  app.get(
    '/apis-psychology/file/info',
    {
      config: center,
      schema: { tags, summary: 'One of the caller’s tasks', querystring: downloadIdQuery, response: started },
    },
    async (request) => ok(request, await downloadInfo(actorOf(request), request.query.id)),
  );

  app.get(
    '/apis-psychology/file/download',
    {
      config: { ...center, sends: 'file' },
      schema: { tags, summary: 'The file of a finished task, to its owner (audited)', querystring: downloadIdQuery },
    },
    async (request, reply) => {
      const { task, file, stream } = await openDownload(actorOf(request), filesContextOf(request), request.query.id);
      const extension = file.path.slice(file.path.lastIndexOf('.'));
      return reply
        .header('content-type', file.content_type)
        .header('content-length', Number(file.size))
        .header('content-disposition', attachment(`${task.name}${extension}`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.post(
    '/apis-psychology/file/cancel',
    {
      config: center,
      schema: { tags, summary: 'Stops a queued or running export', body: downloadIdBody, response: started },
    },
    async (request) => ok(request, await cancelDownload(actorOf(request), request.body.id)),
  );

  app.post(
    '/apis-psychology/file/delete',
    {
      config: center,
      schema: {
        tags,
        summary: 'Removes a task and its file',
        body: downloadIdBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeDownload(actorOf(request), filesContextOf(request), request.body.id);
      return ok(request, null);
    },
  );

  app.post(
    '/apis-psychology/survey/record/download',
    {
      config: exporting,
      schema: {
        tags,
        summary: 'Exports the results list (xlsx) through the download center',
        body: resultsExport,
        response: started,
      },
    },
    async (request) => ok(request, await exportResults(actorOf(request), request.body)),
  );

  app.post(
    '/apis-psychology/survey/result/download',
    {
      config: exporting,
      schema: {
        tags,
        summary: 'Exports one individual report (PDF) through the download center',
        body: reportExport,
        response: started,
      },
    },
    async (request) => ok(request, await exportReport(actorOf(request), request.body.id)),
  );

  app.post(
    '/apis-psychology/cp/report/download',
    {
      config: exporting,
      schema: {
        tags,
        summary: 'Exports a group report (PDF) through the download center',
        body: groupReportExport,
        response: started,
      },
    },
    async (request) => ok(request, await exportGroupReport(actorOf(request), request.body)),
  );

  app.post(
    '/apis-psychology/screen/user/cp/report',
    {
      config: { access: '/data/scaleResult:view' },
      schema: {
        tags: ['assessment results'],
        summary: "The large screen's group report of one scale over the caller's whole scope",
        body: screenReportQuery,
        response: { 200: envelopeOf(groupReport) },
      },
    },
    async (request) => {
      const { scaleId, by } = request.body;
      return ok(request, await scopeGroupReport(actorOf(request), { scaleId }, by));
    },
  );
};
