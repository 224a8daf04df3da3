import {
  envelopeOf,
  ORG_TYPES,
  orgCreate,
  orgMove,
  orgNode,
  orgRemove,
  orgSearch,
  orgStatus,
  orgTreeNode,
  orgUpdate,
  pageOf,
  pageQuery,
  queryId,
  textFilter,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from './actor.ts';
import {
  children,
  createOrg,
  editOrg,
  moveOrg,
  nodeTypes,
  preview,
  removeOrg,
  schoolsOfScope,
  schoolTree,
  search,
  setOrgStatus,
} from './service.ts';

const tags = ['organisations'];
const view = { access: '/system/org:view' };
const nodePage = envelopeOf(pageOf(orgNode));
const underQuery = pageQuery.extend({ parentId: queryId.optional(), keyword: textFilter(50) });

/** The Mind organisation tree: bureau, school, campus, grade, class and departments, always within the caller's scope. */
export const orgTreeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apis-rbac/org/nodeTypes',
    {
      config: view,
      schema: {
        tags,
        summary: 'The kinds of organisation, and which may sit under which',
        response: {
          200: envelopeOf(
            z.array(
              z.object({
                type: z.enum(ORG_TYPES),
                name: z.string(),
                parents: z.array(z.enum(ORG_TYPES).nullable()),
                children: z.array(z.enum(ORG_TYPES)),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(request, nodeTypes(actorOf(request))),
  );

  app.post(
    '/apis-rbac/org/add',
    {
      config: { access: '/system/org:add' },
      schema: {
        tags,
        summary: 'Create an organisation under a node of the scope',
        body: orgCreate,
        response: { 200: envelopeOf(orgNode) },
      },
    },
    async (request) => ok(request, await createOrg(actorOf(request), request.body)),
  );

  app.post(
    '/apis-rbac/org/update',
    {
      config: { access: '/system/org:edit' },
      schema: {
        tags,
        summary: 'Rename an organisation, or change its code, order or logo',
        body: orgUpdate,
        response: { 200: envelopeOf(orgNode) },
      },
    },
    async (request) => ok(request, await editOrg(actorOf(request), request.body)),
  );

  app.post(
    '/apis-rbac/org/move',
    {
      config: { access: '/system/org:edit' },
      schema: {
        tags,
        summary: 'Move an organisation and its subtree under another parent',
        body: orgMove,
        response: { 200: envelopeOf(orgNode) },
      },
    },
    async (request) => ok(request, await moveOrg(actorOf(request), request.body.id, request.body.parentId)),
  );

  app.post(
    '/apis-rbac/org/status',
    {
      config: { access: '/system/org:edit' },
      schema: {
        tags,
        summary: 'Enable or disable an organisation',
        body: orgStatus,
        response: { 200: envelopeOf(orgNode) },
      },
    },
    async (request) => ok(request, await setOrgStatus(actorOf(request), request.body.id, request.body.status)),
  );

  app.post(
    '/apis-rbac/org/remove',
    {
      config: { access: '/system/org:delete' },
      schema: {
        tags,
        summary: 'Remove an empty organisation',
        body: orgRemove,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeOrg(actorOf(request), request.body.id);
      return ok(request, null);
    },
  );

  app.get(
    '/apis-rbac/org/children',
    {
      config: view,
      schema: {
        tags,
        summary: 'The children of a node; without `parentId`, the tops of what the caller sees',
        querystring: pageQuery.extend({ parentId: queryId.optional() }),
        response: { 200: nodePage },
      },
    },
    async (request) => ok(request, await children(actorOf(request), request.query.parentId, request.query)),
  );

  app.get(
    '/apis-rbac/org/schoolTree',
    {
      config: view,
      schema: {
        tags,
        summary: 'Bureaus, schools and campuses of the scope, as trees',
        response: { 200: envelopeOf(z.array(orgTreeNode)) },
      },
    },
    async (request) => ok(request, await schoolTree(actorOf(request))),
  );

  app.get(
    '/apis-rbac/org/preview',
    {
      config: view,
      schema: {
        tags,
        summary: 'A node with its ancestors, its children by type and its member count',
        querystring: z.object({ id: queryId }),
        response: {
          200: envelopeOf(
            z.object({
              node: orgNode,
              ancestors: z.array(z.object({ id: z.number(), name: z.string(), type: z.enum(ORG_TYPES) })),
              children: z.array(z.object({ type: z.enum(ORG_TYPES), typeName: z.string(), count: z.number() })),
              members: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => ok(request, await preview(actorOf(request), request.query.id)),
  );

  app.get(
    '/apis-rbac/org/node/list',
    {
      config: view,
      schema: {
        tags,
        summary: 'Search organisations by name, type and status (optionally under `parentId`)',
        querystring: pageQuery.extend({ ...orgSearch.shape, parentId: queryId.optional() }),
        response: { 200: nodePage },
      },
    },
    async (request) => ok(request, await search(actorOf(request), request.query, request.query)),
  );

  app.get(
    '/apis-rbac/org/class',
    {
      config: view,
      schema: {
        tags,
        summary: 'The classes of the scope, optionally under `parentId` (a school, campus or grade)',
        querystring: underQuery,
        response: { 200: nodePage },
      },
    },
    async (request) => ok(request, await search(actorOf(request), { ...request.query, type: 'class' }, request.query)),
  );

  app.get(
    '/apis-rbac/org/dept',
    {
      config: view,
      schema: {
        tags,
        summary: 'The departments of the scope, optionally under `parentId`',
        querystring: underQuery,
        response: { 200: nodePage },
      },
    },
    async (request) =>
      ok(request, await search(actorOf(request), { ...request.query, type: 'department' }, request.query)),
  );

  app.get(
    '/apis-rbac/org/data/school',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The schools of the caller's data scope (for a class teacher, the school of their classes)",
        querystring: pageQuery.extend({ keyword: textFilter(50) }),
        response: { 200: nodePage },
      },
    },
    async (request) => ok(request, await schoolsOfScope(actorOf(request), request.query.keyword, request.query)),
  );
};
