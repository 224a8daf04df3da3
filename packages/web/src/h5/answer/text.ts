import type { Lang, LocalText } from '@meridian/contracts';

/** A scale's text in the reader's language, else the other one it was written in. */
export function localized(text: LocalText | null | undefined, lang: Lang): string {
  if (!text) return '';
  return text[lang] || text['zh-CN'] || text.en || '';
}

/** Minutes and seconds left, as `m:ss`; never negative. */
export function clock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
