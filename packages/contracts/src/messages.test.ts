import { describe, expect, it } from 'vitest';
import { LANGS } from './lang.ts';
import { catalogues, messages, translate } from './messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogue', () => {
  it('has every message in every language, with the same placeholders', () => {
    for (const [key, entry] of Object.entries(messages)) {
      for (const lang of LANGS) expect(entry[lang], `${key} in ${lang}`).toMatch(/\S/);
      expect(placeholders(entry.en), key).toEqual(placeholders(entry['zh-CN']));
    }
  });

  it('fills placeholders and leaves unknown keys as they are', () => {
    expect(translate('http.routeNotFound', 'en', { method: 'GET', url: '/api/x' })).toBe('No such API: GET /api/x');
    expect(translate('http.routeNotFound', 'zh-CN', { method: 'GET', url: '/api/x' })).toBe('接口不存在：GET /api/x');
    expect(translate('no.such.key', 'en')).toBe('no.such.key');
  });

  it('gives each key one sentence: no catalogue repeats a key of another, which merging would silently override', () => {
    const keys = catalogues.flatMap((catalogue) => Object.keys(catalogue));
    expect(catalogues.length).toBeGreaterThan(5);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });
});
