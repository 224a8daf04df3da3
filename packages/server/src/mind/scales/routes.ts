import fastifyMultipart from '@fastify/multipart';
import {
  envelopeOf,
  pageOf,
  SCALE_AUDIENCES,
  scaleCheck,
  scaleCopy,
  scaleCreate,
  scaleDetail,
  scaleEdit,
  scaleId,
  scaleIdQuery,
  scaleItemText,
  scalePage,
  scalePreviewScore,
  scaleSummary,
  scaleValidate,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { copyScale, createScale, editDraft, publishScale, removeScale, unpublishScale } from './custom.ts';
import { importItemText, importItemTextSheet } from './item-text.ts';
import { definitionProblems, previewScore, scaleDetail as readScale, scaleCenter } from './service.ts';

const tags = ['scales'];
const base = '/apis-psychology/scale';
const view = '/data/systemScale:view';
const one = { 200: envelopeOf(scaleDetail) };

/** The calls of the scale center and custom scales; custom scales are seen within the caller's scope. */
export const scalesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin; the item text upload sets its own limits when it reads the parts.
  await app.register(fastifyMultipart, { limits: { fileSize: 1, files: 0, fields: 0, parts: 1 } });

  app.post(
    `${base}/page`,
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'The scale center: built-in and custom scales, by audience, source, status or name',
        body: scalePage,
        response: { 200: envelopeOf(pageOf(scaleSummary)) },
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.body;
      return ok(request, await scaleCenter(actorOf(request), filters, { page, size }));
    },
  );

  app.get(
    '/apis-psychology/analysis/itemStatus/scaleInfoList',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'The published scales a task may use, for one audience (at most 500)',
        querystring: z.object({ audience: z.enum(SCALE_AUDIENCES, { error: 'v.scale.audience' }).optional() }),
        response: { 200: envelopeOf(z.array(scaleSummary)) },
      },
    },
    async (request) => {
      const found = await scaleCenter(
        actorOf(request),
        { audience: request.query.audience, status: 'published' },
        { page: 1, size: 500 },
      );
      return ok(request, found.list);
    },
  );

  app.get(
    `${base}/info`,
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'A scale with its description, definition, draft and versions',
        querystring: scaleIdQuery,
        response: one,
      },
    },
    async (request) => ok(request, await readScale(actorOf(request), request.query.id)),
  );

  app.post(
    `${base}/preview/score`,
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'Scores answers against the published version (or the draft, for its editor); nothing is stored',
        body: scalePreviewScore,
        response: { 200: envelopeOf(z.unknown()) },
      },
    },
    async (request) => ok(request, await previewScore(actorOf(request), request.body)),
  );

  app.post(
    `${base}/custom/validate`,
    {
      config: { access: '/data/systemScale:add' },
      schema: {
        tags,
        summary: 'Checks a whole definition: one problem per broken rule, at its field',
        body: scaleValidate,
        response: { 200: envelopeOf(scaleCheck) },
      },
    },
    async (request) =>
      ok(request, { problems: definitionProblems(request.body.definition, request.lang, 'definition.') }),
  );

  app.post(
    `${base}/custom/add`,
    {
      config: { access: '/data/systemScale:add' },
      schema: { tags, summary: 'A new custom scale, saved as a draft', body: scaleCreate, response: one },
    },
    async (request) => ok(request, await createScale(actorOf(request), request.body)),
  );

  app.post(
    `${base}/custom/copy`,
    {
      config: { access: '/data/systemScale:add' },
      schema: {
        tags,
        summary: 'A custom draft copied from a published scale, under a new code',
        body: scaleCopy,
        response: one,
      },
    },
    async (request) => ok(request, await copyScale(actorOf(request), request.body)),
  );

  app.post(
    `${base}/custom/edit`,
    {
      config: { access: '/data/systemScale:edit' },
      schema: { tags, summary: 'Saves the draft of a custom scale', body: scaleEdit, response: one },
    },
    async (request) => ok(request, await editDraft(actorOf(request), request.body)),
  );

  app.post(
    `${base}/custom/publish`,
    {
      config: { access: '/data/systemScale:edit' },
      schema: { tags, summary: 'Publishes the draft as a new immutable version', body: scaleId, response: one },
    },
    async (request) => ok(request, await publishScale(actorOf(request), request.body.id)),
  );

  app.post(
    `${base}/custom/unpublish`,
    {
      config: { access: '/data/systemScale:edit' },
      schema: { tags, summary: 'Takes a scale out of new tasks; pinned versions go on', body: scaleId, response: one },
    },
    async (request) => ok(request, await unpublishScale(actorOf(request), request.body.id)),
  );

  app.post(
    `${base}/custom/delete`,
    {
      config: { access: '/data/systemScale:delete' },
      schema: {
        tags,
        summary: 'Deletes a custom scale no task has used',
        body: scaleId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => ok(request, await removeScale(actorOf(request), request.body.id)),
  );

  app.post(
    `${base}/itemText/import`,
    {
      config: { access: '/data/systemScale:edit' },
      schema: {
        tags,
        summary: 'Imports the licensed item text of a scale in one language (item number → text)',
        body: scaleItemText,
        response: one,
      },
    },
    async (request) => ok(request, await importItemText(actorOf(request), request.body)),
  );

  app.post(
    `${base}/itemText/upload`,
    {
      config: { access: '/data/systemScale:edit' },
      schema: {
        tags,
        summary:
          'The same import from a workbook: multipart file (xls/xlsx, columns 题号/Item and 题目/Text), id and lang',
        response: one,
      },
    },
    async (request) => ok(request, await importItemTextSheet(actorOf(request), request)),
  );
};
