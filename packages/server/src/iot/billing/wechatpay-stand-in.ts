import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of WeChat Pay API v3 (Native) holding its own keys, for tests and for trying
 * payments on a laptop. Like WeChat Pay it checks the merchant's `WECHATPAY2-SHA256-RSA2048`
 * signature (its own code, not the product's), signs every answer with its platform key, and, when
 * `pay()` plays the payer scanning the code, posts a notification signed with the platform key
 * whose resource is encrypted AEAD_AES_256_GCM under the APIv3 key. Listens on 127.0.0.1, port 0.
 */

interface StandInOrder {
  appid: string;
  mchid: string;
  description: string;
  outTradeNo: string;
  notifyUrl: string;
  total: number;
  expiresAt: number;
  codeUrl: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId: string | null;
}

/** A notification as it was sent: replay it with `deliver`. */
export interface SentNotification {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const MCH_ID = '1900009191';
const APP_ID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000091912026112800000000';

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

function parseAuthorization(value: string | undefined) {
  if (!value?.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return null;
  const fields = new Map<string, string>();
  for (const m of value.slice('WECHATPAY2-SHA256-RSA2048 '.length).matchAll(/(\w+)="([^"]*)"/g)) fields.set(m[1], m[2]);
  return fields;
}

export async function startWechatPay() {
  const merchant = keyPair();
  const platform = keyPair();
  const apiV3Key = randomBytes(16).toString('hex');
  const orders = new Map<string, StandInOrder>();
  const notifications: SentNotification[] = [];
  let seq = 0;

  const signed = (body: string) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(platform.privateKey, 'base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': PLATFORM_SERIAL,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    };
  };

  const answer = (res: http.ServerResponse, status: number, payload?: unknown) => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    res.writeHead(status, { ...signed(body), ...(body ? { 'content-type': 'application/json' } : {}) });
    res.end(body);
  };

  /** Why the merchant's request is refused, as WeChat Pay says it, or null. */
  const refusal = (req: http.IncomingMessage, body: string) => {
    const fields = parseAuthorization(req.headers.authorization);
    if (!fields) return { code: 'SIGN_ERROR', message: '错误的签名，验签失败' };
    if (fields.get('mchid') !== MCH_ID) return { code: 'SIGN_ERROR', message: 'mchid 不匹配' };
    if (fields.get('serial_no') !== MERCHANT_SERIAL) return { code: 'SIGN_ERROR', message: '证书序列号不匹配' };
    const timestamp = Number(fields.get('timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
      return { code: 'SIGN_ERROR', message: '请求时间戳超出有效范围' };
    const message = `${req.method}\n${req.url}\n${fields.get('timestamp')}\n${fields.get('nonce_str')}\n${body}\n`;
    const ok = createVerify('RSA-SHA256')
      .update(message)
      .verify(merchant.publicKey, fields.get('signature') ?? '', 'base64');
    return ok ? null : { code: 'SIGN_ERROR', message: '错误的签名，验签失败' };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const refused = refusal(req, body);
      if (refused) return answer(res, 401, refused);
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      if (req.method === 'POST' && path === '/v3/pay/transactions/native') {
        const o = JSON.parse(body) as {
          appid?: string;
          mchid?: string;
          description?: string;
          out_trade_no?: string;
          notify_url?: string;
          time_expire?: string;
          amount?: { total?: number; currency?: string };
        };
        const total = o.amount?.total;
        if (o.appid !== APP_ID || o.mchid !== MCH_ID || !o.out_trade_no || !o.description || !o.notify_url)
          return answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
        if (!Number.isInteger(total) || (total ?? 0) <= 0)
          return answer(res, 400, { code: 'PARAM_ERROR', message: 'amount.total 必须为正整数（分）' });
        const known = orders.get(o.out_trade_no);
        if (known) {
          if (known.total !== total)
            return answer(res, 400, { code: 'INVALID_REQUEST', message: '参数与首次请求时不一致' });
          if (known.state === 'SUCCESS') return answer(res, 400, { code: 'ORDERPAID', message: '该订单已支付' });
          if (known.state === 'CLOSED') return answer(res, 400, { code: 'ORDER_CLOSED', message: '订单已关闭' });
          return answer(res, 200, { code_url: known.codeUrl });
        }
        const order: StandInOrder = {
          appid: o.appid,
          mchid: o.mchid,
          description: o.description,
          outTradeNo: o.out_trade_no,
          notifyUrl: o.notify_url,
          total: total as number,
          expiresAt: o.time_expire ? Date.parse(o.time_expire) : Date.now() + 2 * 3_600_000,
          codeUrl: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}`,
          state: 'NOTPAY',
          transactionId: null,
        };
        orders.set(order.outTradeNo, order);
        return answer(res, 200, { code_url: order.codeUrl });
      }
      const close = path.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/);
      if (req.method === 'POST' && close) {
        const order = orders.get(decodeURIComponent(close[1]));
        if (!order) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        if (order.state === 'SUCCESS') return answer(res, 400, { code: 'ORDERPAID', message: '该订单已支付' });
        order.state = 'CLOSED';
        return answer(res, 204);
      }
      const query = path.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/);
      if (req.method === 'GET' && query) {
        const order = orders.get(decodeURIComponent(query[1]));
        if (!order) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        return answer(res, 200, {
          appid: order.appid,
          mchid: order.mchid,
          out_trade_no: order.outTradeNo,
          transaction_id: order.transactionId ?? undefined,
          trade_type: 'NATIVE',
          trade_state: order.state,
          amount: { total: order.total, currency: 'CNY' },
        });
      }
      return answer(res, 404, { code: 'NOT_FOUND', message: '无效的请求' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  /** Builds the TRANSACTION.SUCCESS notification of `order`, signed and encrypted as WeChat Pay does. */
  const notificationOf = (order: StandInOrder): SentNotification => {
    const resource = JSON.stringify({
      mchid: order.mchid,
      appid: order.appid,
      out_trade_no: order.outTradeNo,
      transaction_id: order.transactionId,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      attach: '',
      success_time: new Date().toISOString().replace(/\.\d+Z$/, '+00:00'),
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: order.total, payer_total: order.total, currency: 'CNY', payer_currency: 'CNY' },
    });
    const nonce = randomBytes(6).toString('hex');
    const associated = 'transaction';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from(associated, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(resource, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString(
      'base64',
    );
    const body = JSON.stringify({
      id: `EV-${Date.now()}${++seq}`,
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        associated_data: associated,
        nonce,
      },
    });
    return { url: order.notifyUrl, headers: { 'content-type': 'application/json', ...signed(body) }, body };
  };

  /** Posts a notification (a new one or a replay); answers WeChat Pay's view of the reply. */
  const deliver = async (n: SentNotification) => {
    const res = await fetch(n.url, {
      method: 'POST',
      headers: n.headers,
      body: n.body,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: await res.text() };
  };

  return {
    url,
    orders,
    notifications,
    /** The environment that points Meridian at this stand-in; `notifyUrl` is where Meridian listens. */
    env: (notifyUrl: string): Record<string, string> => ({
      WECHATPAY_MCH_ID: MCH_ID,
      WECHATPAY_APP_ID: APP_ID,
      WECHATPAY_MERCHANT_SERIAL: MERCHANT_SERIAL,
      WECHATPAY_MERCHANT_PRIVATE_KEY: merchant.privateKey,
      WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
      WECHATPAY_PLATFORM_SERIAL: PLATFORM_SERIAL,
      WECHATPAY_API_V3_KEY: apiV3Key,
      WECHATPAY_NOTIFY_URL: notifyUrl,
      WECHATPAY_API_BASE: url,
    }),
    /** The order whose code is `codeUrl`. */
    orderOfCode: (codeUrl: string) => [...orders.values()].find((o) => o.codeUrl === codeUrl),
    /**
     * Plays the payer: pays the open order `outTradeNo` and sends its notification (retried by
     * WeChat Pay on a failure; here the answer is returned). The notification is kept for replays.
     */
    pay: async (outTradeNo: string) => {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`no order ${outTradeNo} at the WeChat Pay stand-in`);
      if (order.state !== 'NOTPAY' || order.expiresAt < Date.now())
        throw new Error(`order ${outTradeNo} is ${order.state}`);
      order.state = 'SUCCESS';
      order.transactionId = `42000${Date.now()}${String(++seq).padStart(4, '0')}`;
      const notification = notificationOf(order);
      notifications.push(notification);
      return { notification, reply: await deliver(notification) };
    },
    deliver,
    /** A notification signed by the platform for a payment that never happened: what a forger cannot make. */
    forge: (order: { outTradeNo: string; total: number; notifyUrl: string }) =>
      notificationOf({
        appid: APP_ID,
        mchid: MCH_ID,
        description: 'forged',
        outTradeNo: order.outTradeNo,
        notifyUrl: order.notifyUrl,
        total: order.total,
        expiresAt: Date.now() + 60_000,
        codeUrl: '',
        state: 'SUCCESS',
        transactionId: `42000${Date.now()}${String(++seq).padStart(4, '0')}`,
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type WechatPayStandIn = Awaited<ReturnType<typeof startWechatPay>>;
