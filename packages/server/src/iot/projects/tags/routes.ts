import {
  envelopeOf,
  pageOf,
  pageQuery,
  queryId,
  tagCategoryCreate,
  tagCategoryUpdate,
  tagCategoryView,
  tagCreate,
  tagDevices,
  tagSearch,
  tagUpdate,
  tagView,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../../../portal/orgs/actor.ts';
import {
  addTagDevices,
  createCategory,
  createTag,
  editCategory,
  editTag,
  getTag,
  listCategories,
  listTags,
  removeCategory,
  removeTag,
  removeTagDevices,
} from './service.ts';

const tags = ['Device Cloud device groups'];
const byId = z.object({ id: queryId });

/** Tag categories and tags, the Device Group screen (a device page, so the devices permission). */
export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/tag-categories',
    {
      config: { access: '/iot/devices:view' },
      schema: {
        tags,
        summary: "The tag categories of the caller's accounts",
        querystring: pageQuery,
        response: { 200: envelopeOf(pageOf(tagCategoryView)) },
      },
    },
    async (request) => ok(request, await listCategories(actorOf(request), request.query)),
  );

  app.post(
    '/iot/tag-categories',
    {
      config: { access: '/iot/devices:edit' },
      schema: {
        tags,
        summary: 'Create a tag category (at most 5)',
        body: tagCategoryCreate,
        response: { 200: envelopeOf(tagCategoryView) },
      },
    },
    async (request) => ok(request, await createCategory(actorOf(request), request.body)),
  );

  app.put(
    '/iot/tag-categories/:id',
    {
      config: { access: '/iot/devices:edit' },
      schema: {
        tags,
        summary: 'Rename or reorder a tag category',
        params: byId,
        body: tagCategoryUpdate,
        response: { 200: envelopeOf(tagCategoryView) },
      },
    },
    async (request) => ok(request, await editCategory(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/iot/tag-categories/:id',
    {
      config: { access: '/iot/devices:edit' },
      schema: {
        tags,
        summary: 'Delete a tag category; its tags stay without one',
        params: byId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeCategory(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );

  app.get(
    '/iot/tags',
    {
      config: { access: '/iot/devices:view' },
      schema: {
        tags,
        summary: "The device groups (tags) of the caller's accounts",
        querystring: pageQuery.extend(tagSearch.shape),
        response: { 200: envelopeOf(pageOf(tagView)) },
      },
    },
    async (request) => {
      const { keyword, categoryId, page, size } = request.query;
      return ok(request, await listTags(actorOf(request), { keyword, categoryId }, { page, size }));
    },
  );

  app.get(
    '/iot/tags/:id',
    {
      config: { access: '/iot/devices:view' },
      schema: { tags, summary: 'One device group', params: byId, response: { 200: envelopeOf(tagView) } },
    },
    async (request) => ok(request, await getTag(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/tags',
    {
      config: { access: '/iot/devices:edit' },
      schema: { tags, summary: 'Create a device group', body: tagCreate, response: { 200: envelopeOf(tagView) } },
    },
    async (request) => ok(request, await createTag(actorOf(request), request.body)),
  );

  app.put(
    '/iot/tags/:id',
    {
      config: { access: '/iot/devices:edit' },
      schema: {
        tags,
        summary: 'Edit a device group',
        params: byId,
        body: tagUpdate,
        response: { 200: envelopeOf(tagView) },
      },
    },
    async (request) => ok(request, await editTag(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/iot/tags/:id',
    {
      config: { access: '/iot/devices:edit' },
      schema: {
        tags,
        summary: 'Delete a device group; its devices lose the tag',
        params: byId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeTag(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/iot/tags/:id/devices',
    {
      config: { access: '/iot/devices:edit' },
      schema: {
        tags,
        summary: 'Add devices to a group (at most 3 tags per device)',
        params: byId,
        body: tagDevices,
        response: { 200: envelopeOf(tagView) },
      },
    },
    async (request) => ok(request, await addTagDevices(actorOf(request), request.params.id, request.body.deviceIds)),
  );

  app.delete(
    '/iot/tags/:id/devices',
    {
      config: { access: '/iot/devices:edit' },
      schema: {
        tags,
        summary: 'Take devices out of a group',
        params: byId,
        body: tagDevices,
        response: { 200: envelopeOf(tagView) },
      },
    },
    async (request) => ok(request, await removeTagDevices(actorOf(request), request.params.id, request.body.deviceIds)),
  );
};
