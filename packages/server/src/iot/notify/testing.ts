import type { Logger } from 'pino';
import type { TestApp } from '../../../test/app.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import type { NotifyEnv } from './channels/index.ts';
import { notifyDeliveryJob } from './deliver.ts';
import type { AlarmEvent } from './index.ts';

/** The senders' settings with every provider at one stand-in's `url` and no platform mail or alarm template. */
export function notifyEnvAt(url: string): NotifyEnv {
  return {
    ALIYUN_SMS_BASE: url,
    ALIYUN_VOICE_BASE: url,
    TENCENT_SMS_BASE: url,
    TENCENT_VOICE_BASE: url,
    WECHAT_API_BASE: url,
    SMTP_URL: undefined,
    SMTP_FROM: 'Meridian <no-reply@meridian.local>',
    NOTIFY_SEND_TIMEOUT_MS: 2000,
  };
}

/** A worker of the delivery job with `env` as the deployment's settings, retrying after a few milliseconds. */
export function outboxWorker(t: TestApp, env: NotifyEnv, log: Logger): JobWorker {
  return new JobWorker({
    db: t.db,
    log,
    config: { ...t.config, ...env },
    jobs: [notifyDeliveryJob],
    baseRetryMs: 1,
    maxRetryMs: 4,
  });
}

/** An alarm firing now on `deviceId`, for `triggerId`'s recipients, with no point. */
export function firing(alarmId: number, triggerId: number, deviceId: number): AlarmEvent {
  return {
    alarmId,
    triggerId,
    deviceId,
    kind: 'fire',
    at: Date.now(),
    pointId: null,
    value: '9.5',
    content: 'Pressure high',
    facts: null,
  };
}
