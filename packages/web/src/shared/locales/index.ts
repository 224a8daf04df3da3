import type { Catalogue } from '../i18n.ts';
import { en } from './en.ts';
import { zhCN } from './zh-CN.ts';

export const commonMessages: Catalogue = { 'zh-CN': zhCN, en };
