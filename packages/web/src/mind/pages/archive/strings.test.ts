import { describe, expect, it, vi } from 'vitest';
import type { Messages } from '../../../shared/i18n.ts';
import { counsellingEn, counsellingZh } from '../counselling/strings.ts';
import { dailyEn, dailyZh } from '../daily/strings.ts';
import { visitsEn, visitsZh } from '../homevisits/strings.ts';
import { archiveEn, archiveZh } from './strings.ts';

// The bundles lend themselves to the app's i18next when loaded; here only their words are read.
vi.mock('../../../shared/i18n.ts', () => ({ i18n: { addResourceBundle: () => undefined } }));

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [leaf, text] of flatten(value, path)) out.set(leaf, text);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each([
  ['archive', archiveZh, archiveEn],
  ['home visits', visitsZh, visitsEn],
  ['counselling', counsellingZh, counsellingEn],
  ['daily work', dailyZh, dailyEn],
])('the %s strings', (_name, zhCN: Messages, en: Messages) => {
  const zh = flatten(zhCN);
  const english = flatten(en);
  it('say the same things in Chinese and English, with the same placeholders, none empty', () => {
    expect([...english.keys()].sort()).toEqual([...zh.keys()].sort());
    for (const [key, text] of zh) {
      expect(placeholders(english.get(key) ?? ''), key).toEqual(placeholders(text));
      expect(text.trim(), key).not.toBe('');
      expect((english.get(key) ?? '').trim(), key).not.toBe('');
    }
  });
});
