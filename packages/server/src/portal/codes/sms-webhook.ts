import { DeliveryError } from '../../platform/sms/send.ts';
import type { SmsProvider } from './delivery.ts';

/**
 * The generic SMS provider: POSTs `{ phone, purpose, code, lang }` as JSON to a webhook that the
 * deployment runs in front of its SMS account, with an optional bearer token. Anything but a 2xx
 * answer within the timeout is a failed delivery.
 */
export function webhookSmsProvider(options: { url: string; token?: string; timeoutMs: number }): SmsProvider {
  return {
    name: 'webhook',
    async sendCode({ phone, purpose, code, lang }) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ phone, purpose, code, lang }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const reason =
          error instanceof DOMException && error.name === 'TimeoutError'
            ? `no answer within ${options.timeoutMs} ms`
            : `unreachable: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
        throw new DeliveryError(`SMS webhook ${reason}`, { cause: error });
      }
      // Read the answer to the end so that the connection can be reused; its text helps the log.
      const text = (await response.text().catch(() => '')).slice(0, 200);
      if (!response.ok) throw new DeliveryError(`SMS webhook answered ${response.status}: ${text}`);
    },
  };
}
