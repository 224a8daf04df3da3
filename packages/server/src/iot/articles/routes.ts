import { articleInput, articleQuery, articleView, envelopeOf, pageOf, queryId } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { addArticle, articleDetail, editArticle, listArticles, publishedArticle, removeArticle } from './service.ts';

const tags = ['Device Cloud articles'];
const ARTICLES = '/iot/articles';
const byId = z.object({ id: queryId });
const one = { 200: envelopeOf(articleView) };

/** Article List (spec section 2): announcements, news and help, and the published ones for every user (decision 0094). */
export const articlesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/articles',
    {
      config: { access: `${ARTICLES}:view` },
      schema: {
        tags,
        summary: 'Articles: newest first, by title, type or published state',
        querystring: articleQuery,
        response: { 200: envelopeOf(pageOf(articleView)) },
      },
    },
    async (request) => ok(request, await listArticles(actorOf(request), request.query)),
  );

  app.get(
    '/iot/articles/published/:id',
    {
      // Whoever sees the home page reads the announcements it lists.
      config: { access: '/iot/home:view' },
      schema: { tags, summary: 'A published article, for any user', params: byId, response: one },
    },
    async (request) => ok(request, await publishedArticle(actorOf(request), request.params.id)),
  );

  app.get(
    '/iot/articles/:id',
    {
      config: { access: `${ARTICLES}:view` },
      schema: { tags, summary: 'One article, published or not', params: byId, response: one },
    },
    async (request) => ok(request, await articleDetail(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/articles',
    {
      config: { access: `${ARTICLES}:add` },
      schema: { tags, summary: 'Writes an article; its HTML is sanitised', body: articleInput, response: one },
    },
    async (request) => ok(request, await addArticle(actorOf(request), request.body)),
  );

  app.put(
    '/iot/articles/:id',
    {
      config: { access: `${ARTICLES}:edit` },
      schema: { tags, summary: 'Edits an article', params: byId, body: articleInput, response: one },
    },
    async (request) => ok(request, await editArticle(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/iot/articles/:id',
    {
      config: { access: `${ARTICLES}:delete` },
      schema: { tags, summary: 'Deletes an article', params: byId, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await removeArticle(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
};
