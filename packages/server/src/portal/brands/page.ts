import { fileUrl, type PublicBrand } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { PageRewrite } from '../../platform/web/static.ts';
import { brandOfHost } from './service.ts';

// Neutral operation (decision 0116): the page itself names the brand, so that nothing shows the
// platform's name while the scripts load, and the front end reads the brand without a request.

const PLATFORM_NAME = 'Meridian';
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The page with the brand in its title and icon, and the brand (or null) for the front end to read. */
export function brandedPage(brand: PublicBrand | null): (html: string) => string {
  const data = `<script type="application/json" id="meridian-brand">${JSON.stringify(brand).replaceAll('<', '\\u003c')}</script>`;
  if (!brand) return (html) => html.replace('</head>', `${data}</head>`);
  const name = escapeHtml(brand.name);
  const icon = `<link rel="icon" href="${escapeHtml(fileUrl(brand.favicon ?? brand.logo))}" />`;
  return (html) =>
    html
      .replace(
        /<title>([^<]*)<\/title>/,
        (_, title: string) => `<title>${title.replaceAll(PLATFORM_NAME, name)}</title>`,
      )
      .replace(/<link rel="icon"[^>]*>/, icon)
      .replace('</head>', `${data}</head>`);
}

/** Each page as the request's host shows it. */
export const brandedPages =
  (db: Kysely<Database>): PageRewrite =>
  async (request: FastifyRequest) =>
    brandedPage(await brandOfHost(db, request.hostname));
