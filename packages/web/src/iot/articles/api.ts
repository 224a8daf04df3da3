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

const BASE = 'iot/articles';
export const listArticles = (query: ArticleFilters & Paging, signal?: AbortSignal) =>
  get<Page<ArticleView>>(BASE, { query: { ...query }, signal });
export const publishedArticle = (id: number, signal?: AbortSignal) =>
  get<ArticleView>(`${BASE}/published/${id}`, { signal });
export const addArticle = (fields: ArticleInput) => post<ArticleView>(BASE, fields);
export const editArticle = (id: number, fields: ArticleInput) => put<ArticleView>(`${BASE}/${id}`, fields);
export const deleteArticle = (id: number) => del<null>(`${BASE}/${id}`);
