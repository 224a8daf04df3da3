import fastifyMultipart from '@fastify/multipart';
import { downloadTask, envelopeOf } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeWorkbook, XLSX_TYPE } from '../../platform/excel/sheet.ts';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { aiImportTemplate, startAiImport } from './import.ts';

const tags = ['AI interviews'];
/** Importing records adds results: the AI assessment's `add` grant (psychology teachers, school administrators). */
const IMPORT = '/data/AIScaleMeasurement:add';
const attachment = (name: string) =>
  `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** `ai-im import task` (decision 0145): the template, and the upload that starts an import job. */
export const aiImportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin; the import sets its own limits (uploadRules.excel) when it reads the parts.
  await app.register(fastifyMultipart, { limits: { fileSize: 1, files: 0, fields: 0, parts: 1 } });
  app.get(
    '/apis-psychology/ai-im/import/template',
    {
      config: { access: IMPORT, sends: 'file' },
      schema: { tags, summary: "The import template (xlsx), headers in the caller's language, with the scales' codes" },
    },
    async (request, reply) => {
      const template = await aiImportTemplate(actorOf(request));
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachment(template.name))
        .send(writeWorkbook(template.sheets));
    },
  );
  app.post(
    '/apis-psychology/ai-im/import/task',
    {
      config: { access: IMPORT },
      schema: {
        tags,
        summary:
          'Imports prior AI interview records: multipart xlsx (20 MB, 2,000 rows); runs as a download-center task',
        response: { 200: envelopeOf(downloadTask) },
      },
    },
    async (request) => ok(request, await startAiImport(actorOf(request), request)),
  );
};
