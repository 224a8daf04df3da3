import { DEFAULT_LANG, type Lang, toLang } from '@meridian/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonMessages } from './locales/index.ts';
import { readLocal, writeLocal } from './storage.ts';

export const LANG_STORAGE_KEY = 'meridian.lang';

/** A tree of UI strings; every language of a catalogue has exactly the same keys (see src/catalogues.test.ts). */
export interface Messages {
  [key: string]: string | Messages;
}

/** One app's (or the shared) UI strings in every language Meridian speaks. */
export type Catalogue<M extends Messages = Messages> = Record<Lang, M>;

export const i18n = i18next.createInstance();

const dayjsLocales: Record<Lang, string> = { 'zh-CN': 'zh-cn', en: 'en' };

function storedLang(): Lang {
  // toLang also accepts the Mind spec's own code, `cn`, left by an older front end.
  return toLang(readLocal(LANG_STORAGE_KEY)) ?? DEFAULT_LANG;
}

/** The language the user reads now. */
export function currentLang(): Lang {
  return toLang(i18n.language) ?? storedLang();
}

function applyLang(lang: Lang): void {
  document.documentElement.lang = lang;
  dayjs.locale(dayjsLocales[lang]);
}

/**
 * Starts i18next for one entry with its own strings (namespace `app`) over the shared ones
 * (`common`). Runs before the first render, synchronously: the resources are bundled.
 */
export function setupI18n(app: Catalogue): void {
  const lang = storedLang();
  applyLang(lang);
  i18n.on('languageChanged', (tag: string) => applyLang(toLang(tag) ?? DEFAULT_LANG));
  void i18n.use(initReactI18next).init({
    resources: {
      'zh-CN': { app: app['zh-CN'], common: commonMessages['zh-CN'] },
      en: { app: app.en, common: commonMessages.en },
    },
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: ['zh-CN', 'en'],
    load: 'currentOnly',
    ns: ['app', 'common'],
    defaultNS: 'app',
    fallbackNS: 'common',
    initAsync: false,
    // React escapes what it renders; escaping here too would show entities.
    interpolation: { escapeValue: false },
  });
}

/** Switches the language and remembers it for the next visit. */
export async function changeLang(lang: Lang): Promise<void> {
  writeLocal(LANG_STORAGE_KEY, lang);
  await i18n.changeLanguage(lang);
}
