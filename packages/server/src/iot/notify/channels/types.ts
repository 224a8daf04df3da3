import { DeliveryError } from '../../../portal/codes/delivery.ts';

/** One alarm message on its way to one address, as every channel sees it. */
export interface OutgoingMessage {
  /** The delivery's dedupe key: handed to providers that accept an idempotency id, so that a repeat can be dropped. */
  key: string;
  /** Phone (SMS, voice, push), email address or WeChat openid. */
  target: string;
  subject: string;
  text: string;
  params: { device: string; point: string; value: string; time: string; content: string };
}

/** What a provider answered when it accepted a message. */
export interface Accepted {
  /** The provider's id for it (BizId, SerialNo, CallId, msgid, Message-ID), when it gives one. */
  ref: string | null;
}

/** A way alarms reach people; `send` resolves once the provider accepted the message, or throws a SendError. */
export interface ChannelSender {
  readonly provider: string;
  send(message: OutgoingMessage): Promise<Accepted>;
}

/**
 * A send the provider refused or did not answer. `permanent` when trying again cannot help (a
 * malformed number, a follower who unsubscribed, wrong credentials): the delivery fails at once
 * instead of using up its retries. The message is for the record and the log: it never holds a secret.
 */
export class SendError extends DeliveryError {
  readonly permanent: boolean;
  constructor(message: string, options: { permanent?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SendError';
    this.permanent = options.permanent ?? false;
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
