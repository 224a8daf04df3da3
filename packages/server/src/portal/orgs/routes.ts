import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appCenterRoutes } from '../apps/center-routes.ts';
import { portalAppRoutes } from '../apps/routes.ts';
import { auditRoutes } from '../audit/routes.ts';
import { roleRoutes } from './roles/routes.ts';
import { subUserRoutes } from './sub-users/routes.ts';
import { orgTreeRoutes } from './tree-routes.ts';
import { userQueryRoutes } from './users/routes.ts';

/** The routes of organisations, roles, users in scope, Device Cloud sub-users, apps, code lists and the audit search. */
export const orgsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(orgTreeRoutes);
  await app.register(roleRoutes);
  await app.register(userQueryRoutes);
  await app.register(portalAppRoutes);
  await app.register(appCenterRoutes);
  await app.register(auditRoutes);
  // Device Cloud's own REST calls exist only where Device Cloud is deployed.
  if (app.config.MERIDIAN_APPS.includes('iot')) await app.register(subUserRoutes);
};
