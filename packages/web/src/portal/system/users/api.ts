import type { accountQuery, accountRow, Page, pendingAccountSchema, RegisterApp } from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get, post } from '../../../shared/request.ts';

/**
 * The calls of account administration (`apis-authz/auth/user/...`): the accounts of the caller's
 * scope, the registrations awaiting review, and what an administrator does to an account.
 */

export type AccountQuery = Output<typeof accountQuery>;
export type AccountRow = Output<typeof accountRow>;
export type PendingAccount = Output<typeof pendingAccountSchema>;
export type AccountStatus = 'enabled' | 'disabled' | 'pending';
export type UserType = 'staff' | 'main' | 'sub';

/** An account with its identities, as the detail drawer shows it (`queryAccountInfo`). */
export interface AccountInfo extends AccountRow {
  avatar: string | null;
  remark: string | null;
  deviceLevel: number | null;
  slaveQuota: number | null;
  identities: Array<{ identityId: number; identityName: string; orgId: number | null; orgName: string | null }>;
}

/** An account as it stands after an administrator's change. */
export interface AccountState {
  id: number;
  account: string;
  status: string;
  vipLevel: number;
  deviceLevel: number | null;
  slaveQuota: number | null;
  superAdmin: boolean;
}

const base = 'apis-authz/auth/user';

export const queryAllAccount = (query: AccountQuery, signal?: AbortSignal) =>
  post<Page<AccountRow>>(`${base}/queryAllAccount`, query, { signal });

export const queryAccountInfo = (userId: number, signal?: AbortSignal) =>
  post<AccountInfo>(`${base}/queryAccountInfo`, { userId }, { signal });

export const resetPassword = (userId: number) => post<AccountState>(`${base}/resetPassword`, { userId });

export const setStatus = (userId: number, status: 'enabled' | 'disabled') =>
  post<AccountState>(`${base}/status`, { userId, status });

export const setVipLevel = (userId: number, vipLevel: number) =>
  post<AccountState>(`${base}/vip`, { userId, vipLevel });

export const pendingAccounts = (query: { page: number; size: number; app?: RegisterApp }, signal?: AbortSignal) =>
  get<Page<PendingAccount>>(`${base}/review/page`, { query, signal });

export const reviewAccount = (body: { userId: number; approve: boolean; reason?: string }) =>
  post<AccountState>(`${base}/review`, body);

export type ReviewSetting = Record<RegisterApp, boolean>;

export const reviewSetting = (signal?: AbortSignal) => get<ReviewSetting>(`${base}/review/setting`, { signal });

export const saveReviewSetting = (change: Partial<ReviewSetting>) =>
  post<ReviewSetting>(`${base}/review/setting`, change);

/** The default password a reset gives (readable with `/system/policy:view` only). */
export const defaultPassword = (signal?: AbortSignal) =>
  post<{ password: string }>('apis-authz/policy/default', undefined, { signal });

/** Opens a session as `userId` (audited); the answer is that session's token. */
export const runAs = (userId: number) => post<{ token: string }>('apis-authz/authz/runAs', { userId });
