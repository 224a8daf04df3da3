import {
  envelopeOf,
  libraryEntry,
  pageOf,
  pageQuery,
  protocolUsage,
  queryId,
  templateApplied,
  templateApply,
  templateCopy,
  templateDetail,
  templateInput,
  templateListQuery,
  templateSummary,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import {
  applyTemplate,
  copyLibrary,
  copyTemplate,
  createTemplate,
  deleteTemplate,
  templateDetail as detailOfTemplate,
  libraryDetail,
  listLibrary,
  listTemplates,
  protocolUsage as protocolUsageOf,
  replaceTemplate,
} from './service.ts';

const tags = ['Device Cloud templates'];
const byId = z.object({ id: queryId });
const listQuery = pageQuery.extend(templateListQuery.shape);

/** The calls of Device Cloud templates, slaves, data points and the device library. */
export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/templates',
    {
      config: { access: '/iot/templates:view' },
      schema: {
        tags,
        summary: "The caller's templates with slave, point and device counts",
        querystring: listQuery,
        response: { 200: envelopeOf(pageOf(templateSummary)) },
      },
    },
    async (request) => ok(request, await listTemplates(actorOf(request), request.query.keyword, request.query)),
  );

  app.get(
    '/iot/templates/protocols',
    {
      config: { access: '/iot/templates:view' },
      schema: {
        tags,
        summary: "Communication Protocol: each protocol and the caller's templates that use it",
        response: { 200: envelopeOf(z.array(protocolUsage)) },
      },
    },
    async (request) => ok(request, await protocolUsageOf(actorOf(request))),
  );

  app.get(
    '/iot/templates/:id',
    {
      config: { access: '/iot/templates:view' },
      schema: {
        tags,
        summary: 'A template with its slaves and data points',
        params: byId,
        response: { 200: envelopeOf(templateDetail) },
      },
    },
    async (request) => ok(request, await detailOfTemplate(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/templates',
    {
      config: { access: '/iot/templates:edit' },
      schema: { tags, summary: 'Add Template', body: templateInput, response: { 200: envelopeOf(templateDetail) } },
    },
    async (request) => ok(request, await createTemplate(actorOf(request), request.body)),
  );

  app.put(
    '/iot/templates/:id',
    {
      config: { access: '/iot/templates:edit' },
      schema: {
        tags,
        summary: 'Replace a whole template (slaves and points keep the ids they are sent with)',
        params: byId,
        body: templateInput,
        response: { 200: envelopeOf(templateDetail) },
      },
    },
    async (request) => ok(request, await replaceTemplate(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/iot/templates/:id',
    {
      config: { access: '/iot/templates:delete' },
      schema: {
        tags,
        summary: 'Delete a template no device uses',
        params: byId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteTemplate(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/iot/templates/:id/copy',
    {
      config: { access: '/iot/templates:edit' },
      schema: {
        tags,
        summary: 'Copy a template',
        params: byId,
        body: templateCopy.optional(),
        response: { 200: envelopeOf(templateDetail) },
      },
    },
    async (request) => ok(request, await copyTemplate(actorOf(request), request.params.id, request.body?.name)),
  );

  app.post(
    '/iot/templates/:id/apply',
    {
      config: { access: '/iot/devices:edit' },
      schema: {
        tags,
        summary:
          'Template Application (Single Application with one device): devices read their points from this template',
        params: byId,
        body: templateApply,
        response: { 200: envelopeOf(templateApplied) },
      },
    },
    async (request) => ok(request, await applyTemplate(actorOf(request), request.params.id, request.body.deviceIds)),
  );

  app.get(
    '/iot/library',
    {
      config: { access: '/iot/templates:view' },
      schema: {
        tags,
        summary: 'The built-in device library',
        querystring: listQuery,
        response: { 200: envelopeOf(pageOf(libraryEntry)) },
      },
    },
    async (request) => ok(request, await listLibrary(actorOf(request), request.query.keyword, request.query)),
  );

  app.get(
    '/iot/library/:id',
    {
      config: { access: '/iot/templates:view' },
      schema: {
        tags,
        summary: 'A library entry with its slaves and data points',
        params: byId,
        response: { 200: envelopeOf(templateDetail) },
      },
    },
    async (request) => ok(request, await libraryDetail(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/library/:id/copy',
    {
      config: { access: '/iot/templates:edit' },
      schema: {
        tags,
        summary: "Copy a library entry into the caller's templates",
        params: byId,
        body: templateCopy.optional(),
        response: { 200: envelopeOf(templateDetail) },
      },
    },
    async (request) => ok(request, await copyLibrary(actorOf(request), request.params.id, request.body?.name)),
  );
};
