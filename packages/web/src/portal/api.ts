import type { CodeChannel, RegisterApp } from '@meridian/contracts';
import { completeSignIn } from '../shared/auth.ts';
import { post } from '../shared/request.ts';

/**
 * The portal's calls, in one place so that each page reads as what the user does. Paths are the
 * Mind spec's section 7 under `/api/`.
 */

/** A code went out; another only after `resendAfter` seconds. */
export interface CodeSent {
  resendAfter: number;
  expiresInMinutes: number;
}

export const sendLoginCode = (phone: string) =>
  post<CodeSent>('apis-authz/auth/user/sendPhoneCodeOfLoginConfirm', { phone });

export const signInWithPhone = (phone: string, code: string) =>
  completeSignIn('apis-authz/authz/login/phone', { phone, code });

/** A code that proves the phone (or address) is yours: to register, or to bind or release it. */
export const sendProofCode = (target: string, purpose: 'register' | 'bind', channel: CodeChannel = 'sms') =>
  post<CodeSent>('apis-authz/auth/user/sendCode', { channel, target, purpose });

export interface RegisterForm {
  account: string;
  password: string;
  confirmPassword: string;
  phone: string;
  code: string;
  app: RegisterApp;
}

export interface Registered {
  userId: number;
  account: string;
  status: 'enabled' | 'pending';
}

export const register = (form: RegisterForm) => post<Registered>('apis-authz/auth/user/register', form);

/** Frees a phone that another account holds, proven by a code (purpose `bind`) sent to that phone. */
export const releasePhone = (phone: string, code: string) =>
  post<{ released: boolean }>('apis-authz/auth/user/phone/release', { phone, code });

export const sendResetCode = (channel: CodeChannel, target: string) =>
  post<CodeSent>('apis-authz/auth/user/forgetPassword/generateCaptcha', { channel, target });

export const resetPassword = (form: { target: string; code: string; password: string; confirmPassword: string }) =>
  post<null>('apis-authz/auth/user/forgetPassword/reset', form);

/** Changes an expired (or, signed in, a default) password. Without a session `account` names whose. */
export const forceUpdatePassword = (form: {
  account?: string;
  oldPassword: string;
  password: string;
  confirmPassword: string;
}) => post<null>('apis-authz/auth/user/forceUpdatePassword', form);

export const updatePassword = (form: { oldPassword: string; password: string; confirmPassword: string }) =>
  post<null>('apis-authz/auth/user/updatePassword', form);

/**
 * Which applications a new account may be for. The server does not list the deployment's apps to
 * visitors yet, so both are offered; one that is switched off refuses the registration in words.
 */
export const registrationApps = async (): Promise<RegisterApp[]> => ['iot', 'mind'];

/** The profile fields a user changes themselves; a new email comes with a code sent to it. */
export interface ProfileChange {
  nickname?: string;
  avatar?: string | null;
  email?: string | null;
  emailCode?: string;
  lang?: 'zh-CN' | 'en' | null;
}

export const updateInfo = (change: ProfileChange) => post<unknown>('apis-authz/auth/user/updateInfo', change);
