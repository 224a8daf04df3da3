import { AccountCenterPage, portalMessages } from '../../portal/exposed.ts';
import { addCatalogue } from '../../shared/i18n.ts';

/**
 * The portal's account center, reused as it is: its strings join Mind's when the page is first
 * opened (Mind's own keys win where both have one, such as the route titles).
 */
export async function loadAccountCenter() {
  await addCatalogue('app', portalMessages, false);
  return AccountCenterPage;
}
