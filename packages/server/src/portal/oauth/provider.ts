import type { OAuthProviderName } from '@meridian/contracts';

/** Who the provider says the person is: a stable id, and what to show beside the binding. */
export interface OAuthProfile {
  /** The id bindings are keyed by: the union id when the provider gives one, else the open id. */
  subject: string;
  openId: string | null;
  unionId: string | null;
  nickname: string | null;
  avatar: string | null;
}

/** An outside account provider that signs people in with the OAuth 2 authorisation-code exchange. */
export interface OAuthProvider {
  readonly name: OAuthProviderName;
  /** Whether the deployment has given this provider an app id and a secret. */
  readonly configured: boolean;
  /** The app (client) id a page needs to start the provider's own QR frame. */
  readonly clientId: string;
  /** Where to send the browser: the provider's page that asks the person, then returns to `redirectUri`. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** Trades the code the provider returned with for the person's profile. */
  exchange(code: string): Promise<OAuthProfile>;
}

/**
 * A provider call that did not give a profile: `refused` when the provider answered no (a bad or
 * used code, a wrong secret), `unavailable` when it did not answer in time or answered nonsense.
 * `detail` is the provider's own words, for the log and the audit trail, never for the person.
 */
export class ProviderError extends Error {
  readonly kind: 'refused' | 'unavailable';
  readonly detail: string;

  constructor(kind: 'refused' | 'unavailable', detail: string) {
    super(`${kind}: ${detail}`);
    this.name = 'ProviderError';
    this.kind = kind;
    this.detail = detail.slice(0, 300);
  }
}

/** `base` (which may carry a path, for a gateway) joined with `path`. */
export function endpoint(base: string, path: string, query?: Record<string, string>): string {
  const url = `${base.replace(/\/+$/, '')}${path}`;
  return query ? `${url}?${new URLSearchParams(query)}` : url;
}

/**
 * Calls a provider and reads its JSON answer, whatever the HTTP status (providers put their error
 * codes in the body). Not answering within `timeoutMs`, a network failure or a body that is not
 * JSON all mean the provider cannot be reached.
 */
export async function callProvider(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  let status: number;
  let text: string;
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    status = res.status;
    text = await res.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new ProviderError('unavailable', timedOut ? `no answer within ${timeoutMs} ms` : String(error));
  }
  try {
    return { status, body: JSON.parse(text) as unknown };
  } catch {
    throw new ProviderError('unavailable', `HTTP ${status}, not JSON: ${text.slice(0, 100)}`);
  }
}
