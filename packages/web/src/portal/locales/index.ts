import type { Catalogue } from '../../shared/i18n.ts';
import { systemEn } from '../system/locales/en.ts';
import { systemZhCN } from '../system/locales/zh-CN.ts';
import { en } from './en.ts';
import { zhCN } from './zh-CN.ts';

// The administration area keeps its strings beside its pages, under `system`.
export const portalMessages: Catalogue = { 'zh-CN': { ...zhCN, system: systemZhCN }, en: { ...en, system: systemEn } };
