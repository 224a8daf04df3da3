import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catalogue } from './i18n.ts';

// English is a chunk of its own, fetched when chosen (decision 0051): these check that a page
// never shows a language whose strings are not there yet, and that the last choice wins.

type I18nModule = typeof import('./i18n.ts');

let stored: Map<string, string>;

beforeEach(() => {
  stored = new Map();
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  // Each test starts its own i18next, as each page load does.
  vi.resetModules();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** An app catalogue whose English arrives when the test says so. */
function appCatalogue() {
  let arrive: () => void = () => undefined;
  const fetched = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const en = vi.fn(async () => {
    await fetched;
    return { greeting: 'Hello' };
  });
  const catalogue: Catalogue = { 'zh-CN': { greeting: '你好' }, en };
  return { catalogue, en, arrive };
}

const load = (): Promise<I18nModule> => import('./i18n.ts');

describe('the page language', () => {
  it('opens in Chinese without fetching English', async () => {
    const { setupI18n, i18n } = await load();
    const app = appCatalogue();
    await setupI18n(app.catalogue);
    expect(i18n.t('greeting')).toBe('你好');
    expect(i18n.t('common:loading')).toBe('正在加载…');
    expect(app.en).not.toHaveBeenCalled();
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('switches to English only once its strings are here, and fetches them once', async () => {
    const { setupI18n, changeLang, i18n } = await load();
    const app = appCatalogue();
    await setupI18n(app.catalogue);

    const switching = changeLang('en');
    await vi.waitFor(() => expect(app.en).toHaveBeenCalledTimes(1));
    // Until English is here the page stays in Chinese rather than showing keys.
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('greeting')).toBe('你好');

    app.arrive();
    await switching;
    expect(i18n.language).toBe('en');
    expect(i18n.t('greeting')).toBe('Hello');
    expect(i18n.t('common:loading')).toBe('Loading…');
    expect(document.documentElement.lang).toBe('en');
    expect(stored.get('meridian.lang')).toBe('en');

    await changeLang('zh-CN');
    await changeLang('en');
    expect(i18n.t('greeting')).toBe('Hello');
    expect(app.en).toHaveBeenCalledTimes(1);
  });

  it('keeps the later choice when the reader switches back while English is still coming', async () => {
    const { setupI18n, changeLang, i18n } = await load();
    const app = appCatalogue();
    await setupI18n(app.catalogue);

    const toEnglish = changeLang('en');
    await changeLang('zh-CN');
    app.arrive();
    await toEnglish;
    expect(i18n.language).toBe('zh-CN');
    expect(stored.get('meridian.lang')).toBe('zh-CN');
  });

  it('opens in English for a reader who chose it, once the English strings are here', async () => {
    stored.set('meridian.lang', 'en');
    const { setupI18n, i18n } = await load();
    const app = appCatalogue();
    let ready = false;
    const started = setupI18n(app.catalogue).then(() => {
      ready = true;
    });
    await vi.waitFor(() => expect(app.en).toHaveBeenCalled());
    expect(ready).toBe(false);
    app.arrive();
    await started;
    expect(i18n.language).toBe('en');
    expect(i18n.t('greeting')).toBe('Hello');
  });

  it('brings a catalogue added later in the language being read, and English to it at a later switch', async () => {
    const { setupI18n, changeLang, addCatalogue, i18n } = await load();
    const app = appCatalogue();
    app.arrive();
    await setupI18n(app.catalogue);
    await addCatalogue('page', { 'zh-CN': { title: '页面' }, en: async () => ({ title: 'Page' }) });
    expect(i18n.t('page:title')).toBe('页面');
    await changeLang('en');
    expect(i18n.t('page:title')).toBe('Page');
  });
});
