import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { translate } from '@meridian/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppName } from '../config.ts';

/** The four front ends and the page each one's history fallback serves. */
const entries: ReadonlyArray<{ base: string; page: string; app?: AppName }> = [
  { base: '/iot', page: 'iot/index.html', app: 'iot' },
  { base: '/jdp', page: 'jdp/index.html', app: 'mind' },
  { base: '/h5', page: 'h5/index.html' },
  { base: '', page: 'index.html' },
];

const hasExtension = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname);

export type WebFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
/** What a page becomes for this request (a neutral member's brand on its domain), or nothing to change. */
export type PageRewrite = (request: FastifyRequest) => Promise<((html: string) => string) | undefined>;

/**
 * Serves the Vite build. Hashed assets are cached for a year; pages are never cached, so a new
 * release shows at the next load. A page address under a base that has no file of its own (a
 * deep link such as `/jdp/data/home`) gets that base's page, and the front end routes it.
 * Pages are always served here, never by the static files plugin, so that `rewrite` sees each one.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDir: string,
  apps: readonly AppName[],
  rewrite?: PageRewrite,
): Promise<WebFallback> {
  const built = fs.existsSync(path.join(webDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: ['index.html'],
      redirect: true,
      schemaHide: true,
      allowedPath: (pathname) => !pathname.endsWith('.html'),
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const enabled = entries.filter((e) => !e.app || apps.includes(e.app));
  /** The build's pages, read once: a release replaces the whole build and restarts the server. */
  const pages = new Map<string, string>();
  const pageHtml = async (page: string) => {
    const html = pages.get(page) ?? (await fs.promises.readFile(path.join(webDir, page), 'utf8'));
    pages.set(page, html);
    return html;
  };

  return async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const named = enabled.find((e) => pathname === `/${e.page}`);
    const entry =
      named ?? enabled.find((e) => e.base === '' || pathname === e.base || pathname.startsWith(`${e.base}/`));
    const disabledApp = entries.find((e) => e.app && !enabled.includes(e) && pathname.startsWith(e.base));
    const isFile = !named && hasExtension(pathname);
    if (!entry || disabledApp || isFile || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ code: 404, message: translate('http.notFound', request.lang), data: null });
    }
    if (!built) {
      return reply.code(503).send({ code: 503, message: translate('web.notBuilt', request.lang), data: null });
    }
    const html = await pageHtml(entry.page);
    const change = await rewrite?.(request);
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(change ? change(html) : html);
  };
}
