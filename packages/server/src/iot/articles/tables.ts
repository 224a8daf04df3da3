import type { ArticleType } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

/** An article (decision 0094); `content` is sanitised HTML. */
export interface ArticlesTable {
  id: Generated<number>;
  title: string;
  type: ArticleType;
  content: string;
  published: Bool;
  pinned: Bool;
  show_from: number | null;
  show_until: number | null;
  /** When it was first published; unpublishing keeps it, so a republished article keeps its place. */
  published_at: number | null;
  author_id: number;
  /** The neutral member whose customers read it; null for the platform's own (decision 0116). */
  owner_id: number | null;
  created_at: number;
  updated_at: number;
}
export type ArticleRow = Selectable<ArticlesTable>;

export interface ArticlesTables {
  articles: ArticlesTable;
}
