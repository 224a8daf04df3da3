import type { Lang } from '@meridian/contracts';
import { i18n } from '../../../shared/i18n.ts';
import { type WarnStrings, warnZh } from './messages.ts';
import { warnEn } from './messages-en.ts';
import '../people/strings.ts';

/**
 * The strings of the warning and intervention pages (the warning list, one warning, its records,
 * reminders and the to-do list), lent to Mind's `app` namespace when the first of them loads, as
 * the assessment pages do (decision 0023).
 */
const strings: Record<Lang, WarnStrings> = { 'zh-CN': warnZh, en: warnEn };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);
