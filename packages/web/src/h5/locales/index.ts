import type { Catalogue } from '../../shared/i18n.ts';
import { zhCN } from './zh-CN.ts';

export const h5Messages: Catalogue = {
  'zh-CN': zhCN,
  en: async () => (await import('./en.ts')).en,
};
