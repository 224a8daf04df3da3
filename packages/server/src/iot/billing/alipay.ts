import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';
import type { Config } from '../../platform/config.ts';
import { NotificationRefused } from './wechatpay.ts';

/**
 * Alipay open API through its gateway (decision 0115): `alipay.trade.precreate` (a QR code the
 * payer scans), `alipay.trade.query` and `alipay.trade.close`, form-encoded and signed RSA2
 * (SHA256withRSA) with the application's private key over the parameters sorted by name,
 * `key=value` joined by `&`, `sign` left out. Answers are verified with Alipay's public key over
 * the raw JSON of their `<method>_response` node; notifications over their form parameters sorted,
 * `sign` and `sign_type` left out. node:crypto, not alipay-sdk (see the decision).
 */
export interface Alipay {
  appId: string;
  appKey: KeyObject;
  alipayKey: KeyObject;
  gateway: string;
  notifyUrl: string;
}

const TIMEOUT_MS = 10_000;
const pem = (text: string) => text.replace(/\\n/g, '\n');

/** The Alipay application of this deployment, or null when Alipay is not configured. */
export function alipayOf(config: Config): Alipay | null {
  if (!config.ALIPAY_APP_ID) return null;
  return {
    appId: config.ALIPAY_APP_ID,
    appKey: createPrivateKey(pem(config.ALIPAY_APP_PRIVATE_KEY ?? '')),
    alipayKey: createPublicKey(pem(config.ALIPAY_PUBLIC_KEY ?? '')),
    gateway: config.ALIPAY_GATEWAY,
    notifyUrl: config.ALIPAY_NOTIFY_URL ?? '',
  };
}

export class AlipayError extends Error {}

/** What Alipay signs: every non-empty parameter but `sign` (and, for notifications, `sign_type`), sorted. */
export function signContent(params: Record<string, string>, leaveOut: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !leaveOut.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** Alipay's time format, in China time: `2026-11-29 18:00:00`. */
export function alipayTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Cents as Alipay writes amounts: yuan with two decimals. */
export const yuanOf = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Alipay's yuan amount as cents, or null when it is not one. Read from the text, never through a float. */
export function centsOf(amount: string | undefined): number | null {
  const m = amount?.match(/^(\d{1,12})(?:\.(\d{1,2}))?$/);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The raw JSON of `node` in an answer, as Alipay signed it: from after `"node":` to before `,"sign"`. */
function signedNode(text: string, node: string): string | null {
  const key = `"${node}":`;
  const start = text.indexOf(key);
  const end = text.lastIndexOf(',"sign"');
  if (start < 0 || end < start) return null;
  return text.slice(start + key.length, end).trim();
}

async function call(pay: Alipay, method: string, biz: Record<string, unknown>, extra: Record<string, string> = {}) {
  const params: Record<string, string> = {
    app_id: pay.appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: alipayTime(Date.now()),
    version: '1.0',
    ...extra,
    biz_content: JSON.stringify(biz),
  };
  params.sign = createSign('RSA-SHA256').update(signContent(params), 'utf8').sign(pay.appKey, 'base64');
  let text: string;
  try {
    const res = await fetch(pay.gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    text = await res.text();
    if (!res.ok) throw new AlipayError(`Alipay answered ${res.status}: ${text.slice(0, 300)}`);
  } catch (error) {
    if (error instanceof AlipayError) throw error;
    throw new AlipayError(`Alipay unreachable: ${(error as Error).message}`);
  }
  const node = `${method.replace(/\./g, '_')}_response`;
  let json: Record<string, unknown> & { sign?: string };
  try {
    json = JSON.parse(text);
  } catch {
    throw new AlipayError(`Alipay answered no JSON: ${text.slice(0, 300)}`);
  }
  const name = node in json ? node : 'error_response';
  const body = json[name] as Record<string, string> | undefined;
  if (!body) throw new AlipayError(`Alipay answered no ${node}`);
  const raw = signedNode(text, name);
  if (json.sign) {
    const valid =
      raw !== null && createVerify('RSA-SHA256').update(raw, 'utf8').verify(pay.alipayKey, json.sign, 'base64');
    if (!valid) throw new AlipayError(`Alipay answer to ${method} refused: signature does not verify`);
  } else if (body.code === '10000') {
    throw new AlipayError(`Alipay answer to ${method} refused: not signed`);
  }
  return body;
}

const failure = (method: string, b: Record<string, string>) =>
  new AlipayError(`${method}: ${b.code} ${b.msg ?? ''} ${b.sub_code ?? ''} ${b.sub_msg ?? ''}`.trim());

/** Places the order at Alipay (precreate) and answers the qr_code the payer scans. */
export async function precreate(
  pay: Alipay,
  order: { outTradeNo: string; subject: string; total: number; expiresAt: number },
): Promise<string> {
  const b = await call(
    pay,
    'alipay.trade.precreate',
    {
      out_trade_no: order.outTradeNo,
      total_amount: yuanOf(order.total),
      subject: order.subject,
      time_expire: alipayTime(order.expiresAt),
    },
    { notify_url: pay.notifyUrl },
  );
  if (b.code !== '10000' || typeof b.qr_code !== 'string') throw failure('alipay.trade.precreate', b);
  return b.qr_code;
}

/** A trade as `alipay.trade.query` tells it; null when Alipay knows no such trade. */
export interface AlipayTrade {
  outTradeNo: string;
  tradeNo: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_CLOSED' | 'TRADE_SUCCESS' | 'TRADE_FINISHED';
  total: number | null;
}

export async function queryTrade(pay: Alipay, outTradeNo: string): Promise<AlipayTrade | null> {
  const b = await call(pay, 'alipay.trade.query', { out_trade_no: outTradeNo });
  if (b.code === '40004' && b.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
  if (b.code !== '10000') throw failure('alipay.trade.query', b);
  return {
    outTradeNo: b.out_trade_no,
    tradeNo: b.trade_no,
    status: b.trade_status as AlipayTrade['status'],
    total: centsOf(b.total_amount),
  };
}

/** Closes an unpaid trade, so that its code can no longer be paid. */
export async function closeTrade(pay: Alipay, outTradeNo: string): Promise<void> {
  const b = await call(pay, 'alipay.trade.close', { out_trade_no: outTradeNo });
  if (b.code !== '10000' && b.sub_code !== 'ACQ.TRADE_NOT_EXIST') throw failure('alipay.trade.close', b);
}

/** A successful payment, as a verified notification says it. */
export interface AlipayPayment {
  notifyId: string;
  outTradeNo: string;
  tradeNo: string;
  total: number;
}

/**
 * Verifies an asynchronous notification (form parameters): RSA2 with Alipay's public key over the
 * parameters sorted, `sign` and `sign_type` left out; then that it is this application's and a
 * paid trade. Throws `NotificationRefused` with the reason otherwise.
 */
export function verifyNotification(pay: Alipay, params: Record<string, string>): AlipayPayment {
  if (!params.sign) throw new NotificationRefused('signature missing');
  if (params.sign_type !== 'RSA2') throw new NotificationRefused(`sign_type ${params.sign_type ?? 'missing'}`);
  const valid = createVerify('RSA-SHA256')
    .update(signContent(params, ['sign', 'sign_type']), 'utf8')
    .verify(pay.alipayKey, params.sign, 'base64');
  if (!valid) throw new NotificationRefused('signature does not verify');
  if (params.app_id !== pay.appId) throw new NotificationRefused('another application’s payment');
  if (params.trade_status !== 'TRADE_SUCCESS' && params.trade_status !== 'TRADE_FINISHED')
    throw new NotificationRefused(`trade status ${params.trade_status}`);
  const total = centsOf(params.total_amount);
  if (!params.out_trade_no || !params.trade_no || total === null) throw new NotificationRefused('trade incomplete');
  return { notifyId: params.notify_id ?? '', outTradeNo: params.out_trade_no, tradeNo: params.trade_no, total };
}
