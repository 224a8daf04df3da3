/**
 * What every outgoing message (an alarm SMS or call, a verification code) shares, whichever
 * provider carries it: the message, the provider's acceptance, and the errors of a send.
 */

/** One message to one phone, as the SMS and voice providers see it. */
export interface SmsMessage {
  /** Our id of this message, handed to providers that accept one (Aliyun OutId, Tencent SessionContext). */
  key: string;
  /** The phone number, mainland numbers without +86. */
  target: string;
  /** The template's parameters by name. */
  params: Record<string, string>;
}

/** What a provider answered when it accepted a message. */
export interface Accepted {
  /** The provider's id for it (BizId, SerialNo, CallId, msgid, Message-ID), when it gives one. */
  ref: string | null;
}

/** An SMS or voice provider; `send` resolves once it accepted the message, or throws a SendError. */
export interface SmsSender {
  readonly provider: string;
  send(message: SmsMessage): Promise<Accepted>;
}

/** A delivery the provider refused or did not answer in time; the reason is for the log only. */
export class DeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}

/**
 * Why a provider refused, in terms a person can act on: `setup` (keys, signature, sign name,
 * template, balance: the operator must fix it), `recipient` (a number that cannot get SMS),
 * `throttled` (the provider's own limit for this number or account), `unavailable` (no answer,
 * an error page, a fault on its side).
 */
export type RefusalKind = 'setup' | 'recipient' | 'throttled' | 'unavailable';

/**
 * A send the provider refused or did not answer. `permanent` when trying again cannot help (a
 * malformed number, a follower who unsubscribed, wrong credentials): the delivery fails at once
 * instead of using up its retries. The message is for the record and the log: it never holds a secret.
 */
export class SendError extends DeliveryError {
  readonly permanent: boolean;
  readonly kind: RefusalKind;
  constructor(message: string, options: { permanent?: boolean; kind?: RefusalKind; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SendError';
    this.permanent = options.permanent ?? false;
    this.kind = options.kind ?? 'unavailable';
  }
}

/** A fetch with a timeout whose failures become retryable SendErrors naming the provider. */
export async function call(provider: string, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason =
      error instanceof DOMException && error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : `unreachable: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
    throw new SendError(`${provider} ${reason}`, { cause: error });
  }
}

/** The answer's JSON, or a retryable SendError when the provider answered something else (a proxy's error page). */
export async function jsonOf<T>(provider: string, response: Response): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new SendError(`${provider} answered ${response.status} without JSON: ${text.slice(0, 200)}`);
  }
}
