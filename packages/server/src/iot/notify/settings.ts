import {
  type EmailServerSettings,
  type EmailTemplateSettings,
  emailServerSettings,
  emailTemplateSettings,
  type PushSettings,
  pushSettings,
  type SettingKind,
  type SmsSettings,
  smsSettings,
  translate,
  type WechatPushSettings,
  wechatPushSettings,
} from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { emailSender } from './channels/email.ts';
import { forgetWechatTokens } from './channels/wechat.ts';
import * as repo from './repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface SettingsOf {
  emailServer: EmailServerSettings;
  emailTemplate: EmailTemplateSettings;
  sms: SmsSettings;
  voice: SmsSettings;
  wechat: WechatPushSettings;
  push: PushSettings;
}

export const settingsSchemas = {
  emailServer: emailServerSettings,
  emailTemplate: emailTemplateSettings,
  sms: smsSettings,
  voice: smsSettings,
  wechat: wechatPushSettings,
  push: pushSettings,
} as const;

/** The write-only field of each kind of settings, and whether a send cannot work without it. */
function secretOf(kind: SettingKind, settings: Record<string, unknown>): { field: string; required: boolean } | null {
  if (kind === 'emailServer') return { field: 'password', required: Boolean(settings.user) };
  if (kind === 'wechat') return { field: 'appSecret', required: true };
  if (kind === 'push') return { field: 'token', required: false };
  if (kind === 'sms' || kind === 'voice') {
    if (settings.provider === 'aliyun') return { field: 'accessKeySecret', required: true };
    if (settings.provider === 'tencent') return { field: 'secretKey', required: true };
    return { field: 'token', required: false };
  }
  return null;
}

/**
 * The settings a device's notifications use: its owner's, else the nearest account above that
 * has some (a main account's Email Server serves its sub-users' devices too).
 */
export async function settingsFor<K extends SettingKind>(
  db: Db,
  ownerId: number,
  kind: K,
): Promise<SettingsOf[K] | null> {
  let id: number | null = ownerId;
  // The account tree is a few levels deep; the bound guards against a cycle in bad data.
  for (let depth = 0; id !== null && depth < 10; depth++) {
    const row = await repo.storedSettings(db, id, kind);
    if (row) return fromJson<SettingsOf[K]>(row.settings);
    id = await repo.parentAccountOf(db, id);
  }
  return null;
}

/** The default Email Template, in the account's language. */
export function defaultTemplate(lang: 'zh-CN' | 'en'): EmailTemplateSettings {
  return { subject: translate('notify.template.subject', lang), body: translate('notify.template.body', lang) };
}

/** The caller's settings of `kind`, secrets replaced by whether one is stored. */
export async function readSettings(actor: Actor, kind: SettingKind) {
  const row = await repo.storedSettings(actor.db, actor.auth.userId, kind);
  if (!row) {
    const settings = kind === 'emailTemplate' ? defaultTemplate(actor.lang) : null;
    return { kind, settings, secretSet: false, updatedAt: null };
  }
  const settings = fromJson<Record<string, unknown>>(row.settings);
  const secret = secretOf(kind, settings);
  const { [secret?.field ?? '']: stored, ...shown } = settings;
  return { kind, settings: shown, secretSet: Boolean(stored), updatedAt: row.updated_at };
}

/** Saves the caller's settings of `kind`. A secret left out keeps the stored one (of the same provider). */
export async function saveSettings(actor: Actor, kind: SettingKind, input: Record<string, unknown>) {
  const ownerId = actor.auth.userId;
  const row = await repo.storedSettings(actor.db, ownerId, kind);
  const before = row ? fromJson<Record<string, unknown>>(row.settings) : null;
  const secret = secretOf(kind, input);
  const settings = { ...input };
  if (secret && settings[secret.field] === undefined) {
    const sameProvider = before !== null && before.provider === input.provider;
    const kept = sameProvider ? before?.[secret.field] : undefined;
    if (kept !== undefined) settings[secret.field] = kept;
    else if (secret.required) throw new AppError(400, 'notify.secretMissing');
  }
  const now = Date.now();
  await actor.db.transaction().execute(async (trx) => {
    await repo.saveStoredSettings(trx, ownerId, kind, toJson(settings), now);
    // The audit names the fields changed, never their values: some are secrets.
    await audit(trx, actor.request, {
      action: 'saveNotifySettings',
      result: 'ok',
      targetType: 'notifySettings',
      targetId: kind,
      detail: { fields: Object.keys(input) },
    });
  });
  if (kind === 'wechat') forgetWechatTokens();
  return readSettings(actor, kind);
}

/** Sends a test mail through the caller's saved Email Server; the server's refusal comes back as the reason. */
export async function sendTestMail(actor: Actor, to: string, timeoutMs: number): Promise<void> {
  const row = await repo.storedSettings(actor.db, actor.auth.userId, 'emailServer');
  if (!row) throw new AppError(400, 'notify.emailServerMissing');
  const server = fromJson<EmailServerSettings>(row.settings);
  const sender = emailSender({ ...server, user: server.user ?? null, password: server.password ?? null }, timeoutMs);
  const text = translate('notify.testMail.body', actor.lang);
  try {
    await sender.send({
      key: `test:${actor.auth.userId}:${Date.now()}`,
      target: to,
      subject: translate('notify.testMail.subject', actor.lang),
      text,
      params: { device: '', point: '', value: '', time: '', content: text },
    });
  } catch (error) {
    throw new AppError(502, 'notify.testMailFailed', {
      params: { reason: error instanceof Error ? error.message : String(error) },
    });
  }
}
