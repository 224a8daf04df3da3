import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For tests: a local server that speaks WeChat's and DingTalk's side of the OAuth exchange, with
 * their error replies. Its authorisation pages approve at once as `wechatPerson` or
 * `dingtalkPerson` (the person who "scans"), unless `decline` is set; the code `slow` answers only
 * after `slowMs`, to prove the timeout.
 */
export interface ProviderStandIn {
  url: string;
  wechatPerson: { openid: string; unionid?: string; nickname: string; headimgurl?: string };
  dingtalkPerson: { openId: string; unionId?: string; nick: string; avatarUrl?: string };
  decline: boolean;
  slowMs: number;
  /** Every call the stand-in received, for checking what the server sent. */
  calls: Array<{
    method: string;
    path: string;
    query: Record<string, string>;
    body: unknown;
    headers: IncomingMessage['headers'];
  }>;
  close(): Promise<void>;
}

export const STAND_IN_APPS = {
  wechat: { appId: 'wx5f0c2a11d0e7b3c9', secret: 'wechat-test-secret' },
  dingtalk: { clientId: 'dingtestclient01', clientSecret: 'dingtalk-test-secret' },
} as const;

/** The settings that point the server at the stand-in. */
export function standInEnv(url: string): Record<string, string> {
  return {
    WECHAT_APP_ID: STAND_IN_APPS.wechat.appId,
    WECHAT_APP_SECRET: STAND_IN_APPS.wechat.secret,
    WECHAT_OPEN_BASE: url,
    WECHAT_API_BASE: url,
    DINGTALK_CLIENT_ID: STAND_IN_APPS.dingtalk.clientId,
    DINGTALK_CLIENT_SECRET: STAND_IN_APPS.dingtalk.clientSecret,
    DINGTALK_LOGIN_BASE: url,
    DINGTALK_API_BASE: url,
  };
}

const random = () => randomBytes(12).toString('hex');

export async function startProviderStandIn(): Promise<ProviderStandIn> {
  type Person = ProviderStandIn['wechatPerson'] | ProviderStandIn['dingtalkPerson'];
  const codes = new Map<string, Person>();
  const tokens = new Map<string, Person>();
  const timers = new Set<NodeJS.Timeout>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const later = (action: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, standIn.slowMs);
    timers.add(timer);
  };
  /** The person approves: back to `redirect_uri` with a new code, or with none when they decline. */
  const approve = (res: ServerResponse, redirectUri: string, state: string, person: Person, codeName: string) => {
    const back = new URL(redirectUri);
    if (!standIn.decline) {
      const code = random();
      codes.set(code, structuredClone(person));
      back.searchParams.set(codeName, code);
    }
    back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() }).end();
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const q = Object.fromEntries(url.searchParams);
    let body: unknown = null;
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      body = JSON.parse(Buffer.concat(chunks).toString() || 'null');
    }
    standIn.calls.push({ method: req.method ?? '', path: url.pathname, query: q, body, headers: req.headers });

    switch (`${req.method} ${url.pathname}`) {
      case 'GET /connect/qrconnect': {
        const fine = q.appid === STAND_IN_APPS.wechat.appId && q.response_type === 'code' && q.scope === 'snsapi_login';
        if (!fine || !q.redirect_uri || !q.state) return void res.writeHead(400).end('invalid parameter');
        return approve(res, q.redirect_uri, q.state, standIn.wechatPerson, 'code');
      }
      case 'GET /sns/oauth2/access_token': {
        const app = STAND_IN_APPS.wechat;
        if (q.appid !== app.appId || q.secret !== app.secret)
          return json(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' });
        if (q.grant_type !== 'authorization_code')
          return json(res, 200, { errcode: 40002, errmsg: 'invalid grant_type' });
        if (q.code === 'slow') return later(() => json(res, 200, { errcode: -1, errmsg: 'system error' }));
        const person = codes.get(q.code ?? '') as ProviderStandIn['wechatPerson'] | undefined;
        if (!person || !('openid' in person)) return json(res, 200, { errcode: 40029, errmsg: 'invalid code' });
        codes.delete(q.code ?? '');
        const token = random();
        tokens.set(token, person);
        return json(res, 200, {
          access_token: token,
          expires_in: 7200,
          refresh_token: random(),
          openid: person.openid,
          scope: 'snsapi_login',
          ...(person.unionid ? { unionid: person.unionid } : {}),
        });
      }
      case 'GET /sns/userinfo': {
        const person = tokens.get(q.access_token ?? '') as ProviderStandIn['wechatPerson'] | undefined;
        if (!person || !('openid' in person) || person.openid !== q.openid)
          return json(res, 200, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid' });
        return json(res, 200, { ...person, sex: 0, province: '', city: '', country: 'CN', privilege: [] });
      }
      case 'GET /oauth2/auth': {
        const fine =
          q.client_id === STAND_IN_APPS.dingtalk.clientId &&
          q.response_type === 'code' &&
          q.scope === 'openid' &&
          q.prompt === 'consent';
        if (!fine || !q.redirect_uri || !q.state) return void res.writeHead(400).end('invalid parameter');
        return approve(res, q.redirect_uri, q.state, standIn.dingtalkPerson, 'authCode');
      }
      case 'POST /v1.0/oauth2/userAccessToken': {
        const b = (body ?? {}) as Record<string, unknown>;
        const app = STAND_IN_APPS.dingtalk;
        if (b.clientId !== app.clientId || b.clientSecret !== app.clientSecret)
          return json(res, 400, {
            code: 'InvalidClient',
            message: 'clientId or clientSecret is wrong',
            requestid: random(),
          });
        if (b.code === 'slow') return later(() => json(res, 500, { code: 'ServiceUnavailable', message: 'busy' }));
        const person = codes.get(String(b.code)) as ProviderStandIn['dingtalkPerson'] | undefined;
        if (b.grantType !== 'authorization_code' || !person || !('openId' in person))
          return json(res, 400, { code: 'InvalidAuthentication', message: '不合法的临时授权码', requestid: random() });
        codes.delete(String(b.code));
        const token = random();
        tokens.set(token, person);
        return json(res, 200, { accessToken: token, refreshToken: random(), expireIn: 7200, corpId: 'ding00test' });
      }
      case 'GET /v1.0/contact/users/me': {
        const person = tokens.get(String(req.headers['x-acs-dingtalk-access-token'] ?? ''));
        if (!person || !('openId' in person))
          return json(res, 401, { code: 'InvalidAuthentication', message: 'token is invalid', requestid: random() });
        return json(res, 200, { ...person, mobile: '', stateCode: '86' });
      }
      default:
        return json(res, 404, { code: 'NotFound', message: url.pathname });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { code: 'StandInError', message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const standIn: ProviderStandIn = {
    url: `http://127.0.0.1:${port}`,
    wechatPerson: { openid: 'o-wx-default', unionid: 'u-wx-default', nickname: 'Default' },
    dingtalkPerson: { openId: 'o-dt-default', unionId: 'u-dt-default', nick: 'Default' },
    decline: false,
    slowMs: 3000,
    calls: [],
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
  return standIn;
}

/** The person scans and approves: follows the provider's page and returns the path it sends the browser back to. */
export async function scan(authorizeUrl: string): Promise<string> {
  const res = await fetch(authorizeUrl.replace(/#.*$/, ''), { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location)
    throw new Error(`the provider's page refused: ${res.status} ${await res.text()}`);
  const back = new URL(location);
  return `${back.pathname}${back.search}`;
}

/** The flow cookie an answer set, as the browser would send it back. */
export function flowCookie(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header]).find((h) => String(h).startsWith('meridian_oauth='));
  if (!line) throw new Error('no flow cookie set');
  return String(line).split(';')[0];
}
