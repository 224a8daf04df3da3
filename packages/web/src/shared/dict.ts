import { DEFAULT_LANG, toLang } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from './request.ts';

/** One code of a dictionary type (`GET /api/apis-portal/dict/{type}`), labelled in the reader's language. */
export interface DictItem {
  code: string;
  label: string;
  labels: { 'zh-CN': string; en: string };
  sort: number;
}

interface DictList {
  type: string;
  name: string;
  items: DictItem[];
}

const STORAGE_PREFIX = 'meridian.dict.';
const pending = new Map<string, Promise<DictItem[]>>();

function cached(type: string): DictItem[] | undefined {
  const raw = globalThis.sessionStorage?.getItem(STORAGE_PREFIX + type);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as DictItem[];
  } catch (error) {
    console.warn(`The cached dictionary ${type} is not JSON; it is fetched again`, error);
    return undefined;
  }
}

/**
 * The codes of a dictionary type, fetched once per type and then cached (Device Cloud spec
 * section 4) for the session: in session storage, which sign-out clears, and in memory, so that
 * pages asking for the same type at once share one call.
 */
export function loadDict(type: string): Promise<DictItem[]> {
  const hit = cached(type);
  if (hit) return Promise.resolve(hit);
  let call = pending.get(type);
  if (!call) {
    call = get<DictList>(`apis-portal/dict/${encodeURIComponent(type)}`)
      .then(({ items }) => {
        globalThis.sessionStorage?.setItem(STORAGE_PREFIX + type, JSON.stringify(items));
        return items;
      })
      .finally(() => pending.delete(type));
    pending.set(type, call);
  }
  return call;
}

/** The codes of a dictionary type for a page, and a `labelOf(code)` to show one. */
export function useDict(type: string) {
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['dict', type],
    queryFn: () => loadDict(type),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const items = query.data ?? [];
  const lang = toLang(i18n.language) ?? DEFAULT_LANG;
  // Both languages come with each code, so switching language needs no new call.
  const labelOf = (code: string | number | null | undefined) => {
    const item = items.find((entry) => entry.code === String(code));
    if (item) return item.labels[lang] ?? item.label;
    return code === null || code === undefined ? '' : String(code);
  };
  return { ...query, items, labelOf };
}
