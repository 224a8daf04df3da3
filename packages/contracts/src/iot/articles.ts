import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';

/**
 * Article types (decision 0088): announcements show on every user's home page while they run
 * (a maintenance window, a new version), news and help are read from the article list.
 */
export const ARTICLE_TYPES = ['announcement', 'news', 'help'] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

export const ARTICLE_TITLE_MAX = 100;
/** The stored HTML after sanitising, markup included. */
export const ARTICLE_CONTENT_MAX = 100_000;
/** Announcements the home page shows at once, pinned first, then the newest. */
export const HOME_ANNOUNCEMENTS = 3;

const time = (key: string) => z.number({ error: key }).int(key).positive(key).nullable().optional();

/**
 * Spec section 5: title, type and content are required. The content is rich text; the server
 * keeps only the markup its allow-list knows, so a content of markup alone (an empty paragraph,
 * a script) is empty and refused there.
 */
export const articleInput = z
  .strictObject({
    title: z
      .string({ error: 'v.article.title' })
      .trim()
      .min(1, 'v.article.title')
      .max(ARTICLE_TITLE_MAX, 'v.article.title'),
    type: z.enum(ARTICLE_TYPES, { error: 'v.article.type' }),
    content: z
      .string({ error: 'v.article.content' })
      .trim()
      .min(1, 'v.article.content')
      .max(ARTICLE_CONTENT_MAX, 'v.article.contentLong'),
    published: z.boolean({ error: 'v.article.published' }).default(false),
    pinned: z.boolean({ error: 'v.article.pinned' }).default(false),
    /** An announcement shows on home pages from this time to `showUntil` (epoch ms; null: open). */
    showFrom: time('v.article.showFrom'),
    showUntil: time('v.article.showUntil'),
  })
  .superRefine((a, ctx) => {
    if (a.showFrom && a.showUntil && a.showUntil <= a.showFrom) {
      ctx.addIssue({ code: 'custom', path: ['showUntil'], message: 'v.article.window' });
    }
  });
export type ArticleInput = z.input<typeof articleInput>;
export type ArticleData = z.output<typeof articleInput>;

export const articleQuery = pageQuery.extend({
  keyword: textFilter(50),
  type: z.enum(ARTICLE_TYPES).optional(),
  published: z.enum(['true', 'false']).optional(),
});
export type ArticleQuery = z.infer<typeof articleQuery>;

export const articleView = z.object({
  id: z.number(),
  title: z.string(),
  type: z.enum(ARTICLE_TYPES),
  /** Sanitised HTML: safe to render as it is. */
  content: z.string(),
  published: z.boolean(),
  pinned: z.boolean(),
  showFrom: z.number().nullable(),
  showUntil: z.number().nullable(),
  publishedAt: z.number().nullable(),
  authorName: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ArticleView = z.infer<typeof articleView>;

/** An announcement on the home page: the text without markup, the whole article one click away. */
export const homeAnnouncement = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  pinned: z.boolean(),
  publishedAt: z.number(),
});
export type HomeAnnouncement = z.infer<typeof homeAnnouncement>;
