import type { OAuthProviderName } from '@meridian/contracts';
import type { Generated, Selectable } from 'kysely';

/** A provider account bound to a Meridian account: one per provider per account, one account per provider id. */
export interface OauthBindingsTable {
  id: Generated<number>;
  user_id: number;
  provider: OAuthProviderName;
  /** The provider's stable id of the person: the union id when the provider gives one, else the open id. */
  subject: string;
  open_id: string | null;
  union_id: string | null;
  nickname: string | null;
  avatar: string | null;
  created_at: number;
  last_sign_in_at: number | null;
}
export type OauthBindingRow = Selectable<OauthBindingsTable>;

/** An authorisation in flight: the `state` sent to the provider, kept as a hash, used once. */
export interface OauthStatesTable {
  id: Generated<number>;
  state_hash: string;
  provider: OAuthProviderName;
  intent: 'signIn' | 'bind';
  /** For `bind`: the signed-in account the provider account is to be bound to. */
  user_id: number | null;
  target: string;
  /** The hash of the browser nonce cookie the flow started with; the callback must come back with it. */
  browser_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
export type OauthStateRow = Selectable<OauthStatesTable>;

/**
 * A proven provider account waiting for a decision: to be bound by signing in with a password
 * (`user_id` null), or to be moved to the account `user_id` from the account that holds it.
 */
export interface OauthTicketsTable {
  id: Generated<number>;
  ticket_hash: string;
  provider: OAuthProviderName;
  subject: string;
  open_id: string | null;
  union_id: string | null;
  nickname: string | null;
  avatar: string | null;
  user_id: number | null;
  target: string;
  browser_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
export type OauthTicketRow = Selectable<OauthTicketsTable>;

/** Every bind, unbind and move, kept after the binding is gone: who, when, which provider, from where. */
export interface OauthBindLogTable {
  id: Generated<number>;
  at: number;
  user_id: number;
  provider: OAuthProviderName;
  action: 'bind' | 'unbind' | 'transfer';
  subject: string;
  nickname: string | null;
  from_user_id: number | null;
  by_user_id: number | null;
  ip: string | null;
  user_agent: string | null;
}

/** The tables of the portal's oauth area, added to `Database` in platform/db/schema.ts. */
export interface OauthTables {
  oauth_bindings: OauthBindingsTable;
  oauth_states: OauthStatesTable;
  oauth_tickets: OauthTicketsTable;
  oauth_bind_log: OauthBindLogTable;
}
