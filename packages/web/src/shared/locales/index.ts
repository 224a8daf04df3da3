import type { Catalogue } from '../i18n.ts';
import { zhCN } from './zh-CN.ts';

export const commonMessages: Catalogue = {
  'zh-CN': zhCN,
  en: async () => (await import('./en.ts')).en,
};
