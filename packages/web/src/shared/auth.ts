import { type Lang, toLang } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from './errors.ts';
import { notifyLoadFailure } from './feedback.tsx';
import { changeLang, currentLang } from './i18n.ts';
import { get, post, requestEnvelope } from './request.ts';
import { acceptedSignIn, endSession, getToken, type SignedIn, storeSession, storeUser } from './session.ts';

/** The signed-in user as `auth/user/queryInfo` describes them. */
export interface UserInfo {
  id: number;
  account: string;
  nickname: string;
  avatar: string | null;
  phone: string | null;
  email: string | null;
  identityId: number | null;
  identityName: string | null;
  roleId: number | null;
  deptId: number | null;
  /** The user's unit (the organisation they belong to), with its name. */
  dept?: { id: number; name: string; logo: string | null } | null;
  userType: string;
  vipLevel: number;
  superAdmin: boolean;
  /** The password is still the one an administrator or the system gave: it must be changed first. */
  defaultPass: boolean;
  /** A neutral member's customer: the platform's neutral operation is not offered to them (decision 0116). */
  brandCustomer: boolean;
  passwordExpiresAt: number | null;
  /** The administrator acting as this user (`runAs`), when one is. */
  runAsBy: number | null;
  lang: string | null;
}

/** The server answered 200 but not the success text, or without a token: not signed in. */
export class SignInNotAccepted extends Error {
  constructor() {
    super('The sign-in answer carried no token or not the success message');
    this.name = 'SignInNotAccepted';
  }
}

/**
 * Completes any way of signing in: accepts the answer only with the success text and a token
 * (Device Cloud spec section 4), then stores user, token, name, role, unit and logo.
 */
export async function completeSignIn(path: string, body: unknown): Promise<SignedIn> {
  const envelope = await requestEnvelope<SignedIn | null>('POST', path, { body });
  const signedIn = acceptedSignIn(envelope);
  if (!signedIn) throw new SignInNotAccepted();
  storeSession(signedIn);
  return signedIn;
}

export const signInWithPassword = (account: string, password: string) =>
  completeSignIn('apis-authz/authz/login', { account, password });

/**
 * The signed-in user, also kept in the session values: a session handed over by token (single
 * sign-on, WeChat) has no sign-in answer to take them from.
 */
export async function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const info = await post<UserInfo>('apis-authz/auth/user/queryInfo', undefined, { signal });
  storeUser({
    id: info.id,
    account: info.account,
    name: info.nickname,
    roleId: info.roleId,
    identityId: info.identityId,
    unitDeptId: info.deptId,
    defaultPass: info.defaultPass,
  });
  return info;
}

/** Invalidate this prefix after changing the user (profile, identity switch). */
export const USER_INFO_QUERY = ['userInfo'] as const;

/**
 * The signed-in user; a dead session sends the browser to sign in (the query cache's reaction).
 * The key carries the token, so that another sign-in in the same page never shows the last user.
 */
export function useUserInfo(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...USER_INFO_QUERY, getToken()],
    queryFn: ({ signal }) => fetchUserInfo(signal),
    enabled: options.enabled ?? true,
    staleTime: 5 * 60_000,
  });
}

/**
 * Signs out: the server revokes the token, then every stored session value and session storage
 * are cleared. The local clearing happens even when the server cannot be reached, so that a
 * shared computer is never left signed in.
 */
export async function signOut(): Promise<void> {
  if (getToken()) {
    await get<null>('apis-authz/authz/logout').catch((error: unknown) => {
      // A session that is already dead needs no revoking; anything else is worth a trace.
      if (!(error instanceof ApiError && error.httpStatus === 401))
        console.warn('Sign-out did not reach the server', error);
    });
  }
  endSession();
}

/** Keeps the language on the account, so that the server words its answers as the page does. */
export function saveLanguage(lang: Lang): void {
  post<unknown>('apis-authz/auth/user/updateInfo', { lang }).catch((error: unknown) =>
    console.warn('The language could not be saved to the account', error),
  );
}

/** The language saved on the account wins once the user is known: their setting follows them to any browser. */
export function useAccountLanguage(user: UserInfo | undefined): void {
  const applied = useRef(false);
  useEffect(() => {
    if (!user || applied.current) return;
    applied.current = true;
    const saved = toLang(user.lang);
    if (saved && saved !== currentLang()) changeLang(saved).catch(notifyLoadFailure);
  }, [user]);
}
