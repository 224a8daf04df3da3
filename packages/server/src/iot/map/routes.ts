import { envelopeOf } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';

const mapSettings = z.object({
  tileUrl: z.string(),
  attribution: z.string(),
  maxZoom: z.number().int(),
});

/** The address the browser loads tiles from: this server, which fetches them from MAP_TILE_URL. */
export const TILE_PATH = '/api/iot/map/tiles/{z}/{x}/{y}.png';
const TILE_TIMEOUT_MS = 10_000;
const SUBDOMAINS = ['a', 'b', 'c'];

const tileParams = z
  .object({
    z: z.coerce.number().int().min(0).max(22),
    x: z.coerce.number().int().min(0),
    y: z
      .string()
      .regex(/^\d+\.png$/)
      .transform((v) => Number.parseInt(v, 10)),
  })
  .refine((p) => p.x < 2 ** p.z && p.y < 2 ** p.z);

/**
 * The Devices Map's settings and its tiles. Tiles come through this server rather than straight
 * from the tile server: the page's content security policy then stays `img-src 'self'`, and a
 * plant's browsers need not reach the tile server (often on an internal network) themselves.
 */
export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/map/settings',
    {
      schema: {
        tags: ['iot'],
        summary: 'The tile address, attribution and maximum zoom of the Devices Map',
        response: { 200: envelopeOf(mapSettings) },
      },
      config: { access: 'user' },
    },
    async (request) =>
      ok(request, {
        tileUrl: TILE_PATH,
        attribution: app.config.MAP_TILE_ATTRIBUTION,
        maxZoom: app.config.MAP_MAX_ZOOM,
      }),
  );

  app.get(
    '/iot/map/tiles/:z/:x/:y',
    {
      schema: { tags: ['iot'], summary: 'One map tile, fetched from MAP_TILE_URL', params: tileParams, hide: true },
      // An <img> sends no token; a tile is public map imagery, and only tiles of MAP_TILE_URL are fetched.
      config: { access: 'public', sends: 'file' },
    },
    async (request, reply) => {
      const { z: zoom, x, y } = request.params;
      if (zoom > app.config.MAP_MAX_ZOOM) return reply.code(404).send();
      const address = app.config.MAP_TILE_URL.replace('{s}', SUBDOMAINS[(x + y) % SUBDOMAINS.length] ?? 'a')
        .replace('{z}', String(zoom))
        .replace('{x}', String(x))
        .replace('{y}', String(y));
      try {
        const upstream = await fetch(address, {
          headers: { 'User-Agent': `Meridian/${app.config.version} (Device Cloud map)` },
          signal: AbortSignal.timeout(TILE_TIMEOUT_MS),
        });
        if (!upstream.ok) return reply.code(upstream.status === 404 ? 404 : 502).send();
        const bytes = Buffer.from(await upstream.arrayBuffer());
        return reply
          .header('Content-Type', upstream.headers.get('content-type') ?? 'image/png')
          .header('Cache-Control', 'public, max-age=86400')
          .send(bytes);
      } catch (error) {
        request.log.warn({ err: error, address }, 'map: the tile server does not answer');
        return reply.code(502).send();
      }
    },
  );
};
