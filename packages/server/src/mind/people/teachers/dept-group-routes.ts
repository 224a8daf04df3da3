import {
  deptCreate,
  deptQuery,
  deptUpdate,
  envelopeOf,
  groupCreate,
  groupMember,
  groupMembersQuery,
  groupMembersSet,
  groupQuery,
  groupRow,
  groupUpdate,
  orgNode,
  pageOf,
  teacherIdBody,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../../../portal/orgs/actor.ts';
import { addDept, editDept, listDepts, removeDept } from './depts.ts';
import { addGroup, editGroup, groupMembers, listGroups, removeGroup, setGroupMembers } from './groups.ts';

const tags = ['departments and groups'];
const idBody = teacherIdBody;
const done = envelopeOf(z.null());

/** Departments (organisations of type department) and user groups of schools and bureaus. */
export const deptAndGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const deptView = { access: '/system/dept:view' };
  const deptEdit = { access: '/system/dept:edit' };
  app.post(
    '/apis-user/dept/page',
    {
      config: deptView,
      schema: {
        tags,
        summary: 'Departments of the scope',
        body: deptQuery,
        response: { 200: envelopeOf(pageOf(orgNode)) },
      },
    },
    async (request) => ok(request, await listDepts(actorOf(request), request.body)),
  );
  app.post(
    '/apis-user/dept/add',
    {
      config: deptEdit,
      schema: {
        tags,
        summary: 'Add a department under a school or a bureau',
        body: deptCreate,
        response: { 200: envelopeOf(orgNode) },
      },
    },
    async (request) => ok(request, await addDept(actorOf(request), request.body)),
  );
  app.post(
    '/apis-user/dept/update',
    {
      config: deptEdit,
      schema: {
        tags,
        summary: 'Rename a department or change its code or order',
        body: deptUpdate,
        response: { 200: envelopeOf(orgNode) },
      },
    },
    async (request) => ok(request, await editDept(actorOf(request), request.body)),
  );
  app.post(
    '/apis-user/dept/remove',
    {
      config: deptEdit,
      schema: { tags, summary: 'Remove an empty department', body: idBody, response: { 200: done } },
    },
    async (request) => ok(request, await removeDept(actorOf(request), request.body.id).then(() => null)),
  );

  const groupView = { access: '/system/group:view' };
  const groupEdit = { access: '/system/group:edit' };
  app.post(
    '/apis-user/group/page',
    {
      config: groupView,
      schema: {
        tags,
        summary: 'User groups of the scope',
        body: groupQuery,
        response: { 200: envelopeOf(pageOf(groupRow)) },
      },
    },
    async (request) => ok(request, await listGroups(actorOf(request), request.body)),
  );
  app.post(
    '/apis-user/group/add',
    {
      config: groupEdit,
      schema: {
        tags,
        summary: 'Add a group to a school or a bureau',
        body: groupCreate,
        response: { 200: envelopeOf(groupRow) },
      },
    },
    async (request) => ok(request, await addGroup(actorOf(request), request.body)),
  );
  app.post(
    '/apis-user/group/update',
    {
      config: groupEdit,
      schema: {
        tags,
        summary: 'Rename a group or change its description',
        body: groupUpdate,
        response: { 200: envelopeOf(groupRow) },
      },
    },
    async (request) => ok(request, await editGroup(actorOf(request), request.body)),
  );
  app.post(
    '/apis-user/group/remove',
    {
      config: groupEdit,
      schema: {
        tags,
        summary: 'Remove a group (its members keep their accounts)',
        body: idBody,
        response: { 200: done },
      },
    },
    async (request) => ok(request, await removeGroup(actorOf(request), request.body.id).then(() => null)),
  );
  app.post(
    '/apis-user/group/members',
    {
      config: groupView,
      schema: {
        tags,
        summary: 'The members of a group',
        body: groupMembersQuery,
        response: { 200: envelopeOf(pageOf(groupMember)) },
      },
    },
    async (request) => ok(request, await groupMembers(actorOf(request), request.body)),
  );
  app.post(
    '/apis-user/group/members/set',
    {
      config: groupEdit,
      schema: {
        tags,
        summary: "Replace a group's members",
        body: groupMembersSet,
        response: { 200: envelopeOf(groupRow) },
      },
    },
    async (request) => ok(request, await setGroupMembers(actorOf(request), request.body)),
  );
};
