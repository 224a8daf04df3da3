import type { ArticleInput, ArticleType, ArticleView, Page } from '@meridian/contracts';
import { del, get, post, put } from '../../shared/request.ts';

/** The calls of articles (decision 0094). */
export type { ArticleInput, ArticleView };

type Paging = { page: number; size: number };
export interface ArticleFilters {
  keyword?: string;
  type?: ArticleType;
  published?: 'true' | 'false';
}

/** Whose articles a page manages: the platform's, or a neutral member's own for its customers (decision 0116). */
export type ArticleDesk = 'platform' | 'brand';
const BASES: Record<ArticleDesk, string> = { platform: 'iot/articles', brand: 'iot/brand/articles' };

export const listArticles = (desk: ArticleDesk) => (query: ArticleFilters & Paging, signal?: AbortSignal) =>
  get<Page<ArticleView>>(BASES[desk], { query: { ...query }, signal });
export const publishedArticle = (id: number, signal?: AbortSignal) =>
  get<ArticleView>(`iot/articles/published/${id}`, { signal });
export const addArticle = (desk: ArticleDesk, fields: ArticleInput) => post<ArticleView>(BASES[desk], fields);
export const editArticle = (desk: ArticleDesk, id: number, fields: ArticleInput) =>
  put<ArticleView>(`${BASES[desk]}/${id}`, fields);
export const deleteArticle = (desk: ArticleDesk, id: number) => del<null>(`${BASES[desk]}/${id}`);
