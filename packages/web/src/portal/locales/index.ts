import type { Catalogue } from '../../shared/i18n.ts';
import { peopleZhCN } from '../../shared/people/locales/zh-CN.ts';
import { systemZhCN } from '../system/locales/zh-CN.ts';
import { peopleMenuZhCN, peopleRouteZhCN } from '../system/people/locales/zh-CN.ts';
import { zhCN } from './zh-CN.ts';

// The administration area keeps its strings beside its pages, under `system`; the people pages
// (decision 0023) keep theirs in their own folder, under `system.people` and the menu's entries.
// English is put together the same way in en-all.ts, fetched when a reader chooses it.
const systemZh = {
  ...systemZhCN,
  route: { ...systemZhCN.route, ...peopleRouteZhCN },
  menu: { ...systemZhCN.menu, ...peopleMenuZhCN },
  people: peopleZhCN,
};
export const portalMessages: Catalogue = {
  'zh-CN': { ...zhCN, system: systemZh },
  en: async () => (await import('./en-all.ts')).portalEn,
};
