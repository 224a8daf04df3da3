/**
 * What the portal lends the other front ends: the one file of the portal they may import
 * (decision 0057; packages/server/test/rules/web-layering.test.ts). Mind shows the account centre
 * as the portal draws it, with the portal's strings. Anything else two front ends use lives in
 * `shared/`.
 */
export { AccountCenterPage } from './account/AccountCenterPage.tsx';
export { portalMessages } from './locales/index.ts';
