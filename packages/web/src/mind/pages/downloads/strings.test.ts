import { DOWNLOAD_KINDS, DOWNLOAD_STATES } from '@meridian/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { Messages } from '../../../shared/i18n.ts';
import { downloadsEn, downloadsZh } from './strings.ts';

// The bundle lends itself to the app's i18next when loaded; here only its words are read.
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

describe('the download center strings', () => {
  const zh = flatten(downloadsZh);
  const en = flatten(downloadsEn);

  it('say the same things in Chinese and English, with the same placeholders, none empty', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
    for (const [key, text] of zh) {
      expect(placeholders(en.get(key) ?? ''), key).toEqual(placeholders(text));
      expect(text.trim(), key).not.toBe('');
      expect((en.get(key) ?? '').trim(), key).not.toBe('');
    }
  });

  it('name every state and kind the server answers', () => {
    for (const state of DOWNLOAD_STATES) expect(zh.has(`downloads.state.${state}`), state).toBe(true);
    for (const kind of DOWNLOAD_KINDS) {
      expect(zh.has(`downloads.kind.${kind}`), kind).toBe(true);
      expect(zh.has(`exports.${kind}`), kind).toBe(true);
    }
  });
});
