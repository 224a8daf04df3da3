import type { Catalogue } from '../../shared/i18n.ts';
import { systemEn } from '../system/locales/en.ts';
import { systemZhCN } from '../system/locales/zh-CN.ts';
import { peopleEn, peopleMenuEn, peopleRouteEn } from '../system/people/locales/en.ts';
import { peopleMenuZhCN, peopleRouteZhCN, peopleZhCN } from '../system/people/locales/zh-CN.ts';
import { en } from './en.ts';
import { zhCN } from './zh-CN.ts';

// The administration area keeps its strings beside its pages, under `system`; the people pages
// (decision 0023) keep theirs in their own folder, under `system.people` and the menu's entries.
const systemZh = {
  ...systemZhCN,
  route: { ...systemZhCN.route, ...peopleRouteZhCN },
  menu: { ...systemZhCN.menu, ...peopleMenuZhCN },
  people: peopleZhCN,
};
const systemEnAll = {
  ...systemEn,
  route: { ...systemEn.route, ...peopleRouteEn },
  menu: { ...systemEn.menu, ...peopleMenuEn },
  people: peopleEn,
};
export const portalMessages: Catalogue = {
  'zh-CN': { ...zhCN, system: systemZh },
  en: { ...en, system: systemEnAll },
};
