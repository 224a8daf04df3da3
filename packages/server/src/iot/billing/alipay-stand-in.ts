import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of Alipay's open API gateway (`/gateway.do`) holding its own keys, for tests and
 * for trying payments on a laptop. Like Alipay it checks the application's RSA2 signature over the
 * sorted form parameters (its own code, not the product's), answers `alipay.trade.precreate`,
 * `alipay.trade.query` and `alipay.trade.close` as `{"<method>_response":{…},"sign":"…"}` signed
 * with its Alipay key, refuses what Alipay refuses (bad signature, unknown app, a trade already
 * paid or closed, an amount that changed), and when `pay()` plays the payer it posts the
 * form-encoded `trade_status_sync` notification signed with its key. Listens on 127.0.0.1, port 0.
 */

interface StandInTrade {
  outTradeNo: string;
  subject: string;
  total: string;
  notifyUrl: string;
  expiresAt: number;
  qrCode: string;
  state: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string | null;
}

/** A notification as it was sent: replay it with `deliver`. */
export interface SentAlipayNotification {
  url: string;
  params: Record<string, string>;
}

const APP_ID = '2021000000000001';
const SELLER_ID = '2088000000000001';

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** Alipay's string to sign: non-empty parameters sorted by name, `k=v` joined by `&`, these left out. */
const content = (params: Record<string, string>, leaveOut: string[]) =>
  Object.keys(params)
    .filter((k) => !leaveOut.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

/** `2026-11-29 18:00:00` in China time, as milliseconds. */
const parseTime = (text: string | undefined) =>
  text && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text) ? Date.parse(`${text.replace(' ', 'T')}+08:00`) : null;
const nowText = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export async function startAlipay() {
  const app = keyPair();
  const alipay = keyPair();
  const trades = new Map<string, StandInTrade>();
  const notifications: SentAlipayNotification[] = [];
  let seq = 0;

  const sign = (text: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(alipay.privateKey, 'base64');

  const answer = (res: http.ServerResponse, method: string, payload: Record<string, unknown>) => {
    const node = JSON.stringify(payload);
    const body = `{"${method.replace(/\./g, '_')}_response":${node},"sign":"${sign(node)}"}`;
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(body);
  };
  const refuse = (code: string, msg: string, subCode: string, subMsg: string) => ({
    code,
    msg,
    sub_code: subCode,
    sub_msg: subMsg,
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      if (req.method !== 'POST' || path !== '/gateway.do') {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('Not Found');
      }
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const method = params.method ?? 'error';
      if (!params.sign || params.sign_type !== 'RSA2')
        return answer(
          res,
          method,
          refuse('40001', 'Missing Required Arguments', 'isv.missing-signature', '缺少签名参数'),
        );
      if (params.app_id !== APP_ID)
        return answer(res, method, refuse('40002', 'Invalid Arguments', 'isv.invalid-app-id', '无效的AppID参数'));
      const signed = createVerify('RSA-SHA256')
        .update(content(params, ['sign']), 'utf8')
        .verify(app.publicKey, params.sign, 'base64');
      if (!signed)
        return answer(res, method, refuse('40002', 'Invalid Arguments', 'isv.invalid-signature', '验签出错'));
      let biz: Record<string, string>;
      try {
        biz = JSON.parse(params.biz_content ?? '');
      } catch {
        return answer(res, method, refuse('40002', 'Invalid Arguments', 'isv.invalid-biz-content', '业务参数格式错误'));
      }
      const trade = biz.out_trade_no ? trades.get(biz.out_trade_no) : undefined;
      const notExist = refuse('40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
      if (method === 'alipay.trade.precreate') {
        if (!biz.out_trade_no || !biz.subject || !/^\d+\.\d{2}$/.test(biz.total_amount ?? '') || !params.notify_url)
          return answer(res, method, refuse('40002', 'Invalid Arguments', 'isv.invalid-parameter', '参数无效'));
        if (trade) {
          if (trade.total !== biz.total_amount)
            return answer(
              res,
              method,
              refuse('40004', 'Business Failed', 'ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改'),
            );
          if (trade.state === 'TRADE_SUCCESS')
            return answer(res, method, refuse('40004', 'Business Failed', 'ACQ.TRADE_HAS_SUCCESS', '交易已被支付'));
          if (trade.state === 'TRADE_CLOSED')
            return answer(res, method, refuse('40004', 'Business Failed', 'ACQ.TRADE_HAS_CLOSE', '交易已经关闭'));
          return answer(res, method, {
            code: '10000',
            msg: 'Success',
            out_trade_no: trade.outTradeNo,
            qr_code: trade.qrCode,
          });
        }
        const created: StandInTrade = {
          outTradeNo: biz.out_trade_no,
          subject: biz.subject,
          total: biz.total_amount,
          notifyUrl: params.notify_url,
          expiresAt: parseTime(biz.time_expire) ?? Date.now() + 2 * 3_600_000,
          qrCode: `https://qr.alipay.com/bax0${randomBytes(9).toString('hex')}`,
          state: 'WAIT_BUYER_PAY',
          tradeNo: null,
        };
        trades.set(created.outTradeNo, created);
        return answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: created.outTradeNo,
          qr_code: created.qrCode,
        });
      }
      if (method === 'alipay.trade.query') {
        // Alipay knows a precreated trade only once it has been scanned; here, once it is paid or closed.
        if (!trade || (trade.state === 'WAIT_BUYER_PAY' && trade.tradeNo === null))
          return answer(res, method, notExist);
        return answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: trade.outTradeNo,
          trade_no: trade.tradeNo,
          trade_status: trade.state,
          total_amount: trade.total,
          buyer_logon_id: 'sho***@sandbox.com',
        });
      }
      if (method === 'alipay.trade.close') {
        if (!trade) return answer(res, method, notExist);
        if (trade.state === 'TRADE_SUCCESS')
          return answer(res, method, refuse('40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
        trade.state = 'TRADE_CLOSED';
        return answer(res, method, { code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo });
      }
      return answer(res, method, refuse('40004', 'Business Failed', 'isv.invalid-method', '不存在的方法名'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  /** The `trade_status_sync` notification of a paid trade, signed as Alipay signs it. */
  const notificationOf = (trade: { outTradeNo: string; total: string; notifyUrl: string; tradeNo: string }) => {
    const params: Record<string, string> = {
      notify_time: nowText(),
      notify_type: 'trade_status_sync',
      notify_id: `${Date.now()}${randomBytes(8).toString('hex')}`,
      charset: 'utf-8',
      version: '1.0',
      app_id: APP_ID,
      auth_app_id: APP_ID,
      seller_id: SELLER_ID,
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: trade.total,
      receipt_amount: trade.total,
      buyer_pay_amount: trade.total,
      buyer_id: '2088102177846880',
      gmt_create: nowText(),
      gmt_payment: nowText(),
      subject: 'Meridian',
      fund_bill_list: JSON.stringify([{ amount: trade.total, fundChannel: 'ALIPAYACCOUNT' }]),
    };
    params.sign = sign(content(params, ['sign', 'sign_type']));
    params.sign_type = 'RSA2';
    return { url: trade.notifyUrl, params };
  };

  /** Posts a notification (new or replayed) form-encoded; answers the reply ("success" takes it). */
  const deliver = async (n: SentAlipayNotification) => {
    const res = await fetch(n.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(n.params).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: await res.text() };
  };

  return {
    url,
    trades,
    notifications,
    /** The environment that points Meridian at this stand-in; `notifyUrl` is where Meridian listens. */
    env: (notifyUrl: string): Record<string, string> => ({
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_APP_PRIVATE_KEY: app.privateKey,
      ALIPAY_PUBLIC_KEY: alipay.publicKey,
      ALIPAY_NOTIFY_URL: notifyUrl,
      ALIPAY_GATEWAY: `${url}/gateway.do`,
    }),
    /** The trade whose code is `qrCode`. */
    tradeOfCode: (qrCode: string) => [...trades.values()].find((o) => o.qrCode === qrCode),
    /** Plays the payer: pays the open trade and posts its notification; the notification is kept for replays. */
    pay: async (outTradeNo: string, options: { notify?: boolean } = {}) => {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo} at the Alipay stand-in`);
      if (trade.state !== 'WAIT_BUYER_PAY' || trade.expiresAt < Date.now())
        throw new Error(`trade ${outTradeNo} is ${trade.state}`);
      trade.state = 'TRADE_SUCCESS';
      trade.tradeNo = `2026${Date.now()}${String(++seq).padStart(6, '0')}`;
      const notification = notificationOf({ ...trade, tradeNo: trade.tradeNo });
      notifications.push(notification);
      // Alipay's notification can be lost: `notify: false` leaves the payment for `alipay.trade.query`.
      return { notification, reply: options.notify === false ? null : await deliver(notification) };
    },
    deliver,
    /** A notification signed by Alipay for a payment that never happened: what a forger cannot make. */
    forge: (trade: { outTradeNo: string; total: string; notifyUrl: string }) =>
      notificationOf({ ...trade, tradeNo: `2026${Date.now()}${String(++seq).padStart(6, '0')}` }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type AlipayStandIn = Awaited<ReturnType<typeof startAlipay>>;
