import type { Lang } from '@meridian/contracts';
import { i18n } from '../../../shared/i18n.ts';
import { type TemplatesStrings, templatesZh } from './messages.ts';
import { templatesEn } from './messages-en.ts';

/** The template center's strings, lent to Mind's `app` namespace when its page (or the report) loads. */
const strings: Record<Lang, TemplatesStrings> = { 'zh-CN': templatesZh, en: templatesEn };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);
