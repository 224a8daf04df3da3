import type { Messages } from '../../shared/i18n.ts';
import { peopleEn } from '../../shared/people/locales/en.ts';
import { systemEn } from '../system/locales/en.ts';
import { peopleMenuEn, peopleRouteEn } from '../system/people/locales/en.ts';
import { en } from './en.ts';

/** The portal's English, put together as index.ts puts the Chinese. */
export const portalEn: Messages = {
  ...en,
  system: {
    ...systemEn,
    route: { ...systemEn.route, ...peopleRouteEn },
    menu: { ...systemEn.menu, ...peopleMenuEn },
    people: peopleEn,
  },
};
