import { type AlarmFacts, alarmText, CHANNEL_ADDRESS, type NotifyChannel, toLang } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toBool, toJson } from '../../platform/db/sql.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { channelsOf } from './contacts.ts';
import { formatTime, NOTIFY_JOB, NOTIFY_MAX_ATTEMPTS } from './deliver.ts';

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

/** The contacts a trigger reaches: those named on it and the members of its groups, each once. */
export async function recipientsOf(db: Kysely<Database> | Transaction<Database>, triggerId: number) {
  return db
    .selectFrom('contacts as c')
    .selectAll('c')
    .where((eb) =>
      eb.or([
        eb('c.id', 'in', eb.selectFrom('trigger_contacts').select('contact_id').where('trigger_id', '=', triggerId)),
        eb(
          'c.id',
          'in',
          eb
            .selectFrom('trigger_groups as tg')
            .innerJoin('contact_group_members as m', 'm.group_id', 'tg.group_id')
            .select('m.contact_id')
            .where('tg.trigger_id', '=', triggerId),
        ),
      ]),
    )
    .orderBy('c.id')
    .execute();
}

/**
 * Puts the notifications of one alarm event in the outbox, in the alarm's own transaction: one
 * delivery per recipient and channel, each with its job. The delivery's unique key (alarm, kind,
 * repeat number, contact, channel) makes a second call for the same event add nothing, so the
 * engine may call again after a retry without anyone hearing twice. A device whose cloud
 * configuration is off notifies no one (spec section 4).
 */
export async function notifyAlarm(trx: Transaction<Database>, event: AlarmEvent): Promise<void> {
  const device = await trx
    .selectFrom('devices as d')
    .innerJoin('users as u', 'u.id', 'd.owner_id')
    .select(['d.id', 'd.name', 'd.owner_id', 'd.cloud_config', 'u.lang'])
    .where('d.id', '=', event.deviceId)
    .executeTakeFirst();
  if (!device || !toBool(device.cloud_config)) return;
  const contacts = await recipientsOf(trx, event.triggerId);
  if (contacts.length === 0) return;
  const point =
    event.pointId === null
      ? undefined
      : await trx
          .selectFrom('template_points')
          .select(['name', 'unit'])
          .where('id', '=', event.pointId)
          .executeTakeFirst();
  // Each repeat of an alarm is its own event: number them so that repeat 2 is not taken for repeat 1.
  const repeatNo =
    event.kind === 'repeat'
      ? Number(
          (
            await trx
              .selectFrom('notify_deliveries')
              .select((eb) => eb.fn.max('repeat_no').as('last'))
              .where('alarm_id', '=', event.alarmId)
              .where('kind', '=', 'repeat')
              .executeTakeFirst()
          )?.last ?? 0,
        ) + 1
      : 0;
  // Contacts have no language of their own: they hear the device owner's account language
  // (zh-CN when the account chose none), recorded on each delivery (decision 0052).
  const lang = toLang(device.lang) ?? 'zh-CN';
  const content = event.facts ? alarmText(event.facts, lang, formatTime(event.at)) : event.content;
  const now = Date.now();
  for (const contact of contacts) {
    for (const channel of channelsOf(contact.channels)) {
      const target = addressOf(contact, channel);
      if (!target) continue;
      const key = `alarm:${event.alarmId}:${event.kind}:${repeatNo}:contact:${contact.id}:${channel}`;
      const inserted = await trx
        .insertInto('notify_deliveries')
        .values({
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
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        await insertJob(trx, {
          kind: NOTIFY_JOB,
          payload: { deliveryId: inserted.id },
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
  await trx.deleteFrom('trigger_contacts').where('trigger_id', '=', triggerId).execute();
  await trx.deleteFrom('trigger_groups').where('trigger_id', '=', triggerId).execute();
  const [contacts, groups] = await Promise.all([
    ownIds(trx, 'contacts', ownerId, recipients.contactIds),
    ownIds(trx, 'contact_groups', ownerId, recipients.groupIds),
  ]);
  if (contacts.length > 0) {
    await trx
      .insertInto('trigger_contacts')
      .values(contacts.map((contact_id) => ({ trigger_id: triggerId, contact_id })))
      .execute();
  }
  if (groups.length > 0) {
    await trx
      .insertInto('trigger_groups')
      .values(groups.map((group_id) => ({ trigger_id: triggerId, group_id })))
      .execute();
  }
}

async function ownIds(
  trx: Transaction<Database>,
  table: 'contacts' | 'contact_groups',
  ownerId: number,
  ids: readonly number[],
): Promise<number[]> {
  // Guard against running an invalid `in ()` query when nothing is chosen.
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom(table)
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((r) => Number(r.id));
}

/** A trigger's contacts and groups, for its form. */
export async function triggerRecipients(db: Kysely<Database> | Transaction<Database>, triggerId: number) {
  const [contacts, groups] = await Promise.all([
    db
      .selectFrom('trigger_contacts')
      .select('contact_id')
      .where('trigger_id', '=', triggerId)
      .orderBy('contact_id')
      .execute(),
    db
      .selectFrom('trigger_groups')
      .select('group_id')
      .where('trigger_id', '=', triggerId)
      .orderBy('group_id')
      .execute(),
  ]);
  return { contactIds: contacts.map((r) => Number(r.contact_id)), groupIds: groups.map((r) => Number(r.group_id)) };
}

export { notifyDeliveryJob } from './deliver.ts';
