import { type Lang, toLang } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Engine } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { defineJob } from '../../platform/jobs/types.ts';
import { SendError } from '../../platform/sms/send.ts';
import { formatDateTime, MINUTE } from '../../platform/time.ts';
import { chargeAlarmMessage } from '../billing/allowance.ts';
import { type NotifyEnv, senderFor } from './channels/index.ts';
import { platformAlarmSender } from './channels/platform.ts';
import type { ChannelSender, OutgoingMessage } from './channels/types.ts';
import { accountLang, deliveryState, recordSend, takeDelivery } from './deliveries-repository.ts';
import { defaultTemplate, settingsFor } from './settings.ts';
import type { DeliveryRow } from './tables.ts';

export const NOTIFY_JOB = 'iot.notify.deliver';
/** The first try and five retries: with the worker's backoff, about two and a half minutes in all. */
export const NOTIFY_MAX_ATTEMPTS = 6;
/** How long one send holds its delivery: longer than a send with a token refresh can take. */
const SENDING_MS = 5 * MINUTE;

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

async function messageOf(db: Kysely<Database>, d: DeliveryRow): Promise<OutgoingMessage> {
  const params = {
    device: d.device_name,
    point: d.point_name ?? '',
    value: d.value ?? '',
    // An alarm time as people read it, in the deployment's time zone (`TIME_ZONE`).
    time: formatDateTime(d.event_at),
    content: d.content,
  };
  // The language the message was written in when it was queued; rows from before 0030 ask the owner's.
  const ownerLang = d.lang ? undefined : await accountLang(db, d.owner_id);
  const lang: Lang = d.lang ?? toLang(ownerLang) ?? 'zh-CN';
  const template =
    d.channel === 'email'
      ? ((await settingsFor(db, d.owner_id, 'emailTemplate')) ?? defaultTemplate(lang))
      : defaultTemplate(lang);
  const text =
    d.channel === 'email'
      ? fill(template.body, params)
      : [params.device, params.point, params.value, params.content, params.time].filter(Boolean).join(' ');
  return { key: d.dedupe_key, target: d.target, subject: fill(template.subject, params), text, params };
}

export interface DeliverOptions {
  env: NotifyEnv;
  log: Logger;
  /** The job's attempt and its limit: the last failed attempt marks the delivery failed. */
  attempt: number;
  maxAttempts: number;
  /** Tests: another way to pick the sender. */
  senderOf?: typeof senderFor;
  /** Locks the top account's row while a platform message is counted on PostgreSQL (default: no lock). */
  engine?: Engine;
}

/**
 * The platform's sender for an alarm SMS or call of an account that set up none of its own (and
 * none above it), once the message is paid for from the month or a pack (decision 0134); null
 * when the account has its own settings or the deployment no alarm template for the channel.
 */
async function platformSender(db: Kysely<Database>, d: DeliveryRow, options: DeliverOptions) {
  if (d.channel !== 'sms' && d.channel !== 'voice') return null;
  if (await settingsFor(db, d.owner_id, d.channel)) return null;
  const sender = platformAlarmSender(d.channel, options.env);
  if (!sender) return null;
  await chargeAlarmMessage(
    db,
    options.engine ?? 'sqlite',
    { id: d.id, ownerId: d.owner_id, channel: d.channel },
    Date.now(),
  );
  return sender;
}

/**
 * Sends one delivery and records the outcome. Takes the delivery first (queued or retrying, or a
 * send whose hold ran out), so that two runs never send it at the same time, and a delivery
 * already sent or failed is left alone: running the job again sends nothing. A refusal that
 * retrying cannot help, or the last attempt, marks it failed; any other failure is recorded and
 * thrown, and the job comes back with backoff.
 */
export async function deliver(db: Kysely<Database>, deliveryId: number, options: DeliverOptions): Promise<void> {
  const now = Date.now();
  const taken = await takeDelivery(db, deliveryId, now, now + SENDING_MS);
  if (!taken) {
    const state = await deliveryState(db, deliveryId);
    if (!state || state === 'sent' || state === 'failed') return;
    // Another run holds it; come back after its hold and see what it recorded.
    throw new SendError(`delivery ${deliveryId} is being sent by another run`);
  }
  let sender: ChannelSender | null = null;
  try {
    sender =
      (await platformSender(db, taken, options)) ??
      (await (options.senderOf ?? senderFor)(db, taken.owner_id, taken.channel, options.env));
    const accepted = await sender.send(await messageOf(db, taken));
    await recordSend(db, deliveryId, taken.attempts, {
      state: 'sent',
      sent_at: Date.now(),
      provider: sender.provider,
      provider_ref: accepted.ref,
      last_error: null,
      sending_until: null,
      updated_at: Date.now(),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const final = (error instanceof SendError && error.permanent) || options.attempt >= options.maxAttempts;
    // A run that lost its hold (it hung past it and another run took over) records nothing.
    await recordSend(db, deliveryId, taken.attempts, {
      state: final ? 'failed' : 'retrying',
      provider: sender?.provider ?? null,
      last_error: reason.slice(0, 1000),
      sending_until: null,
      updated_at: Date.now(),
    });
    options.log.warn({ delivery: deliveryId, channel: taken.channel, reason, final }, 'alarm notification not sent');
    if (!final) throw error;
  }
}

/** The outbox job of one delivery: the providers' addresses are the deployment's settings. */
export const notifyDeliveryJob = defineJob<{ deliveryId: number }>({
  kind: NOTIFY_JOB,
  maxAttempts: NOTIFY_MAX_ATTEMPTS,
  leaseMs: SENDING_MS,
  run: (job, { db, log, config }) =>
    deliver(db.kysely, job.payload.deliveryId, {
      env: config,
      engine: db.engine,
      log,
      attempt: job.attempt,
      maxAttempts: job.maxAttempts,
    }),
});
