import type { ArticleData, ArticleQuery, ArticleView, HomeAnnouncement, PageQuery } from '@meridian/contracts';
import { HOME_ANNOUNCEMENTS } from '@meridian/contracts';
import { toBool } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import { providerOf } from '../../portal/brands/repository.ts';
import { requireNeutral } from '../../portal/brands/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import * as repo from './repository.ts';
import { sanitizeArticle, textOf } from './sanitize.ts';

const SUMMARY = 120;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function viewOf(row: repo.ArticleListRow): ArticleView {
  return {
    id: Number(row.id),
    title: row.title,
    type: row.type,
    content: row.content,
    published: toBool(row.published),
    pinned: toBool(row.pinned),
    showFrom: num(row.show_from),
    showUntil: num(row.show_until),
    publishedAt: num(row.published_at),
    authorName: row.author_name ?? '',
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The content as stored: sanitised, and refused when nothing readable is left (only markup, a script). */
function contentOf(input: ArticleData): string {
  const content = sanitizeArticle(input.content);
  if (textOf(content) === '' && !content.includes('<img')) {
    throw new AppError(400, 'v.article.content', { rules: [{ field: 'content', key: 'v.article.content' }] });
  }
  return content;
}

/**
 * Whose articles a writer manages: the platform's for those holding Article List (the route checks
 * it), a neutral member's own for its brand (decision 0116).
 */
export type ArticleDesk = 'platform' | 'brand';
async function ownerFor(actor: Actor, desk: ArticleDesk): Promise<repo.ArticleOwner> {
  if (desk === 'platform') return null;
  // A super admin oversees every brand's articles (reads, edits, takes down) but writes none.
  if (actor.auth.superAdmin) return 'brands';
  await requireNeutral(actor);
  return actor.auth.userId;
}

export async function listArticles(
  actor: Actor,
  desk: ArticleDesk,
  query: ArticleQuery,
): Promise<{ list: ArticleView[]; total: number } & PageQuery> {
  const { page, size, published, ...filter } = query;
  const result = await repo.listArticles(
    actor.db,
    await ownerFor(actor, desk),
    { ...filter, published: published === undefined ? undefined : published === 'true' },
    { page, size },
  );
  return { ...result, list: result.list.map(viewOf) };
}

async function oneOf(actor: Actor, owner: repo.ArticleOwner, id: number, publishedOnly = false): Promise<ArticleView> {
  const row = await repo.articleById(actor.db, owner, id, publishedOnly);
  if (!row) throw new AppError(404, 'article.notFound');
  return viewOf(row);
}

export const articleDetail = async (actor: Actor, desk: ArticleDesk, id: number) =>
  oneOf(actor, await ownerFor(actor, desk), id);
/**
 * A published article, for every user: what the home page's announcements open. A neutral member's
 * customers read their provider's articles, everyone else the platform's.
 */
export const publishedArticle = async (actor: Actor, id: number) =>
  oneOf(actor, await providerOf(actor.db, actor.auth.userId), id, true);

/** The columns an input sets, its content sanitised. */
function fieldsOf(input: ArticleData) {
  return {
    title: input.title,
    type: input.type,
    content: contentOf(input),
    published: input.published,
    pinned: input.pinned,
    show_from: input.showFrom ?? null,
    show_until: input.showUntil ?? null,
  };
}

export async function addArticle(actor: Actor, desk: ArticleDesk, input: ArticleData): Promise<ArticleView> {
  if (desk === 'brand') await requireNeutral(actor);
  const owner = desk === 'brand' ? actor.auth.userId : null;
  const fields = fieldsOf(input);
  const now = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const id = await repo.insertArticle(trx, {
      ...fields,
      published_at: input.published ? now : null,
      author_id: actor.auth.userId,
      owner_id: owner,
      created_at: now,
      updated_at: now,
    });
    await audit(trx, actor.request, { action: 'iot.article.add', targetType: 'article', targetId: id });
    return id;
  });
  return oneOf(actor, owner, id);
}

export async function editArticle(
  actor: Actor,
  desk: ArticleDesk,
  id: number,
  input: ArticleData,
): Promise<ArticleView> {
  const owner = await ownerFor(actor, desk);
  const before = await oneOf(actor, owner, id);
  const fields = fieldsOf(input);
  const now = Date.now();
  await actor.db.transaction().execute(async (trx) => {
    await repo.updateArticle(trx, owner, id, {
      ...fields,
      published_at: before.publishedAt ?? (input.published ? now : null),
      updated_at: now,
    });
    await audit(trx, actor.request, { action: 'iot.article.edit', targetType: 'article', targetId: id });
  });
  return oneOf(actor, owner, id);
}

export async function removeArticle(actor: Actor, desk: ArticleDesk, id: number): Promise<void> {
  const owner = await ownerFor(actor, desk);
  await actor.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteArticle(trx, owner, id))) throw new AppError(404, 'article.notFound');
    await audit(trx, actor.request, { action: 'iot.article.delete', targetType: 'article', targetId: id });
  });
}

/**
 * The home page's announcements: those running now, their text cut to a line or two; a neutral
 * member's customers get their provider's, everyone else the platform's.
 */
export async function homeAnnouncements(actor: Actor, now: number): Promise<HomeAnnouncement[]> {
  const owner = await providerOf(actor.db, actor.auth.userId);
  const rows = await repo.runningAnnouncements(actor.db, owner, now, HOME_ANNOUNCEMENTS);
  return rows.map((row) => {
    const text = textOf(row.content);
    return {
      id: Number(row.id),
      title: row.title,
      summary: text.length > SUMMARY ? `${text.slice(0, SUMMARY)}…` : text,
      pinned: toBool(row.pinned),
      publishedAt: Number(row.published_at ?? row.created_at),
    };
  });
}
