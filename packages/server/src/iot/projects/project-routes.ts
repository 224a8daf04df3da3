import {
  envelopeOf,
  myProjectSearch,
  myProjectView,
  pageOf,
  pageQuery,
  projectCreate,
  projectDevicesAttach,
  projectSearch,
  projectUpdate,
  projectUser,
  projectUsersUpdate,
  projectView,
  queryId,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import {
  attachProjectDevices,
  createProject,
  dismissManager,
  editProject,
  getProject,
  listProjects,
  listProjectUsers,
  myProjects,
  removeProject,
  replaceProjectUsers,
} from './service.ts';

const tags = ['Device Cloud projects'];
const byId = z.object({ id: queryId });

/** Projects: name, manager, phone and associated users (spec section 3), under /api/iot/projects. */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/projects',
    {
      config: { access: '/iot/projects:view' },
      schema: {
        tags,
        summary: "The projects of the caller's account and its sub-users (Subordinate Project)",
        querystring: pageQuery.extend(projectSearch.shape),
        response: { 200: envelopeOf(pageOf(projectView)) },
      },
    },
    async (request) => {
      const { keyword, page, size } = request.query;
      return ok(request, await listProjects(actorOf(request), keyword, { page, size }));
    },
  );

  app.get(
    '/iot/projects/mine',
    {
      // Anyone signed in may list the projects they manage or belong to: the list is their own.
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The projects the caller manages or is associated with (Project and User, Project Manager)',
        querystring: pageQuery.extend(myProjectSearch.shape),
        response: { 200: envelopeOf(pageOf(myProjectView)) },
      },
    },
    async (request) => {
      const { keyword, relation, page, size } = request.query;
      return ok(request, await myProjects(actorOf(request), { keyword, relation }, { page, size }));
    },
  );

  app.get(
    '/iot/projects/:id',
    {
      config: { access: '/iot/projects:view' },
      schema: { tags, summary: 'One project', params: byId, response: { 200: envelopeOf(projectView) } },
    },
    async (request) => ok(request, await getProject(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/projects',
    {
      config: { access: '/iot/projects:add' },
      schema: { tags, summary: 'Create a project', body: projectCreate, response: { 200: envelopeOf(projectView) } },
    },
    async (request) => ok(request, await createProject(actorOf(request), request.body)),
  );

  app.put(
    '/iot/projects/:id',
    {
      config: { access: '/iot/projects:edit' },
      schema: {
        tags,
        summary: "Edit a project's name, manager, phone or remark",
        params: byId,
        body: projectUpdate,
        response: { 200: envelopeOf(projectView) },
      },
    },
    async (request) => ok(request, await editProject(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/iot/projects/:id',
    {
      config: { access: '/iot/projects:delete' },
      schema: {
        tags,
        summary: 'Delete a project without a manager; its devices stay, without a project',
        params: byId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeProject(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/iot/projects/:id/dismiss-manager',
    {
      config: { access: '/iot/projects:edit' },
      schema: {
        tags,
        summary: "Dismiss the project's manager",
        params: byId,
        response: { 200: envelopeOf(projectView) },
      },
    },
    async (request) => ok(request, await dismissManager(actorOf(request), request.params.id)),
  );

  app.get(
    '/iot/projects/:id/users',
    {
      config: { access: '/iot/projects:view' },
      schema: {
        tags,
        summary: "The project's associated users",
        params: byId,
        response: { 200: envelopeOf(z.array(projectUser)) },
      },
    },
    async (request) => ok(request, await listProjectUsers(actorOf(request), request.params.id)),
  );

  app.put(
    '/iot/projects/:id/users',
    {
      config: { access: '/iot/projects:edit' },
      schema: {
        tags,
        summary: "Replace the project's associated users (they see all of its devices)",
        params: byId,
        body: projectUsersUpdate,
        response: { 200: envelopeOf(z.array(projectUser)) },
      },
    },
    async (request) =>
      ok(request, await replaceProjectUsers(actorOf(request), request.params.id, request.body.userIds)),
  );

  app.post(
    '/iot/projects/:id/devices',
    {
      config: { access: '/iot/projects:edit' },
      schema: {
        tags,
        summary: 'Attach devices that have no project yet (a device keeps its project once chosen)',
        params: byId,
        body: projectDevicesAttach,
        response: { 200: envelopeOf(projectView) },
      },
    },
    async (request) =>
      ok(request, await attachProjectDevices(actorOf(request), request.params.id, request.body.deviceIds)),
  );
};
