import { type Envelope, LANGS, platformMessages } from '@meridian/contracts';
import { readLocal, removeLocal, writeLocal } from './storage.ts';

/**
 * Where the signed-in session lives in the browser (Device Cloud spec section 3, Session): user
 * info, token, name, role id, unit/department id and the unit's logo, in local storage so that
 * every app on this origin shares one sign-in.
 */
export const TOKEN_KEY = 'token';
export const USER_INFO_KEY = 'userInfo';
export const NAME_KEY = 'name';
export const ROLE_ID_KEY = 'roleId';
export const UNIT_KEY = 'unitDeptId';
export const LOGO_KEY = 'logo';
/** Not a session value: the sign-in form offers it again after sign-out. */
export const LAST_ACCOUNT_KEY = 'meridian.lastAccount';

const SESSION_KEYS = [TOKEN_KEY, USER_INFO_KEY, NAME_KEY, ROLE_ID_KEY, UNIT_KEY, LOGO_KEY];

/** What a successful sign-in answers (`authz/login`, `login/phone`, `login/jwt`, a provider's return). */
export interface SignedIn {
  token: string;
  user: {
    id: number;
    account: string;
    name: string;
    roleId: number;
    identityId: number | null;
    unitDeptId: number | null;
    defaultPass: boolean;
  };
  dept: { id: number; name: string; logo: string | null } | null;
}

/**
 * The user as the sign-in stored them; pages that need more ask `queryInfo`. The role is null
 * only when it was read back from `queryInfo` of a session that has none.
 */
export type StoredUser = Omit<SignedIn['user'], 'roleId'> & { roleId: number | null };

export function getToken(): string | null {
  return readLocal(TOKEN_KEY);
}

export function storeToken(token: string): void {
  writeLocal(TOKEN_KEY, token);
}

/**
 * Device Cloud spec section 4: a sign-in succeeded only when the message is the success text and
 * a token is present. The success text is accepted in either language, because the server words
 * it in the user's saved language, which may differ from the page's.
 */
export function acceptedSignIn(envelope: Envelope<SignedIn | null | undefined>): SignedIn | null {
  const success = LANGS.some((lang) => envelope.message === platformMessages.ok[lang]);
  const data = envelope.data;
  if (envelope.code !== 200 || !success || !data?.token) return null;
  return data;
}

/** Stores who is signed in: user info, name, role and unit (the token and logo are left as they are). */
export function storeUser(user: StoredUser): void {
  writeLocal(USER_INFO_KEY, JSON.stringify(user));
  writeLocal(NAME_KEY, user.name);
  if (user.roleId === null) removeLocal(ROLE_ID_KEY);
  else writeLocal(ROLE_ID_KEY, String(user.roleId));
  if (user.unitDeptId === null) removeLocal(UNIT_KEY);
  else writeLocal(UNIT_KEY, String(user.unitDeptId));
}

/** Stores what a sign-in answered: user, token, name, role, unit and logo. */
export function storeSession(signedIn: SignedIn): void {
  const { token, user, dept } = signedIn;
  storeToken(token);
  storeUser(user);
  if (dept?.logo) writeLocal(LOGO_KEY, dept.logo);
  else removeLocal(LOGO_KEY);
  writeLocal(LAST_ACCOUNT_KEY, user.account);
}

/** The user the last sign-in stored, or null (nothing stored, or storage written by something else). */
export function storedUser(): StoredUser | null {
  const raw = readLocal(USER_INFO_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'account' in value && 'name' in value)
      return value as StoredUser;
  } catch (error) {
    console.warn('The stored user info is not JSON; it is ignored', error);
  }
  return null;
}

/** The unit's logo the sign-in stored (Device Cloud shows it in its header). */
export function storedLogo(): string | null {
  return readLocal(LOGO_KEY);
}

/**
 * Forgets the session: every stored session value and session storage. The Mind spec also clears
 * session cookies; Meridian keeps no session in cookies (design section 4), so there are none.
 * The language, the device id and the last account stay: they describe the browser, not the session.
 */
export function endSession(): void {
  for (const key of SESSION_KEYS) removeLocal(key);
  globalThis.sessionStorage?.clear();
}

/**
 * Single sign-on hands the token over in the address (`?token=`): store it, then take it out of
 * the address bar and history so that it is not bookmarked, shared or left in the history.
 * Returns whether a token was taken.
 */
export function takeTokenFromAddress(): boolean {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return false;
  // The portal usually stored this very token already (same origin). A different one replaces the
  // stored session, whose user info, name and logo belong to someone else.
  if (token !== getToken()) {
    endSession();
    storeToken(token);
  }
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return true;
}

/** The single sign-on address that brings the user back to `target` after signing in. */
export function signInAddress(target: string): string {
  return `/api/apis-authz/authz/login/cas?target=${encodeURIComponent(target)}`;
}

/**
 * The portal's account centre in forced mode, for a user whose password is still the default one;
 * once changed, it continues to `target`. Every app sends such users there.
 */
export function passwordChangeAddress(target: string): string {
  return `/accountCenter?tab=password&target=${encodeURIComponent(target)}`;
}

type Redirect = (address: string) => void;

let redirect: Redirect = (address) => window.location.assign(address);

/** Sends the user to sign in, then back to where they are now (or to `target`). */
export function redirectToSignIn(target: string = window.location.href): void {
  redirect(signInAddress(target));
}

/** Replaces how the browser leaves for sign-in (tests); returns a function that restores the default. */
export function setSignInRedirect(replacement: Redirect): () => void {
  const previous = redirect;
  redirect = replacement;
  return () => {
    redirect = previous;
  };
}
