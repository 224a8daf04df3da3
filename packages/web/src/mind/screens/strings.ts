import type { Lang } from '@meridian/contracts';
import { i18n } from '../../shared/i18n.ts';
import { type ScreenStrings, screensZh } from './messages.ts';
import { screensEn } from './messages-en.ts';
import '../pages/warnings/strings.ts';

/** The screens' words, lent to Mind's `app` namespace when the first screen loads (as the pages do, decision 0023). */
const strings: Record<Lang, ScreenStrings> = { 'zh-CN': screensZh, en: screensEn };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);
