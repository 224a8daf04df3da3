import { readLocal, removeLocal } from './storage.ts';

/** Where the signed-in session lives in the browser; the session store of a later issue reads these keys. */
export const TOKEN_KEY = 'token';
export const USER_INFO_KEY = 'userInfo';

export function getToken(): string | null {
  return readLocal(TOKEN_KEY);
}

/**
 * Forgets the session: stored token, user info and session storage. The Mind spec also clears
 * session cookies; Meridian keeps no session in cookies (design section 4), so there are none.
 */
export function endSession(): void {
  removeLocal(TOKEN_KEY);
  removeLocal(USER_INFO_KEY);
  globalThis.sessionStorage?.clear();
}

/** The single sign-on address that brings the user back to `target` after signing in. */
export function signInAddress(target: string): string {
  return `/api/apis-authz/authz/login/cas?target=${encodeURIComponent(target)}`;
}

type Redirect = (address: string) => void;

let redirect: Redirect = (address) => window.location.assign(address);

/** Sends the user to sign in, then back to where they are now. */
export function redirectToSignIn(): void {
  redirect(signInAddress(window.location.href));
}

/** Replaces how the browser leaves for sign-in (tests); returns a function that restores the default. */
export function setSignInRedirect(replacement: Redirect): () => void {
  const previous = redirect;
  redirect = replacement;
  return () => {
    redirect = previous;
  };
}
