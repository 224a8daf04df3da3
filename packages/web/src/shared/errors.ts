import { type FieldError, isSessionInvalid, type Lang, platformMessages, translateIn } from '@meridian/contracts';
import { currentLang } from './i18n.ts';

/** How a call failed: the server answered with an error, the network failed, or time ran out. */
export type ApiFailure = 'response' | 'network' | 'timeout';

/** A failed API call. `code` is the envelope's code (the HTTP status when the body was not an envelope, 0 when nothing came back). */
export class ApiError extends Error {
  readonly code: number;
  readonly httpStatus: number;
  readonly items: FieldError[];
  readonly failure: ApiFailure;
  /** The envelope's data, which some refusals fill (`{ passwordExpired: true }` at sign-in). */
  readonly data: unknown;

  constructor(init: {
    code: number;
    message: string;
    httpStatus: number;
    items?: FieldError[];
    failure?: ApiFailure;
    data?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.httpStatus = init.httpStatus;
    this.items = init.items ?? [];
    this.failure = init.failure ?? 'response';
    this.data = init.data ?? null;
  }
}

/** What the user should see or where they should go after a failure (Mind spec section 8). */
export type ErrorReaction = { kind: 'signIn' } | { kind: 'show'; level: 'error' | 'warning'; text: string };

// Only the platform's sentences: every first screen loads this file, and the feature catalogues
// stay with the pages that need them (decision 0051).
type PlatformKey = keyof typeof platformMessages;
const translate = (key: PlatformKey, lang: Lang) => translateIn(platformMessages, key, lang);

// Sentences for error answers that carried no envelope (a proxy's page, a missing static file).
const fallbackKeys: Record<number, PlatformKey> = {
  404: 'http.notFound',
  405: 'http.methodNotAllowed',
  429: 'http.tooManyRequests',
};

/** The reaction the error catalogue prescribes for `error`, in `lang`. Pure: `notifyError` carries it out. */
export function describeError(error: unknown, lang: Lang): ErrorReaction {
  if (!(error instanceof ApiError)) {
    // A bug in the page rather than a failed call: still say something the user can act on.
    return { kind: 'show', level: 'error', text: translate('http.internal', lang) };
  }
  if (isSessionInvalid(error.code)) return { kind: 'signIn' };
  if (error.failure === 'network') {
    return { kind: 'show', level: 'warning', text: translate('http.networkError', lang) };
  }
  if (error.failure === 'timeout') {
    return { kind: 'show', level: 'warning', text: translate('http.timeout', lang) };
  }
  if (error.httpStatus >= 500) {
    return { kind: 'show', level: 'warning', text: error.message || translate('http.internal', lang) };
  }
  const message = error.message || translate(fallbackKeys[error.httpStatus] ?? 'http.badRequest', lang);
  if (error.code === 400 && error.items.length > 0) {
    const lines = [message, ...error.items.map((item) => item.msg)];
    return { kind: 'show', level: 'error', text: lines.join('\n') };
  }
  return { kind: 'show', level: 'error', text: message };
}

/** The sentence a page shows for a failed call, as the server worded it when it did (the spec's messages). */
export function errorText(error: unknown): string {
  const lang = currentLang();
  const reaction = describeError(error, lang);
  return reaction.kind === 'show' ? reaction.text : translate('session.10020', lang);
}

/** Whether trying the same call again could succeed: not for a refused request or a dead session. */
export function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (isSessionInvalid(error.code)) return false;
  return !(error.httpStatus >= 400 && error.httpStatus < 500);
}
