import type { Lang } from '@meridian/contracts';
import { i18n } from '../../../shared/i18n.ts';
import { type InterviewStrings, interviewZh } from './messages.ts';
import { interviewEn } from './messages-en.ts';

/** The AI interview strings, lent to Mind's `app` namespace when its pages load. */
const strings: Record<Lang, InterviewStrings> = { 'zh-CN': interviewZh, en: interviewEn };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);
