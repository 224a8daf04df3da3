/** The languages Meridian speaks. zh-CN is the default of both products (the Mind spec calls it "cn"). */
export const LANGS = ['zh-CN', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';

/** Maps any language tag we may meet (`cn`, `zh`, `zh-Hans-CN`, `en-US`) to one of ours, or undefined. */
export function toLang(tag: string | null | undefined): Lang | undefined {
  const t = tag?.trim().toLowerCase();
  if (!t) return undefined;
  if (t === 'cn' || t === 'zh' || t.startsWith('zh-') || t.startsWith('zh_')) return 'zh-CN';
  if (t === 'en' || t.startsWith('en-') || t.startsWith('en_')) return 'en';
  return undefined;
}

/** Picks our language from an `Accept-Language` header, honouring its q-values; zh-CN when nothing matches. */
export function negotiateLang(acceptLanguage: string | null | undefined): Lang {
  if (!acceptLanguage) return DEFAULT_LANG;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: toLang(tag), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.lang && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.lang ?? DEFAULT_LANG;
}
