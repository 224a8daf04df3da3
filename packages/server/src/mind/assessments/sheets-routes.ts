import { envelopeOf, myTask, sheet, sheetRef, sheetRefQuery, sheetSave, submitted } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { beginSheet, mySheets, resumeSheet, saveSheet, submitSheet } from './sheets.ts';

const tags = ['assessments (H5)'];
const base = '/apis-psychology/h5/survey';
const oneSheet = envelopeOf(sheet);

/**
 * Answering on H5. Open to any signed-in account: what a caller may answer is decided by the
 * sheets assigned to them (or to the student they rate), not by a role.
 */
export const sheetsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${base}/mine`,
    {
      config: { access: 'user' },
      schema: { tags, summary: 'My open sheets (and those I rate)', response: { 200: envelopeOf(z.array(myTask)) } },
    },
    async (request) => ok(request, await mySheets(actorOf(request))),
  );

  app.get(
    `${base}/sheet`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A sheet with its saved answers, to resume',
        querystring: sheetRefQuery,
        response: { 200: oneSheet },
      },
    },
    async (request) => ok(request, await resumeSheet(actorOf(request), request.query)),
  );

  app.post(
    `${base}/start`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Starts a sheet (the maximum answering time runs from here)',
        body: sheetRef,
        response: { 200: oneSheet },
      },
    },
    async (request) => ok(request, await beginSheet(actorOf(request), request.body)),
  );

  app.post(
    `${base}/save`,
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Saves answers as they are given', body: sheetSave, response: { 200: oneSheet } },
    },
    async (request) => {
      const { answers, ...ref } = request.body;
      return ok(request, await saveSheet(actorOf(request), ref, answers));
    },
  );

  app.post(
    `${base}/submit`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Submits a sheet: checked, scored and stored, with the report if the task shows it',
        body: sheetSave,
        response: { 200: envelopeOf(submitted) },
      },
    },
    async (request) => {
      const { answers, ...ref } = request.body;
      return ok(request, await submitSheet(actorOf(request), ref, answers));
    },
  );
};
