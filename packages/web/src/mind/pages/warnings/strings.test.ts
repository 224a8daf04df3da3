import { describe, expect, it } from 'vitest';
import { warnZh } from './messages.ts';
import { warnEn } from './messages-en.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [leaf, text] of flatten(value, path)) out.set(leaf, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the warning pages’ strings', () => {
  const zh = flatten(warnZh);
  const en = flatten(warnEn);

  it('fill the same placeholders in Chinese and English', () => {
    expect(zh.size).toBeGreaterThan(100);
    for (const [key, text] of zh) expect(placeholders(en.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('leave no sentence empty', () => {
    for (const [key, text] of [...zh, ...en]) expect(text.trim(), key).not.toBe('');
  });
});
