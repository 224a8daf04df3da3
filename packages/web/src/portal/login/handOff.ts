/** The entries of other apps on this origin; everything else is a page of the portal itself. */
const APP_BASES = ['/iot', '/jdp', '/h5'];
const PORTAL_HOME = '/';

/** Where a signed-in user goes from the sign-in page. */
export type HandOff =
  /** A page of the portal: an in-app navigation, the token is already stored on this origin. */
  | { kind: 'portal'; path: string }
  /** Another app (or any other page of this site): a page load with `token=` added to its query. */
  | { kind: 'app'; address: string };

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * Single sign-on hand-off (Mind spec section 4): back to `target` with the token in its address,
 * where the app stores it and takes it out of the address bar. A target on another site is
 * ignored: handing it the token would give the session away (an open redirect).
 */
export function handOff(target: string | null | undefined, token: string, origin: string): HandOff {
  if (!target) return { kind: 'portal', path: PORTAL_HOME };
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return { kind: 'portal', path: PORTAL_HOME };
  }
  if (url.origin !== origin || isUnder(url.pathname, '/api')) return { kind: 'portal', path: PORTAL_HOME };
  url.searchParams.delete('token');
  if (!APP_BASES.some((base) => isUnder(url.pathname, base))) {
    // The sign-in pages themselves are no place to return to once signed in.
    if (/^\/(login|register|forgot)\/?$/.test(url.pathname)) return { kind: 'portal', path: PORTAL_HOME };
    return { kind: 'portal', path: `${url.pathname}${url.search}${url.hash}` };
  }
  url.searchParams.set('token', token);
  return { kind: 'app', address: url.toString() };
}

/** The target a page of the portal was asked to return to (`?target=`), if any. */
export function targetOf(search: string): string | null {
  return new URLSearchParams(search).get('target');
}
