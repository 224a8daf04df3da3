import { z } from 'zod';

/** The outside accounts a person can sign in with once bound to their Meridian account. */
export const OAUTH_PROVIDERS = ['wechat', 'dingtalk'] as const;
export const oauthProvider = z.enum(OAUTH_PROVIDERS);
export type OAuthProviderName = z.infer<typeof oauthProvider>;

/** The portal page a not-yet-bound person lands on: `?provider=&ticket=&target=`. */
export const OAUTH_BIND_PAGE = '/login/bind';
/**
 * What the callback adds to the address it sends the browser back to: `oauthError` (a catalogue
 * key, with `provider`, and `ticket` when a binding may be moved here) or `oauth=bound`.
 */
export const OAUTH_ERROR_PARAM = 'oauthError';
export const OAUTH_RESULT_PARAM = 'oauth';

/** States and tickets are 32 random bytes, URL-safe (43 characters). */
const secret = z.string().regex(/^[\w-]{43}$/, 'oauth.ticketInvalid');

/** `POST /apis-authz/oauth/bind`: bind the scanned account by signing in with account and password. */
export const oauthBindBody = z.strictObject({
  ticket: secret,
  account: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(64),
});

/** `POST /apis-authz/oauth/transfer`: move a binding that another account holds to the caller's. */
export const oauthTransferBody = z.strictObject({ ticket: secret });

/** `POST /apis-authz/authz/login/dingtalk/scancode`: the code DingTalk's QR frame handed the page. */
export const dingtalkScanBody = z.strictObject({
  code: z.string().trim().min(1).max(256),
  state: z.string().regex(/^[\w-]{43}$/, 'oauth.stateInvalid'),
});

export const oauthTicketInfo = z.object({
  provider: oauthProvider,
  providerName: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  /** For a move: the account that holds the binding now, masked (`zh***n`). */
  boundAccount: z.string().nullable(),
  expiresAt: z.number(),
});

export const oauthBinding = z.object({
  provider: oauthProvider,
  providerName: z.string(),
  configured: z.boolean(),
  bound: z.boolean(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  boundAt: z.number().nullable(),
  lastSignInAt: z.number().nullable(),
});
export type OAuthBinding = z.infer<typeof oauthBinding>;

export const oauthBindLogEntry = z.object({
  id: z.number(),
  at: z.number(),
  provider: oauthProvider,
  providerName: z.string(),
  action: z.enum(['bind', 'unbind', 'transfer']),
  actionName: z.string(),
  nickname: z.string().nullable(),
  /** The account the binding belongs to after the change (before it, for an unbind). */
  account: z.string().nullable(),
  /** For a transfer: the account it was taken from. */
  fromAccount: z.string().nullable(),
  /** Who made the change: the account holder, or the administrator acting as them. */
  byAccount: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

export const dingH5Config = z.object({
  clientId: z.string(),
  authorizeUrl: z.string(),
  redirectUri: z.string(),
  state: z.string(),
});
