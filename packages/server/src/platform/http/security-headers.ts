import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const options: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Ant Design writes its styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // hls.js feeds the video element a MediaSource through a blob: address (decision 0112).
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Served over plain HTTP by default; HSTS belongs to the TLS terminator in front.
  strictTransportSecurity: false,
};

/** The headers helmet sets, worked out once: they do not depend on the request. */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  helmet(options)(Object.create(null), response, () => {});
  return headers;
}

/**
 * Helmet's security headers on every reply. `@fastify/helmet` builds helmet's middleware, and
 * parses the policy, again on each request: a few percent of a cheap call's time (bench/devices.ts).
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
