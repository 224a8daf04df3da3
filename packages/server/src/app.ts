import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { featuresFor } from './features.ts';
import { type Config, SERVICES, type Service } from './platform/config.ts';
import type { Db } from './platform/db/database.ts';
import { holdReadsFor } from './platform/db/held.ts';
import { healthRoutes } from './platform/health/routes.ts';
import { declareAccessRule, type RouteEntry } from './platform/http/access.ts';
import { registerDocs } from './platform/http/docs.ts';
import { apiNotFound, installErrorHandling } from './platform/http/handlers.ts';
import { installSecurityHeaders } from './platform/http/security-headers.ts';
import { validatorCompiler } from './platform/http/validation.ts';
import { useTimeZone } from './platform/time.ts';
import { registerWeb } from './platform/web/static.ts';
import { installAccessGuard } from './portal/access/guard.ts';
import { brandedPages } from './portal/brands/page.ts';

export interface AppOptions {
  config: Config;
  db: Db;
  logger: Logger;
  /** The services this process runs; the health page reports them. */
  services?: readonly Service[];
}

export type MeridianApp = FastifyInstance;

/**
 * While stopping, answers still in flight ask the client to close its keep-alive connection;
 * otherwise the connection would hold `close()` open until the keep-alive timeout.
 */
function closeConnectionsWhenDraining(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}

/** Builds the HTTP application without listening, so that tests can call it with `inject`. */
export async function buildApp({ config, db, logger, services = SERVICES }: AppOptions): Promise<MeridianApp> {
  // Typed as Fastify's logger, so that plugins written against the default instance type fit.
  const loggerInstance: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    requestIdHeader: 'x-request-id',
  });
  const routeTable: RouteEntry[] = [];
  holdReadsFor(config.SESSION_CACHE_MS);
  useTimeZone(config.TIME_ZONE);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  declareAccessRule(app, routeTable);
  installAccessGuard(app);
  closeConnectionsWhenDraining(app);

  installSecurityHeaders(app);
  await registerDocs(app, config.version);

  await app.register(healthRoutes, { prefix: '/api', services });
  for (const feature of featuresFor(config.MERIDIAN_APPS)) {
    if (feature.routes) await app.register(feature.routes, { prefix: '/api' });
  }

  const web = await registerWeb(app, config.WEB_DIR, config.MERIDIAN_APPS, brandedPages(db.kysely));
  app.setNotFoundHandler((request, reply) =>
    request.url === '/api' || request.url.startsWith('/api/') ? apiNotFound(request, reply) : web(request, reply),
  );
  return app;
}
