import { DEFAULT_LANG, type Lang, toLang } from '@meridian/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { brandNames } from './brand.ts';
import { commonMessages } from './locales/index.ts';
import { readLocal, writeLocal } from './storage.ts';

export const LANG_STORAGE_KEY = 'meridian.lang';

/** A tree of UI strings; every language of a catalogue has exactly the same keys (see src/catalogues.test.ts). */
export interface Messages {
  [key: string]: string | Messages;
}

/**
 * One app's (or the shared) UI strings: Chinese, the default, travels with the page; English is
 * a chunk of its own, fetched when a reader chooses it (decision 0051).
 */
export interface Catalogue<M extends Messages = Messages> {
  'zh-CN': M;
  en(): Promise<M>;
}

/** What must be in place before the page shows a language: its strings, antd's and dayjs's locale. */
type LanguageLoader = (lang: Lang) => Promise<void> | void;

export const i18n = i18next.createInstance();

const loaders: LanguageLoader[] = [];
/** The language last asked for: a slow English fetch must not undo a later switch back. */
let requested: Lang | undefined;

function storedLang(): Lang {
  // toLang also accepts the Mind spec's own code, `cn`, left by an older front end.
  return toLang(readLocal(LANG_STORAGE_KEY)) ?? DEFAULT_LANG;
}

/** The language the user reads now. */
export function currentLang(): Lang {
  return toLang(i18n.language) ?? storedLang();
}

/** Runs every loader for `lang`; each loads once and then returns at once. */
async function prepare(lang: Lang): Promise<void> {
  await Promise.all(loaders.map((load) => load(lang)));
}

/**
 * Registers what a language needs before the page shows it, and loads it now for the language
 * being read (or about to be); every later switch waits for it too.
 */
export function onLanguage(load: LanguageLoader): Promise<void> {
  loaders.push(load);
  return Promise.resolve(load(requested ?? currentLang()));
}

/** Adds a catalogue under `ns`: English arrives before the page shows it, now or at a later switch. */
export function addCatalogue(ns: string, catalogue: Catalogue, overwrite = true): Promise<void> {
  const loading = new Map<Lang, Promise<void>>();
  return onLanguage((lang) => {
    let done = loading.get(lang);
    if (!done) {
      done = (async () => {
        const messages = lang === 'en' ? await catalogue.en() : catalogue[lang];
        i18n.addResourceBundle(lang, ns, messages, true, overwrite);
      })();
      // A failed fetch (the network dropped) is tried again at the next switch.
      done.catch(() => loading.delete(lang));
      loading.set(lang, done);
    }
    return done;
  });
}

/**
 * Starts i18next for one entry with its own strings (namespace `app`) over the shared ones
 * (`common`). Resolves once the reader's language is loaded: at once for Chinese, after one
 * small fetch for English.
 */
export function setupI18n(app: Catalogue): Promise<void> {
  const lang = storedLang();
  i18n.on('languageChanged', (tag: string) => {
    document.documentElement.lang = toLang(tag) ?? DEFAULT_LANG;
  });
  void i18n
    .use(initReactI18next)
    .use(brandNames)
    .init({
      // addCatalogue below gives the strings: Chinese at once, English when it is read.
      resources: {},
      lng: DEFAULT_LANG,
      fallbackLng: DEFAULT_LANG,
      supportedLngs: ['zh-CN', 'en'],
      load: 'currentOnly',
      ns: ['app', 'common'],
      defaultNS: 'app',
      fallbackNS: 'common',
      initAsync: false,
      // React escapes what it renders; escaping here too would show entities.
      interpolation: { escapeValue: false },
      // On a neutral member's domain its name stands wherever the platform's would (decision 0116).
      postProcess: ['brand'],
    });
  const loaded = [addCatalogue('app', app), addCatalogue('common', commonMessages)];
  if (lang !== DEFAULT_LANG) loaded.push(changeLang(lang, { remember: false }));
  return Promise.all(loaded).then(() => undefined);
}

/** Switches the language once its strings are here, and remembers it for the next visit. */
export async function changeLang(lang: Lang, { remember = true } = {}): Promise<void> {
  requested = lang;
  if (remember) writeLocal(LANG_STORAGE_KEY, lang);
  await prepare(lang);
  if (requested === lang) await i18n.changeLanguage(lang);
}
