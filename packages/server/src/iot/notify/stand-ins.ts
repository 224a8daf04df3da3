import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyAliyunRpc, verifyTc3 } from './stand-in-signatures.ts';

/**
 * Local stand-ins that speak the providers' HTTP protocols (Aliyun RPC, Tencent Cloud TC3,
 * WeChat official accounts, a webhook), for tests. Each checks the caller's signature or token
 * as the real service does (the signatures with their own code, never the product's: see
 * `stand-in-signatures.ts`), records what reached it, and answers what the test sets in `next`:
 * an answer, or 'hang' to never answer (a timeout). All listen on 127.0.0.1, port 0.
 */

export interface Received {
  method: string;
  /** The path and query exactly as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}
type Answer = { status?: number; body: unknown } | 'hang';
type Handler = (r: Received) => Answer;

async function serve(handler: Handler) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const r = {
        method: req.method ?? '',
        url: req.url ?? '/',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(r);
      const answer = handler(r);
      if (answer === 'hang') return;
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Aliyun dysmsapi / dyvmsapi holding `keys` (AccessKeyId to secret): checks the RPC signature and
 * refuses as Aliyun does, answers `Code: OK` with a BizId or CallId unless told otherwise.
 */
export async function startAliyun(keys: Record<string, string>) {
  const state: { next: Answer[] } = { next: [] };
  const known = new Map(Object.entries(keys));
  const nonces = new Set<string>();
  const server = await serve((r) => {
    const refused = verifyAliyunRpc(r, known, nonces);
    if (refused)
      return { status: refused.status, body: { Code: refused.code, Message: refused.message, RequestId: 'r' } };
    return (
      state.next.shift() ?? {
        body: { Code: 'OK', Message: 'OK', BizId: `biz-${r.query.get('OutId')}`, CallId: 'call-1', RequestId: 'r' },
      }
    );
  });
  return { ...server, state };
}

/**
 * Tencent Cloud sms / vms holding `keys` (SecretId to SecretKey): checks the TC3-HMAC-SHA256
 * signature and refuses as Tencent does, answers a send status "Ok" unless told otherwise.
 */
export async function startTencent(keys: Record<string, string>) {
  const state: { next: Answer[] } = { next: [] };
  const known = new Map(Object.entries(keys));
  const server = await serve((r) => {
    // One stand-in plays both products; each call is signed for the product that serves its action.
    const service = r.headers['x-tc-action'] === 'SendTtsVoice' ? 'vms' : 'sms';
    const refused = verifyTc3(r, known, service);
    if (refused) {
      return { body: { Response: { Error: { Code: refused.code, Message: refused.message }, RequestId: 'r' } } };
    }
    const answer = state.next.shift();
    if (answer) return answer;
    const body = JSON.parse(r.body) as { SessionContext: string };
    return {
      body: {
        Response: {
          SendStatusSet: [
            { SerialNo: 'serial-1', Code: 'Ok', Message: 'send success', SessionContext: body.SessionContext },
          ],
          SendStatus: { CallId: 'call-1', SessionContext: body.SessionContext },
          RequestId: 'r',
        },
      },
    };
  });
  return { ...server, state };
}

/**
 * WeChat's official account API: `stable_token` hands out tokens (T1, T2... a forced refresh
 * makes a new one), `message/template/send` accepts only the current token. `revoke()` makes the
 * current token invalid, as when another system forced a refresh: the next send gets 40001.
 */
export async function startWechat(appId: string, appSecret: string) {
  const state = { next: [] as Answer[], tokenNo: 0, current: '', tokenCalls: 0 };
  const newToken = () => {
    state.tokenNo += 1;
    state.current = `T${state.tokenNo}`;
  };
  const server = await serve((r) => {
    if (r.path === '/cgi-bin/stable_token') {
      state.tokenCalls += 1;
      const body = JSON.parse(r.body) as { appid: string; secret: string; force_refresh?: boolean };
      if (body.appid !== appId || body.secret !== appSecret)
        return { body: { errcode: 40125, errmsg: 'invalid appsecret' } };
      if (!state.current || body.force_refresh) newToken();
      return { body: { access_token: state.current, expires_in: 7200 } };
    }
    if (r.path === '/cgi-bin/message/template/send') {
      if (r.query.get('access_token') !== state.current)
        return { body: { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' } };
      return state.next.shift() ?? { body: { errcode: 0, errmsg: 'ok', msgid: 200228332 } };
    }
    return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
  });
  return {
    ...server,
    state,
    /** Another system forced a new token: ours is now refused. */
    revoke: () => newToken(),
  };
}

/** A webhook (SMS, voice or push gateway of one's own): answers 200 unless told otherwise. */
export async function startWebhook() {
  const state: { next: Answer[] } = { next: [] };
  const server = await serve(() => state.next.shift() ?? { body: { ok: true } });
  return { ...server, state };
}
