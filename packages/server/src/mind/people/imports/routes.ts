import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  dataCheckReport,
  dataCheckRun,
  envelopeOf,
  type PeopleImportKind,
  peopleExportQuery,
  peopleImportResult,
} from '@meridian/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { XLSX_TYPE } from '../../../platform/excel/sheet.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { type Actor, actorOf } from '../../../portal/orgs/actor.ts';
import { importTemplate } from './columns.ts';
import { runDataCheck } from './data-check.ts';
import { exportParents, exportStudents, exportTeachers } from './exports.ts';
import { importOrgs } from './orgs.ts';
import { importParents } from './parents.ts';
import { importStudents } from './students.ts';
import { importTeachers } from './teachers.ts';

const tags = ['people imports'];
const attachment = (name: string) => `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;
const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

type Importer = (actor: Actor, request: FastifyRequest) => Promise<{ imported: number; created?: number }>;
type Exporter = (
  actor: Actor,
  query: { schoolId?: number; gradeId?: number; classId?: number },
) => Promise<AsyncGenerator<Buffer>>;

/** Each kind: its import, its permission path, and its export where the roster has one. */
const KINDS: Array<{ kind: PeopleImportKind; path: string; importer: Importer; exporter?: Exporter }> = [
  { kind: 'student', path: '/system/student', importer: importStudents, exporter: exportStudents },
  { kind: 'teacher', path: '/system/teacher', importer: importTeachers, exporter: exportTeachers },
  { kind: 'parent', path: '/system/parent', importer: importParents, exporter: exportParents },
  { kind: 'org', path: '/system/org', importer: importOrgs },
];

const sendXlsx = (reply: FastifyReply, name: string, body: Buffer | Readable) =>
  reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(name)).send(body);

/** Imports, templates and exports of students, teachers, parents and a school's classes; data checks. */
export const peopleImportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin; each import sets its own limits (uploadRules.excel) when it reads the parts.
  await app.register(fastifyMultipart, { limits: { fileSize: 1, files: 0, fields: 0, parts: 1 } });

  for (const { kind, path, importer, exporter } of KINDS) {
    app.get(
      `/apis-user/${kind}/import/template`,
      {
        config: { access: `${path}:add`, sends: 'file' },
        schema: { tags, summary: `The ${kind} import template, headers in the caller’s language, one example row` },
      },
      async (request, reply) =>
        sendXlsx(reply, `${kind}-import-${request.lang}.xlsx`, importTemplate(kind, request.lang)),
    );

    app.post(
      `/apis-user/${kind}/import`,
      {
        config: { access: `${path}:add` },
        schema: {
          tags,
          summary: `${kind} import: multipart file (xls/xlsx, 20 MB, 5,000 rows) and schoolId; all rows or none`,
          response: { 200: envelopeOf(peopleImportResult) },
        },
      },
      async (request) => ok(request, await importer(actorOf(request), request)),
    );

    if (exporter) {
      app.get(
        `/apis-user/${kind}/export`,
        {
          config: { access: `${path}:view`, sends: 'file' },
          schema: {
            tags,
            summary: `The ${kind}s of the caller’s scope as an xlsx download`,
            querystring: peopleExportQuery,
          },
        },
        async (request, reply) => {
          const stream = await exporter(actorOf(request), request.query);
          return sendXlsx(reply, `${kind}s-${today()}.xlsx`, Readable.from(stream));
        },
      );
    }
  }

  app.post(
    '/apis-user/dataCheck/run',
    {
      config: { access: '/system/dataCheck:view' },
      schema: {
        tags,
        summary: 'Duplicates and orphans in the roster of the caller’s scope, with counts and the first rows',
        body: dataCheckRun,
        response: { 200: envelopeOf(dataCheckReport) },
      },
    },
    async (request) => ok(request, await runDataCheck(actorOf(request), request.body)),
  );
};
