import type { AlarmFacts, DeliveryState, Lang, NotifyChannel, NotifyKind, SettingKind } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Someone an alarm reaches, belonging to one Device Cloud account. */
export interface ContactsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  phone: string | null;
  email: string | null;
  wechat_openid: string | null;
  /** Comma-separated NotifyChannel names. */
  channels: string;
  remark: string | null;
  created_at: number;
  updated_at: number;
}
export type ContactRow = Selectable<ContactsTable>;

export interface ContactGroupsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  remark: string | null;
  created_at: number;
}

export interface ContactGroupMembersTable {
  id: Generated<number>;
  group_id: number;
  contact_id: number;
}

/** A trigger's contacts and groups, written by the trigger form (iot/alarms) through setTriggerRecipients. */
export interface TriggerContactsTable {
  id: Generated<number>;
  trigger_id: number;
  contact_id: number;
}
export interface TriggerGroupsTable {
  id: Generated<number>;
  trigger_id: number;
  group_id: number;
}

export interface NotifySettingsTable {
  id: Generated<number>;
  owner_id: number;
  kind: SettingKind;
  /** JSON text (SQLite) or jsonb (PostgreSQL), secrets included; read it with `fromJson`, never log it. */
  settings: ColumnType<unknown, string, string>;
  updated_at: number;
}

/** One event sent to one recipient on one channel (the Alarm Notification page). */
export interface NotifyDeliveriesTable {
  id: Generated<number>;
  owner_id: number;
  alarm_id: number;
  trigger_id: number;
  device_id: number;
  /** What the message says, kept as it was when the alarm happened. */
  device_name: string;
  point_name: string | null;
  value: string | null;
  event_at: number;
  /** The message's text, in `lang`. */
  content: string;
  /** What happened, for the text in a reader's language on Alarm Notification; null on rows before 0030. */
  facts: ColumnType<AlarmFacts | string | null, string | null | undefined, string | null>;
  /** The language the message went out in (the device owner's account language, else zh-CN); null before 0030. */
  lang: ColumnType<Lang | null, Lang | null | undefined, Lang | null>;
  kind: NotifyKind;
  /** 0 for fire and restore; 1, 2... for the repeats of one alarm. */
  repeat_no: number;
  contact_id: number | null;
  contact_name: string;
  channel: NotifyChannel;
  /** The phone, address or openid it went to. */
  target: string;
  dedupe_key: string;
  state: DeliveryState;
  attempts: number;
  /** While a send is in flight: no one else may start one before this time. */
  sending_until: number | null;
  last_error: string | null;
  provider: string | null;
  /** The provider's id of the accepted message (BizId, SerialNo, msgid, Message-ID). */
  provider_ref: string | null;
  sent_at: number | null;
  /** What paid for a message through the platform's provider: the month's allowance or a pack credit (0134). */
  charged: ColumnType<'month' | 'credit' | null, 'month' | 'credit' | null | undefined, 'month' | 'credit' | null>;
  created_at: number;
  updated_at: number;
}
export type DeliveryRow = Selectable<NotifyDeliveriesTable>;

/** The tables of Device Cloud contacts, channels and deliveries, added to `Database` in platform/db/schema.ts. */
export interface NotifyTables {
  contacts: ContactsTable;
  contact_groups: ContactGroupsTable;
  contact_group_members: ContactGroupMembersTable;
  trigger_contacts: TriggerContactsTable;
  trigger_groups: TriggerGroupsTable;
  notify_settings: NotifySettingsTable;
  notify_deliveries: NotifyDeliveriesTable;
}
