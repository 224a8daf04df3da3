import { describe, expect, it } from 'vitest';
import { h5Messages } from './h5/locales/index.ts';
import { iotMessages } from './iot/locales/index.ts';
import { mindMessages } from './mind/locales/index.ts';
import { portalMessages } from './portal/locales/index.ts';
import type { Catalogue, Messages } from './shared/i18n.ts';
import { commonMessages } from './shared/locales/index.ts';

const catalogues: Record<string, Catalogue> = {
  common: commonMessages,
  portal: portalMessages,
  iot: iotMessages,
  mind: mindMessages,
  h5: h5Messages,
};

/** `a.b.c` → sentence, for every leaf of the tree. */
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

// English is fetched when chosen (decision 0051); the test reads it as the page would.
const english = Object.fromEntries(
  await Promise.all(Object.entries(catalogues).map(async ([name, catalogue]) => [name, await catalogue.en()] as const)),
);

describe.each(Object.entries(catalogues))('the %s strings', (name, catalogue) => {
  const zh = flatten(catalogue['zh-CN']);
  const en = flatten(english[name] ?? {});

  it('have exactly the same keys in Chinese and English', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
  });

  it('fill the same placeholders in both languages', () => {
    for (const [key, text] of zh) expect(placeholders(en.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('leave no sentence empty', () => {
    for (const [key, text] of [...zh, ...en]) expect(text.trim(), key).not.toBe('');
  });
});
