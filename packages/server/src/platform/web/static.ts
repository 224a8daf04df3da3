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

export type WebFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * Serves the Vite build. Hashed assets are cached for a year; pages are never cached, so a new
 * release shows at the next load. A page address under a base that has no file of its own (a
 * deep link such as `/jdp/data/home`) gets that base's page, and the front end routes it.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDir: string,
  apps: readonly AppName[],
): Promise<WebFallback> {
  const built = fs.existsSync(path.join(webDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: ['index.html'],
      redirect: true,
      schemaHide: true,
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const enabled = entries.filter((e) => !e.app || apps.includes(e.app));

  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const entry = enabled.find((e) => e.base === '' || pathname === e.base || pathname.startsWith(`${e.base}/`));
    const disabledApp = entries.find((e) => e.app && !enabled.includes(e) && pathname.startsWith(e.base));
    if (!entry || disabledApp || hasExtension(pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ code: 404, message: translate('http.notFound', request.lang), data: null });
    }
    if (!built) {
      return reply.code(503).send({ code: 503, message: translate('web.notBuilt', request.lang), data: null });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile(entry.page);
  };
}
