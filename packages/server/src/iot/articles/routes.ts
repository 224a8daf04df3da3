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
    '/iot/articles/published/:id',
    {
      // Whoever sees the home page reads the announcements it lists.
      config: { access: '/iot/home:view' },
      schema: { tags, summary: 'A published article, for any user', params: byId, response: one },
    },
    async (request) => ok(request, await publishedArticle(actorOf(request), request.params.id)),
  );

  // The platform's articles, for those holding Article List; a neutral member's own, for its customers
  // (decision 0116): the same calls under the brand's address, for neutral members only.
  const desks = [
    { desk: 'platform', base: '/iot/articles', access: (code: string) => `${ARTICLES}:${code}` },
    { desk: 'brand', base: '/iot/brand/articles', access: () => 'user' },
  ] as const;
  for (const { desk, base, access } of desks) {
    const whose = desk === 'platform' ? 'The platform’s articles' : 'The neutral member’s own articles';
    app.get(
      base,
      {
        config: { access: access('view') },
        schema: {
          tags,
          summary: `${whose}: newest first, by title, type or published state`,
          querystring: articleQuery,
          response: { 200: envelopeOf(pageOf(articleView)) },
        },
      },
      async (request) => ok(request, await listArticles(actorOf(request), desk, request.query)),
    );

    app.get(
      `${base}/:id`,
      {
        config: { access: access('view') },
        schema: { tags, summary: `${whose}: one, published or not`, params: byId, response: one },
      },
      async (request) => ok(request, await articleDetail(actorOf(request), desk, request.params.id)),
    );

    app.post(
      base,
      {
        config: { access: access('add') },
        schema: { tags, summary: `${whose}: writes one; its HTML is sanitised`, body: articleInput, response: one },
      },
      async (request) => ok(request, await addArticle(actorOf(request), desk, request.body)),
    );

    app.put(
      `${base}/:id`,
      {
        config: { access: access('edit') },
        schema: { tags, summary: `${whose}: edits one`, params: byId, body: articleInput, response: one },
      },
      async (request) => ok(request, await editArticle(actorOf(request), desk, request.params.id, request.body)),
    );

    app.delete(
      `${base}/:id`,
      {
        config: { access: access('delete') },
        schema: { tags, summary: `${whose}: deletes one`, params: byId, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        await removeArticle(actorOf(request), desk, request.params.id);
        return ok(request, null);
      },
    );
  }
};
