import type { Lang } from '@meridian/contracts';
import { i18n } from '../../../shared/i18n.ts';
import { type DockingStrings, dockingZh } from './messages.ts';
import { dockingEn } from './messages-en.ts';

/** The docking strings, lent to Mind's `app` namespace when a docking page loads. */
const strings: Record<Lang, DockingStrings> = { 'zh-CN': dockingZh, en: dockingEn };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);
