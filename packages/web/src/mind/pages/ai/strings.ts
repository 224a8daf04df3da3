import type { Lang } from '@meridian/contracts';
import { i18n } from '../../../shared/i18n.ts';
import { type AiStrings, aiZh } from './messages.ts';
import { aiEn } from './messages-en.ts';

/** The AI strings, lent to Mind's `app` namespace when the settings page or a warning's page loads. */
const strings: Record<Lang, AiStrings> = { 'zh-CN': aiZh, en: aiEn };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);
