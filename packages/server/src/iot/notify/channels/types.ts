import type { Accepted, SmsMessage } from '../../../platform/sms/send.ts';

export type { Accepted } from '../../../platform/sms/send.ts';

/** One alarm message on its way to one address, as every channel sees it. */
export interface OutgoingMessage extends SmsMessage {
  /** The delivery's dedupe key: handed to providers that accept an idempotency id, so that a repeat can be dropped. */
  key: string;
  /** Phone (SMS, voice, push), email address or WeChat openid. */
  target: string;
  subject: string;
  text: string;
  params: { device: string; point: string; value: string; time: string; content: string };
}

/** A way alarms reach people; `send` resolves once the provider accepted the message, or throws a SendError. */
export interface ChannelSender {
  readonly provider: string;
  send(message: OutgoingMessage): Promise<Accepted>;
}
