import type { Band, LocalText, ScaleItem, ScaleOption } from '@meridian/contracts';

/** Helpers that keep the built-in definitions short and readable as the published keys. */

export const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, en });

/** Item numbers from `from` to `to`, as the string ids answer sheets use. */
export function range(from: number, to: number, step = 1): string[] {
  const ids: string[] = [];
  for (let n = from; n <= to; n += step) ids.push(String(n));
  return ids;
}

/** Options A, B, C... with the given labels and scores. */
export function options(list: [zh: string, en: string, score: number][]): ScaleOption[] {
  return list.map(([zh, en, score], i) => ({ value: String.fromCharCode(65 + i), label: t(zh, en), score }));
}

/** Items with their text in both languages; `reverse` names the reverse-scored item numbers. */
export function items(texts: [zh: string, en: string][], reverse: number[] = []): ScaleItem[] {
  return texts.map(([zh, en], i) => {
    const item: ScaleItem = { id: String(i + 1), text: t(zh, en) };
    if (reverse.includes(i + 1)) item.reverse = true;
    return item;
  });
}

/**
 * Neutral placeholders for licensed item text ("第 12 题" / "Item 12"), until an administrator
 * imports the text the deployment holds a licence for.
 */
export function placeholderItems(count: number, notInTotal: string[] = []): ScaleItem[] {
  return range(1, count).map((id) => {
    const item: ScaleItem = { id, text: t(`第 ${id} 题`, `Item ${id}`) };
    if (notInTotal.includes(id)) item.inTotal = false;
    return item;
  });
}

export function band(
  id: string,
  min: number,
  max: number,
  label: LocalText,
  interpretation?: LocalText,
  suggestion?: LocalText,
): Band {
  return {
    id,
    min,
    max,
    label,
    ...(interpretation ? { interpretation } : {}),
    ...(suggestion ? { suggestion } : {}),
  };
}
