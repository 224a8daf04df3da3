import type { ArticleType, PageQuery } from '@meridian/contracts';
import type { ExpressionBuilder, Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { ArticlesTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;
/** Whose articles: the platform's (null), a neutral member's, or every neutral member's (a super admin's oversight). */
export type ArticleOwner = number | null | 'brands';

export interface ArticleFilter {
  keyword?: string;
  type?: ArticleType;
  published?: boolean;
}

/** The articles `owner` holds, as a filter on their `owner_id` column (`column`, under its alias). */
const ofOwner =
  <C extends 'owner_id' | 'a.owner_id'>(owner: ArticleOwner, column: C) =>
  <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => {
    const ref = eb.ref(column as never);
    return owner === null
      ? eb(ref, 'is', null)
      : owner === 'brands'
        ? eb(ref, 'is not', null)
        : eb(ref, '=', owner as never);
  };

function articles(db: Db, owner: ArticleOwner) {
  return db
    .selectFrom('articles as a')
    .where(ofOwner(owner, 'a.owner_id'))
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

export function listArticles(db: Db, owner: ArticleOwner, filter: ArticleFilter, page: PageQuery) {
  const query = articles(db, owner)
    .$if(filter.keyword !== undefined, (q) => q.where(contains('a.title', filter.keyword ?? '')))
    .$if(filter.type !== undefined, (q) => q.where('a.type', '=', filter.type ?? 'news'))
    .$if(filter.published !== undefined, (q) => q.where('a.published', '=', filter.published ?? true))
    .orderBy('a.id', 'desc');
  return paginate(query, page);
}

export function articleById(db: Db, owner: ArticleOwner, id: number, publishedOnly = false) {
  return articles(db, owner)
    .where('a.id', '=', id)
    .$if(publishedOnly, (q) => q.where('a.published', '=', true))
    .executeTakeFirst();
}

/** Announcements running at `now`: published, inside their window; pinned first, then the newest. */
export function runningAnnouncements(db: Db, owner: ArticleOwner, now: number, limit: number) {
  return articles(db, owner)
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

export async function updateArticle(
  db: Db,
  owner: ArticleOwner,
  id: number,
  row: Updateable<ArticlesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('articles')
    .set(row)
    .where('id', '=', id)
    .where(ofOwner(owner, 'owner_id'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteArticle(db: Db, owner: ArticleOwner, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('articles')
    .where('id', '=', id)
    .where(ofOwner(owner, 'owner_id'))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
