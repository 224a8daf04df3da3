import { type AlarmFacts, alarmText, CHANNEL_ADDRESS, type NotifyChannel, toLang } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toBool, toJson } from '../../platform/db/sql.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { formatDateTime } from '../../platform/time.ts';
import { channelsOf } from './contacts.ts';
import { NOTIFY_JOB, NOTIFY_MAX_ATTEMPTS } from './deliver.ts';
import { deviceToNotify, insertDelivery, lastRepeatNo, pointNameOf } from './deliveries-repository.ts';
import * as repo from './repository.ts';

/** An alarm event as the alarm engine (iot/alarms) reports it. */
export interface AlarmEvent {
  alarmId: number;
  triggerId: number;
  deviceId: number;
  kind: 'fire' | 'repeat' | 'restore';
  at: number;
  pointId: number | null;
  value: string | null;
  /** The text in the owner's language, for alarms recorded before their facts were kept. */
  content: string;
  /** What happened, written in each recipient's language; null for alarms recorded before 0030. */
  facts: AlarmFacts | null;
}

/**
 * Puts the notifications of one alarm event in the outbox, in the alarm's own transaction: one
 * delivery per recipient and channel, each with its job. The delivery's unique key (alarm, kind,
 * repeat number, contact, channel) makes a second call for the same event add nothing, so the
 * engine may call again after a retry without anyone hearing twice. A device whose cloud
 * configuration is off notifies no one (spec section 4).
 */
export async function notifyAlarm(trx: Transaction<Database>, event: AlarmEvent): Promise<void> {
  const device = await deviceToNotify(trx, event.deviceId);
  if (!device || !toBool(device.cloud_config)) return;
  const contacts = await repo.recipientsOf(trx, event.triggerId);
  if (contacts.length === 0) return;
  const point = event.pointId === null ? undefined : await pointNameOf(trx, event.pointId);
  // Each repeat of an alarm is its own event: number them so that repeat 2 is not taken for repeat 1.
  const repeatNo = event.kind === 'repeat' ? (await lastRepeatNo(trx, event.alarmId)) + 1 : 0;
  // Contacts have no language of their own: they hear the device owner's account language
  // (zh-CN when the account chose none), recorded on each delivery (decision 0052).
  const lang = toLang(device.lang) ?? 'zh-CN';
  const content = event.facts ? alarmText(event.facts, lang, formatDateTime(event.at)) : event.content;
  const now = Date.now();
  for (const contact of contacts) {
    for (const channel of channelsOf(contact.channels)) {
      const target = addressOf(contact, channel);
      if (!target) continue;
      const key = `alarm:${event.alarmId}:${event.kind}:${repeatNo}:contact:${contact.id}:${channel}`;
      const deliveryId = await insertDelivery(trx, {
        owner_id: device.owner_id,
        alarm_id: event.alarmId,
        trigger_id: event.triggerId,
        device_id: device.id,
        device_name: device.name,
        point_name: point?.name ?? event.facts?.point ?? null,
        value: event.value === null ? null : [event.value, point?.unit].filter(Boolean).join(' '),
        event_at: event.at,
        content,
        facts: event.facts ? toJson(event.facts) : null,
        lang,
        kind: event.kind,
        repeat_no: repeatNo,
        contact_id: contact.id,
        contact_name: contact.name,
        channel,
        target,
        dedupe_key: key,
        state: 'queued',
        attempts: 0,
        sending_until: null,
        last_error: null,
        provider: null,
        provider_ref: null,
        sent_at: null,
        created_at: now,
        updated_at: now,
      });
      if (deliveryId !== undefined) {
        await insertJob(trx, {
          kind: NOTIFY_JOB,
          payload: { deliveryId },
          dedupeKey: `notify:${key}`,
          maxAttempts: NOTIFY_MAX_ATTEMPTS,
        });
      }
    }
  }
}

function addressOf(
  contact: { phone: string | null; email: string | null; wechat_openid: string | null },
  channel: NotifyChannel,
) {
  const field = CHANNEL_ADDRESS[channel];
  return field === 'phone' ? contact.phone : field === 'email' ? contact.email : contact.wechat_openid;
}

/**
 * Replaces a trigger's contacts and groups (the trigger form). Ids that are not `ownerId`'s own
 * are left out; pass empty lists when the trigger is deleted.
 */
export async function setTriggerRecipients(
  trx: Transaction<Database>,
  triggerId: number,
  ownerId: number,
  recipients: { contactIds: readonly number[]; groupIds: readonly number[] },
): Promise<void> {
  await repo.clearTriggerRecipients(trx, triggerId);
  const [contacts, groups] = await Promise.all([
    repo.ownedIds(trx, 'contacts', ownerId, recipients.contactIds),
    repo.ownedIds(trx, 'contact_groups', ownerId, recipients.groupIds),
  ]);
  if (contacts.length > 0) await repo.addTriggerContacts(trx, triggerId, contacts);
  if (groups.length > 0) await repo.addTriggerGroups(trx, triggerId, groups);
}

/** A trigger's contacts and groups, for its form. */
export async function triggerRecipients(db: Kysely<Database> | Transaction<Database>, triggerId: number) {
  const [contactIds, groupIds] = await Promise.all([
    repo.triggerContactIds(db, triggerId),
    repo.triggerGroupIds(db, triggerId),
  ]);
  return { contactIds, groupIds };
}

export { notifyDeliveryJob } from './deliver.ts';
