import { LANGS } from '@meridian/contracts';
import { AccountCenterPage } from '../../portal/account/AccountCenterPage.tsx';
import { portalMessages } from '../../portal/locales/index.ts';
import { i18n } from '../../shared/i18n.ts';

/**
 * The portal's account center, reused as it is: its strings join Mind's when the page is first
 * opened (Mind's own keys win where both have one, such as the route titles).
 */
export function loadAccountCenter() {
  for (const lang of LANGS) i18n.addResourceBundle(lang, 'app', portalMessages[lang], true, false);
  return AccountCenterPage;
}
