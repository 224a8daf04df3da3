import type { CodeChannel as ChannelName, CodePurpose, Lang } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';

/** One code on its way to a person. */
export interface CodeMessage {
  /** Our id of this code, handed to providers that echo one (Aliyun OutId, Tencent SessionContext). */
  key: string;
  target: string;
  purpose: CodePurpose;
  code: string;
  lang: Lang;
  minutes: number;
}

/** A way codes reach people. `deliver` resolves once the provider accepted the message, or throws. */
export interface CodeChannel {
  readonly channel: ChannelName;
  /** Recorded with each send attempt: `aliyun`, `tencent`, `webhook`, `smtp`, `log`. */
  readonly provider: string;
  deliver(message: CodeMessage): Promise<void>;
  close?(): Promise<void>;
}

/**
 * An SMS gateway: Aliyun or Tencent Cloud SendSms with an approved sign and template
 * (`sms-providers.ts`, through the platform's adapters), or the deployment's own webhook.
 * A refusal throws a DeliveryError; the platform's SendError says what kind of refusal it was.
 */
export interface SmsProvider {
  readonly name: string;
  sendCode(message: {
    key: string;
    phone: string;
    purpose: CodePurpose;
    code: string;
    lang: Lang;
    minutes: number;
  }): Promise<void>;
}

export function smsChannel(provider: SmsProvider): CodeChannel {
  return {
    channel: 'sms',
    provider: provider.name,
    deliver: ({ target, ...message }) => provider.sendCode({ phone: target, ...message }),
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
