import type { OAuthBinding, OAuthProviderName, Page } from '@meridian/contracts';
import { get, post } from '../../shared/request.ts';

export interface BindLogEntry {
  id: number;
  at: number;
  provider: OAuthProviderName;
  providerName: string;
  action: 'bind' | 'unbind' | 'transfer';
  actionName: string;
  nickname: string | null;
  account: string | null;
  fromAccount: string | null;
  byAccount: string | null;
  ip: string | null;
  userAgent: string | null;
}

export const bindInfo = (signal?: AbortSignal) => get<OAuthBinding[]>('apis-authz/auth/user/getBindInfo', { signal });

export const bindLog = (page: number, size: number, signal?: AbortSignal) =>
  get<Page<BindLogEntry>>('apis-authz/auth/user/getBindLog', { query: { page, size }, signal });

/** Where to send the browser to bind `provider`; it comes back to `target` with the outcome. */
export const startBinding = (provider: OAuthProviderName, target: string) =>
  post<{ url: string }>(`apis-authz/oauth/${provider}/authorize/bind`, { target });

export const unbind = (provider: OAuthProviderName) =>
  get<null>('apis-authz/auth/user/unBindAccount', { query: { provider } });

/** Moves a provider account another account holds to this one, as the person confirmed. */
export const transferBinding = (ticket: string) => post<null>('apis-authz/oauth/transfer', { ticket });

export const ticketInfo = (ticket: string) =>
  get<{ providerName: string; nickname: string | null; boundAccount: string | null }>('apis-authz/oauth/ticket', {
    query: { ticket },
  });
