import type { CodeChannel as ChannelName, CodePurpose, Lang } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';

/** One code on its way to a person. */
export interface CodeMessage {
  target: string;
  purpose: CodePurpose;
  code: string;
  lang: Lang;
  minutes: number;
}

/** A way codes reach people. `deliver` resolves once the provider accepted the message, or throws. */
export interface CodeChannel {
  readonly channel: ChannelName;
  /** Recorded with each send attempt: `webhook`, `smtp`, `log`, later `aliyun`, `tencent`... */
  readonly provider: string;
  deliver(message: CodeMessage): Promise<void>;
  close?(): Promise<void>;
}

/**
 * An SMS gateway. The webhook is the first; the Chinese cloud SMS services (with their template
 * ids and signatures) come with the alarm work as further implementations of this interface.
 */
export interface SmsProvider {
  readonly name: string;
  sendCode(message: { phone: string; purpose: CodePurpose; code: string; lang: Lang }): Promise<void>;
}

/** A delivery the provider refused or did not answer in time; the reason is for the log only. */
export class DeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}

export function smsChannel(provider: SmsProvider): CodeChannel {
  return {
    channel: 'sms',
    provider: provider.name,
    deliver: ({ target, purpose, code, lang }) => provider.sendCode({ phone: target, purpose, code, lang }),
  };
}

/**
 * Development only (CODE_LOG=true): the code goes to the server log instead of a phone or a
 * mailbox, so that someone without an SMS account can still register locally.
 */
export function logChannel(channel: ChannelName, log: FastifyBaseLogger): CodeChannel {
  return {
    channel,
    provider: 'log',
    async deliver({ target, purpose, code }) {
      log.warn({ channel, target, purpose, code }, 'verification code (CODE_LOG=true: not sent to anyone)');
    },
  };
}
