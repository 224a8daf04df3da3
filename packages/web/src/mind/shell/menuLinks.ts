/** The flag a page opened in its own window reads to leave out its own frame. */
export const TAB_FLAG = 'tab';

/** Where a sidebar entry goes: a route of this app, or a new window. */
export type MenuTarget = { kind: 'route'; to: string } | { kind: 'window'; url: string };

/**
 * Spec section 2, sidebar: an address containing `/jdp` is an in-app route when it also contains
 * `data/` (the part after `/jdp`); any other address opens in a new window with the tab flag,
 * and one under `/dsp` also carries the app id.
 */
export function menuTarget(publishUrl: string, appId: number, origin: string): MenuTarget {
  const at = publishUrl.indexOf('/jdp');
  if (at >= 0 && publishUrl.includes('data/')) {
    const rest = publishUrl.slice(at + '/jdp'.length);
    return { kind: 'route', to: rest.startsWith('/') ? rest : `/${rest}` };
  }
  const url = new URL(publishUrl, origin);
  if (url.pathname === '/dsp' || url.pathname.startsWith('/dsp/')) url.searchParams.set('appId', String(appId));
  url.searchParams.set(TAB_FLAG, '1');
  // Same-site addresses stay relative, as they were published.
  return { kind: 'window', url: url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : url.toString() };
}
