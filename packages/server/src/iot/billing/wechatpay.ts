import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import type { Config } from '../../platform/config.ts';

/**
 * WeChat Pay API v3, Native payments (decision 0080): requests signed SHA256withRSA with the
 * merchant key in a `WECHATPAY2-SHA256-RSA2048` Authorization header; answers and notifications
 * verified with the platform public key; a notification's resource opened with AEAD_AES_256_GCM
 * under the APIv3 key. The message signed is `method\nurl\ntimestamp\nnonce\nbody\n` for a
 * request and `timestamp\nnonce\nbody\n` for an answer or a notification.
 */
export interface WechatPay {
  mchId: string;
  appId: string;
  serial: string;
  merchantKey: KeyObject;
  platformKey: KeyObject;
  platformSerial: string | null;
  apiV3Key: string;
  base: string;
  notifyUrl: string;
}

/** A signed timestamp older or newer than this is refused: a replay, or a clock far off. */
export const SIGNATURE_WINDOW_S = 300;
const TIMEOUT_MS = 10_000;

const pem = (text: string) => text.replace(/\\n/g, '\n');

/** The WeChat Pay merchant of this deployment, or null when payment is not configured. */
export function wechatPayOf(config: Config): WechatPay | null {
  if (!config.WECHATPAY_MCH_ID) return null;
  return {
    mchId: config.WECHATPAY_MCH_ID,
    appId: config.WECHATPAY_APP_ID ?? '',
    serial: config.WECHATPAY_MERCHANT_SERIAL ?? '',
    merchantKey: createPrivateKey(pem(config.WECHATPAY_MERCHANT_PRIVATE_KEY ?? '')),
    platformKey: createPublicKey(pem(config.WECHATPAY_PLATFORM_PUBLIC_KEY ?? '')),
    platformSerial: config.WECHATPAY_PLATFORM_SERIAL ?? null,
    apiV3Key: config.WECHATPAY_API_V3_KEY ?? '',
    base: config.WECHATPAY_API_BASE.replace(/\/$/, ''),
    notifyUrl: config.WECHATPAY_NOTIFY_URL ?? '',
  };
}

export class WechatPayError extends Error {}

/** Why a notification was refused; the reason is logged, never shown to the sender. */
export class NotificationRefused extends Error {}

function authorization(pay: WechatPay, method: string, url: string, body: string): string {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256')
    .update(`${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`)
    .sign(pay.merchantKey, 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${pay.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${pay.serial}"`;
}

/** Checks a platform signature over `timestamp\nnonce\nbody\n`; returns why not, or null. */
function platformSignatureProblem(
  pay: WechatPay,
  header: (name: string) => string | undefined,
  body: string,
  now: number,
) {
  const timestamp = header('wechatpay-timestamp');
  const nonce = header('wechatpay-nonce');
  const signature = header('wechatpay-signature');
  const serial = header('wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) return 'signature headers missing';
  if (pay.platformSerial && serial !== pay.platformSerial) return `unknown platform serial ${serial}`;
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > SIGNATURE_WINDOW_S)
    return 'timestamp outside the window';
  const valid = createVerify('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .verify(pay.platformKey, signature, 'base64');
  return valid ? null : 'signature does not verify';
}

async function call(pay: WechatPay, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  let res: Response;
  try {
    res = await fetch(`${pay.base}${url}`, {
      method,
      headers: {
        authorization: authorization(pay, method, url, body),
        accept: 'application/json',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload === undefined ? undefined : body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new WechatPayError(`WeChat Pay unreachable: ${(error as Error).message}`);
  }
  const text = await res.text();
  const problem = platformSignatureProblem(pay, (n) => res.headers.get(n) ?? undefined, text, Date.now());
  if (problem) throw new WechatPayError(`WeChat Pay answer refused (${res.status}): ${problem}`);
  if (!res.ok) throw new WechatPayError(`WeChat Pay answered ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** RFC 3339 in China time, as WeChat Pay writes times (`2026-11-28T22:00:00+08:00`). */
export function rfc3339(ms: number): string {
  return `${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

/** Places a Native order and answers its code_url, which the payer scans. */
export async function createNativeOrder(
  pay: WechatPay,
  order: { outTradeNo: string; description: string; total: number; expiresAt: number },
): Promise<string> {
  const { json } = await call(pay, 'POST', '/v3/pay/transactions/native', {
    appid: pay.appId,
    mchid: pay.mchId,
    description: order.description,
    out_trade_no: order.outTradeNo,
    time_expire: rfc3339(order.expiresAt),
    notify_url: pay.notifyUrl,
    amount: { total: order.total, currency: 'CNY' },
  });
  if (typeof json.code_url !== 'string') throw new WechatPayError('WeChat Pay answered no code_url');
  return json.code_url;
}

/** Closes an unpaid order at WeChat Pay, so that its code can no longer be paid. */
export async function closeOrder(pay: WechatPay, outTradeNo: string): Promise<void> {
  await call(pay, 'POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, {
    mchid: pay.mchId,
  });
}

/** A successful payment, as the decrypted `transaction` resource says it. */
export interface PaidTransaction {
  eventId: string;
  outTradeNo: string;
  transactionId: string;
  total: number;
  successTime: string | null;
}

function decrypt(key: string, resource: { ciphertext: string; nonce: string; associated_data?: string }): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new NotificationRefused('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(-16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, -16)), decipher.final()]).toString('utf8');
  } catch {
    throw new NotificationRefused('resource does not decrypt under the APIv3 key');
  }
}

/**
 * Verifies a payment notification (signature over the raw body, time window) and opens its
 * resource. Throws `NotificationRefused` with the reason for anything that is not a verified,
 * successful payment to this merchant.
 */
export function openNotification(
  pay: WechatPay,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now = Date.now(),
): PaidTransaction {
  const header = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const problem = platformSignatureProblem(pay, header, rawBody, now);
  if (problem) throw new NotificationRefused(problem);
  let event: {
    id?: string;
    event_type?: string;
    resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string };
  };
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new NotificationRefused('body is not JSON');
  }
  const r = event.resource;
  if (event.event_type !== 'TRANSACTION.SUCCESS') throw new NotificationRefused(`event ${event.event_type}`);
  if (r?.algorithm !== 'AEAD_AES_256_GCM' || !r.ciphertext || !r.nonce)
    throw new NotificationRefused('no AEAD_AES_256_GCM resource');
  const tx = JSON.parse(
    decrypt(pay.apiV3Key, { ciphertext: r.ciphertext, nonce: r.nonce, associated_data: r.associated_data }),
  ) as {
    mchid?: string;
    appid?: string;
    out_trade_no?: string;
    transaction_id?: string;
    trade_state?: string;
    success_time?: string;
    amount?: { total?: number };
  };
  if (tx.mchid !== pay.mchId || tx.appid !== pay.appId) throw new NotificationRefused('another merchant’s payment');
  if (tx.trade_state !== 'SUCCESS') throw new NotificationRefused(`trade state ${tx.trade_state}`);
  if (!tx.out_trade_no || !tx.transaction_id || typeof tx.amount?.total !== 'number')
    throw new NotificationRefused('transaction incomplete');
  return {
    eventId: event.id ?? '',
    outTradeNo: tx.out_trade_no,
    transactionId: tx.transaction_id,
    total: tx.amount.total,
    successTime: tx.success_time ?? null,
  };
}
