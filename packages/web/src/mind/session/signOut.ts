import { signOut } from '../../shared/auth.ts';
import { redirectToSignIn } from '../../shared/session.ts';

/**
 * Expires every cookie this page can see. Meridian keeps no authority in cookies (decision 0007),
 * but the Mind spec clears session cookies at sign-out, and a cookie left by another app on this
 * origin should not outlive the session either.
 */
export function clearSessionCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers schools use
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** Logout: the server revokes the token, every session value and session storage go, then sign-in (which clears cookies, see main.tsx). */
export async function signOutOfMind(): Promise<void> {
  await signOut();
  redirectToSignIn(`${window.location.origin}/jdp/`);
}
