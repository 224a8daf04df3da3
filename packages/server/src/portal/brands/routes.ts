import {
  brandInput,
  envelopeOf,
  ownBrand,
  pageOf,
  publicBrand,
  queryId,
  resellerUser,
  resellerUserQuery,
  resellerUserStatus,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../orgs/actor.ts';
import {
  brandOfHost,
  listResellerUsers,
  ownBrand as ownBrandOf,
  saveOwnBrand,
  setResellerUserStatus,
} from './service.ts';

const tags = ['neutral operation'];
const byId = z.object({ id: queryId });

/**
 * Neutral operation (decision 0116): the brand of the domain a page is on, for everyone; a neutral
 * member's own brand and the customers who signed up on its domain. Who may run a brand is its
 * membership, checked in the service; the routes need a signed-in caller.
 */
export const brandRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.kysely;

  app.get(
    '/portal/brand/current',
    {
      // The sign-in page shows it before anyone signs in.
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The brand of the request's host, or null on the platform's own domains",
        response: { 200: envelopeOf(publicBrand.nullable()) },
      },
    },
    async (request) => ok(request, await brandOfHost(db, request.hostname)),
  );

  app.get(
    '/portal/brand',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Your brand, and whether you may run one', response: { 200: envelopeOf(ownBrand) } },
    },
    async (request) => ok(request, await ownBrandOf(actorOf(request))),
  );

  app.put(
    '/portal/brand',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Sets your brand and custom domain (neutral members)',
        body: brandInput,
        response: { 200: envelopeOf(ownBrand) },
      },
    },
    async (request) => ok(request, await saveOwnBrand(actorOf(request), request.body)),
  );

  app.get(
    '/portal/brand/customers',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The accounts that signed up on your domain (reseller users)',
        querystring: resellerUserQuery,
        response: { 200: envelopeOf(pageOf(resellerUser)) },
      },
    },
    async (request) => ok(request, await listResellerUsers(actorOf(request), request.query)),
  );

  app.put(
    '/portal/brand/customers/:id/status',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Enables or disables one of your customers',
        params: byId,
        body: resellerUserStatus,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await setResellerUserStatus(actorOf(request), request.params.id, request.body.status);
      return ok(request, null);
    },
  );
};
