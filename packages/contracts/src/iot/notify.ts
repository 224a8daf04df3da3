import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';
import { email, phone } from '../portal/identity.ts';
import { bodyId, queryId } from '../portal/orgs.ts';

/** The ways an alarm reaches a contact. `push` goes to the contact's phone number as the app's alias. */
export const NOTIFY_CHANNELS = ['sms', 'voice', 'email', 'wechat', 'push'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** What a delivery is about: the first alarm, a repeat while it lasts, or the recovery. */
export const NOTIFY_KINDS = ['fire', 'repeat', 'restore'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

/** queued → sending → sent, or → retrying → ... → failed; a delivery never goes back from sent. */
export const DELIVERY_STATES = ['queued', 'sending', 'retrying', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Which address each channel needs on a contact. */
export const CHANNEL_ADDRESS = {
  sms: 'phone',
  voice: 'phone',
  push: 'phone',
  email: 'email',
  wechat: 'wechatOpenid',
} as const satisfies Record<NotifyChannel, 'phone' | 'email' | 'wechatOpenid'>;

/** Spec section 5: "Alarm notification name: no spaces"; contact and group names follow it. */
export const notifyName = z
  .string()
  .min(1, 'v.notify.name')
  .max(30, 'v.notify.name')
  .regex(/^\S+$/, 'v.notify.nameSpaces');
/** An official account follower's openid: 28 characters in practice; letters, digits, - and _. */
export const wechatOpenid = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, 'v.contact.openid');
const remark = z.string().trim().max(200, 'v.contact.remark');

const contactFields = {
  name: notifyName,
  phone: phone.nullable().optional(),
  email: email.nullable().optional(),
  wechatOpenid: wechatOpenid.nullable().optional(),
  /** The channels the contact is reached on; by default every one they have an address for, but voice. */
  channels: z.array(z.enum(NOTIFY_CHANNELS, 'v.contact.channel')).max(NOTIFY_CHANNELS.length).optional(),
  remark: remark.nullable().optional(),
};

export interface ContactReach {
  phone?: string | null;
  email?: string | null;
  wechatOpenid?: string | null;
  channels?: readonly NotifyChannel[] | undefined;
}

/**
 * The contact rules the schema cannot see field by field (spec section 5: at least one of phone,
 * email or WeChat; a chosen channel needs its address). Shared by the create schema and the update
 * service, which checks the merged contact.
 */
export function contactReachProblems(c: ContactReach): Array<{ field: string; key: ContactReachKey }> {
  if (!c.phone && !c.email && !c.wechatOpenid) return [{ field: 'phone', key: 'v.contact.reach' }];
  const missing = new Set((c.channels ?? []).map((ch) => CHANNEL_ADDRESS[ch]).filter((field) => !c[field]));
  return [...missing].map((field) => ({ field, key: NEEDS[field] }));
}

const NEEDS = {
  phone: 'v.contact.needsPhone',
  email: 'v.contact.needsEmail',
  wechatOpenid: 'v.contact.needsOpenid',
} as const;
type ContactReachKey = 'v.contact.reach' | (typeof NEEDS)[keyof typeof NEEDS];

/** The channels of a contact without a choice: every address they have, voice calls only when asked for. */
export function defaultChannels(c: ContactReach): NotifyChannel[] {
  const out: NotifyChannel[] = [];
  if (c.phone) out.push('sms');
  if (c.email) out.push('email');
  if (c.wechatOpenid) out.push('wechat');
  return out;
}

export const contactCreate = z
  .strictObject({
    ...contactFields,
    /** The account the contact belongs to: the caller (default) or an account below them. */
    ownerId: bodyId.optional(),
    groupIds: z.array(bodyId).max(100).optional(),
  })
  .superRefine((c, ctx) => {
    for (const p of contactReachProblems(c)) ctx.addIssue({ code: 'custom', path: [p.field], message: p.key });
  });
export type ContactCreate = z.infer<typeof contactCreate>;
export const contactUpdate = z.strictObject(contactFields).partial();
export type ContactUpdate = z.infer<typeof contactUpdate>;

export const contactSearch = pageQuery.extend({
  keyword: textFilter(50),
  groupId: queryId.optional(),
});

export const contactView = z.object({
  id: z.number(),
  ownerId: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  wechatOpenid: z.string().nullable(),
  channels: z.array(z.enum(NOTIFY_CHANNELS)),
  remark: z.string().nullable(),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ContactView = z.infer<typeof contactView>;

export const contactGroupCreate = z.strictObject({
  name: notifyName,
  remark: z.string().trim().max(200, 'v.contact.remark').nullable().optional(),
  ownerId: bodyId.optional(),
  contactIds: z.array(bodyId).max(500, 'v.contactGroup.many').optional(),
});
export const contactGroupUpdate = z.strictObject({
  name: notifyName.optional(),
  remark: z.string().trim().max(200, 'v.contact.remark').nullable().optional(),
});
export const groupMembers = z.strictObject({ contactIds: z.array(bodyId).max(500, 'v.contactGroup.many') });
export const contactGroupView = z.object({
  id: z.number(),
  ownerId: z.number(),
  name: z.string(),
  remark: z.string().nullable(),
  contactCount: z.number(),
  createdAt: z.number(),
});
export type ContactGroupView = z.infer<typeof contactGroupView>;
export const contactGroupSearch = pageQuery.extend({ keyword: textFilter(50) });

// ---- Channel settings (one of each per account)

const secret = z.string().min(1, 'v.notify.secret').max(200, 'v.notify.secret');
const host = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9.-]{1,253}$/, 'v.emailServer.host');

/** Email Server. The password is write-only: left out, the stored one is kept. */
export const emailServerSettings = z.strictObject({
  host,
  port: z.number().int().min(1, 'v.emailServer.port').max(65535, 'v.emailServer.port'),
  /** `none`: plain text; `starttls`: upgrade required (587); `tls`: TLS from the start (465). */
  security: z.enum(['none', 'starttls', 'tls']),
  user: z.string().trim().max(100).nullable().optional(),
  password: secret.optional(),
  from: email,
  enabled: z.boolean().default(true),
});
export type EmailServerSettings = z.infer<typeof emailServerSettings>;

export const TEMPLATE_PLACEHOLDERS = ['device', 'point', 'value', 'time', 'content'] as const;
const templateText = (max: number) =>
  z
    .string()
    .min(1, 'v.emailTemplate.length')
    .max(max, 'v.emailTemplate.length')
    .refine(
      (text) =>
        [...text.matchAll(/\{(\w+)\}/g)].every((m) =>
          (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(m[1] ?? ''),
        ),
      'v.emailTemplate.placeholder',
    );
/** Email Template: {device} {point} {value} {time} {content} are filled in for each alarm. */
export const emailTemplateSettings = z.strictObject({ subject: templateText(200), body: templateText(5000) });
export type EmailTemplateSettings = z.infer<typeof emailTemplateSettings>;

/** Aliyun, Tencent Cloud or a webhook of one's own, for SMS and for voice calls alike. */
const aliyunSettings = z.strictObject({
  provider: z.literal('aliyun'),
  accessKeyId: z.string().trim().min(1, 'v.notify.required').max(100),
  accessKeySecret: secret.optional(),
  /** SMS: the signature name; voice: unused. */
  signName: z.string().trim().max(50).nullable().optional(),
  /** SMS: the template code (SMS_123); voice: the TTS template code (TTS_123). */
  templateCode: z.string().trim().min(1, 'v.notify.required').max(50),
  /** Voice: the number shown to the called person. */
  calledShowNumber: z.string().trim().max(30).nullable().optional(),
});
const tencentSettings = z.strictObject({
  provider: z.literal('tencent'),
  secretId: z.string().trim().min(1, 'v.notify.required').max(100),
  secretKey: secret.optional(),
  sdkAppId: z.string().trim().min(1, 'v.notify.required').max(30),
  signName: z.string().trim().max(50).nullable().optional(),
  templateId: z.string().trim().min(1, 'v.notify.required').max(30),
  region: z.string().trim().max(30).default('ap-guangzhou'),
});
const webhookSettings = z.strictObject({
  provider: z.literal('webhook'),
  url: z.url({ protocol: /^https?$/, error: 'v.notify.url' }).max(256, 'v.notify.url'),
  token: secret.optional(),
});
export const smsSettings = z.discriminatedUnion('provider', [aliyunSettings, tencentSettings, webhookSettings]);
export type SmsSettings = z.infer<typeof smsSettings>;

/** WeChat Push: the official account's app id and secret, and the approved template message's id. */
export const wechatPushSettings = z.strictObject({
  appId: z
    .string()
    .trim()
    .regex(/^wx[0-9a-f]{16}$/, 'v.wechatPush.appId'),
  appSecret: secret.optional(),
  templateId: z.string().trim().min(1, 'v.notify.required').max(64),
  enabled: z.boolean().default(true),
});
export type WechatPushSettings = z.infer<typeof wechatPushSettings>;

/** Mobile Terminal: the push service's webhook (JPush, Getui and the like sit behind it). */
export const pushSettings = webhookSettings.omit({ provider: true });
export type PushSettings = z.infer<typeof pushSettings>;

export const SETTING_KINDS = ['emailServer', 'emailTemplate', 'sms', 'voice', 'wechat', 'push'] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

/** Settings as read back: secrets replaced by whether one is stored. */
export const settingsView = z.object({
  kind: z.enum(SETTING_KINDS),
  settings: z.record(z.string(), z.unknown()).nullable(),
  secretSet: z.boolean(),
  updatedAt: z.number().nullable(),
});
export const testMail = z.strictObject({ to: email });

// ---- Alarm Notification

export const deliverySearch = pageQuery.extend({
  state: z.enum(DELIVERY_STATES).optional(),
  channel: z.enum(NOTIFY_CHANNELS).optional(),
  kind: z.enum(NOTIFY_KINDS).optional(),
  alarmId: queryId.optional(),
  deviceId: queryId.optional(),
  keyword: textFilter(50),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
export const deliveryView = z.object({
  id: z.number(),
  alarmId: z.number(),
  triggerId: z.number(),
  deviceId: z.number(),
  deviceName: z.string(),
  contactId: z.number().nullable(),
  contactName: z.string(),
  channel: z.enum(NOTIFY_CHANNELS),
  kind: z.enum(NOTIFY_KINDS),
  target: z.string(),
  content: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  sentAt: z.number().nullable(),
  createdAt: z.number(),
});
export type DeliveryView = z.infer<typeof deliveryView>;
