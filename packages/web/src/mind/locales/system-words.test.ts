import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { zhCN } from './zh-CN.ts';

const MIND = path.join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const lookup = (messages: object, key: string): unknown =>
  key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], messages);

describe("Mind's list words", () => {
  // A page opened directly (the download center from a bookmark) loads only its own bundle: the
  // `system.*` words it shares with other pages must be in the catalogue every page has.
  it('are in the base catalogue for every page that uses them, in both languages', () => {
    const used = new Set<string>();
    for (const file of sources(MIND)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/\bt\(\s*'(system\.[\w.]+)'/g)) {
        // The people components lend `system.people.*` with the module that uses them.
        if (!match[1]?.startsWith('system.people.')) used.add(match[1] ?? '');
      }
    }
    expect([...used]).toEqual(
      expect.arrayContaining(['system.all', 'system.search', 'system.actions', 'system.total']),
    );
    for (const key of used) {
      expect(typeof lookup(zhCN, key), key).toBe('string');
      expect(typeof lookup(en, key), key).toBe('string');
    }
  });
});
