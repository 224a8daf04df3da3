import type { Catalogue } from '../../shared/i18n.ts';
import { en } from './en.ts';
import { zhCN } from './zh-CN.ts';

export const portalMessages: Catalogue = { 'zh-CN': zhCN, en };
