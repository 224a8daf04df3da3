import { call, SendError } from '../../../platform/sms/send.ts';
import type { ChannelSender } from './types.ts';

/**
 * A webhook of the deployment's own (an SMS, voice or push gateway in front of any provider):
 * POSTs `{ channel, to, subject, text, params, key }` as JSON with an optional bearer token and an
 * `Idempotency-Key` header. A 2xx is accepted; a 4xx other than 408 and 429 is permanent.
 */
export function webhookSender(options: {
  channel: 'sms' | 'voice' | 'push';
  url: string;
  token?: string | undefined;
  timeoutMs: number;
}): ChannelSender {
  return {
    provider: 'webhook',
    async send(message) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': message.key };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const body = {
        channel: options.channel,
        to: message.target,
        subject: message.subject,
        text: message.text,
        params: message.params,
        key: message.key,
      };
      const response = await call(
        'webhook',
        options.url,
        { method: 'POST', headers, body: JSON.stringify(body) },
        options.timeoutMs,
      );
      const text = (await response.text()).slice(0, 200);
      if (response.ok) return { ref: response.headers.get('x-message-id') };
      const permanent = response.status >= 400 && response.status < 500 && ![408, 429].includes(response.status);
      throw new SendError(`webhook answered ${response.status}: ${text}`, { permanent });
    },
  };
}
