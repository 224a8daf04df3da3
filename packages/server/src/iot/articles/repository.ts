import type { ArticleType, PageQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { ArticlesTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface ArticleFilter {
  keyword?: string;
  type?: ArticleType;
  published?: boolean;
}

function articles(db: Db) {
  return db
    .selectFrom('articles as a')
    .innerJoin('users as u', 'u.id', 'a.author_id')
    .select([
      'a.id',
      'a.title',
      'a.type',
      'a.content',
      'a.published',
      'a.pinned',
      'a.show_from',
      'a.show_until',
      'a.published_at',
      'a.created_at',
      'a.updated_at',
      'u.nickname as author_name',
    ]);
}
export type ArticleListRow = Awaited<ReturnType<ReturnType<typeof articles>['executeTakeFirstOrThrow']>>;

export function listArticles(db: Db, filter: ArticleFilter, page: PageQuery) {
  const query = articles(db)
    .$if(filter.keyword !== undefined, (q) => q.where(contains('a.title', filter.keyword ?? '')))
    .$if(filter.type !== undefined, (q) => q.where('a.type', '=', filter.type ?? 'news'))
    .$if(filter.published !== undefined, (q) => q.where('a.published', '=', filter.published ?? true))
    .orderBy('a.id', 'desc');
  return paginate(query, page);
}

export function articleById(db: Db, id: number, publishedOnly = false) {
  return articles(db)
    .where('a.id', '=', id)
    .$if(publishedOnly, (q) => q.where('a.published', '=', true))
    .executeTakeFirst();
}

/** Announcements running at `now`: published, inside their window; pinned first, then the newest. */
export function runningAnnouncements(db: Db, now: number, limit: number) {
  return articles(db)
    .where('a.type', '=', 'announcement')
    .where('a.published', '=', true)
    .where((eb) => eb.or([eb('a.show_from', 'is', null), eb('a.show_from', '<=', now)]))
    .where((eb) => eb.or([eb('a.show_until', 'is', null), eb('a.show_until', '>', now)]))
    .orderBy('a.pinned', 'desc')
    .orderBy('a.published_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertArticle(db: Db, row: Insertable<ArticlesTable>): Promise<number> {
  const inserted = await db.insertInto('articles').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateArticle(db: Db, id: number, row: Updateable<ArticlesTable>): Promise<boolean> {
  const result = await db.updateTable('articles').set(row).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteArticle(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
