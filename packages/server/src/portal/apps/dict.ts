import type { Lang } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { dictItemsOf, findDictType } from './repository.ts';

/**
 * One code list with its items in order, each labelled in the reader's language and carrying
 * both labels, so that a front end caching it per type can switch language without fetching again.
 */
export async function codeList(db: Kysely<Database>, type: string, lang: Lang) {
  const list = await findDictType(db, type);
  if (!list) throw new AppError(404, 'dict.notFound', { params: { type } });
  const items = await dictItemsOf(db, type);
  return {
    type: list.code,
    name: lang === 'en' ? list.name_en : list.name,
    items: items.map((i) => ({
      code: i.code,
      label: lang === 'en' ? i.label_en : i.label,
      labels: { 'zh-CN': i.label, en: i.label_en },
      sort: i.sort,
    })),
  };
}
