import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser, signIn } from '../../../test/factories.ts';

let t: TestApp;
let revoked: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
  const user = await buildUser(t.db.kysely, { superAdmin: true, roleIds: [5] });
  revoked = await signIn(t.app, user);
  await t.app.inject({ method: 'GET', url: '/api/apis-authz/authz/logout', headers: as(revoked) });
});
afterAll(() => t.close());

/** Every guarded API route, with its parameters filled in. */
function guardedRoutes() {
  return t.app.routeTable
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.access && r.access !== 'public')
    .map((r) => ({ ...r, url: r.url.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x') }));
}

/**
 * The API routes anyone may call. Every other API route is guarded, so the tests below refuse an
 * anonymous and a revoked caller on each of them; a route added here is a decision to review.
 */
const OPEN_ROUTES = [
  // The OpenAPI viewer of @fastify/swagger-ui: its routes declare no access of ours.
  'GET /api/docs/ui',
  'GET /api/docs/ui/json',
  'GET /api/docs/ui/static/*',
  'GET /api/docs/ui/static/index.html',
  'GET /api/docs/ui/static/swagger-initializer.js',
  'GET /api/docs/ui/yaml',
  'GET /api/docs',
  'GET /api/health',
  'GET /api/apis-authz/authz/casLogout',
  'GET /api/apis-authz/authz/login/cas',
  'GET /api/apis-authz/authz/login/dingH5Config',
  // The schools that let students sign in with student number and ID-card suffix (decision 0070).
  'GET /api/apis-authz/authz/login/studentNo/schools',
  'GET /api/apis-authz/oauth/:provider/authorize',
  'GET /api/apis-authz/oauth/:provider/callback',
  'GET /api/apis-authz/oauth/providers',
  'GET /api/apis-authz/oauth/ticket',
  'GET /api/apis-third/file/getByPath',
  'GET /api/iot/map/tiles/:z/:x/:y',
  // The brand of the request's host: the sign-in page shows it (decision 0116).
  'GET /api/portal/brand/current',
  'POST /api/apis-authz/auth/user/forceUpdatePassword',
  'POST /api/apis-authz/auth/user/forgetPassword/generateCaptcha',
  'POST /api/apis-authz/auth/user/forgetPassword/reset',
  'POST /api/apis-authz/auth/user/multiVerify',
  'POST /api/apis-authz/auth/user/phone/release',
  'POST /api/apis-authz/auth/user/register',
  'POST /api/apis-authz/auth/user/sendCode',
  'POST /api/apis-authz/auth/user/sendPhoneCodeOfLoginConfirm',
  'POST /api/apis-authz/authz/login',
  'POST /api/apis-authz/authz/login/dingtalk/scancode',
  'POST /api/apis-authz/authz/login/jwt',
  'POST /api/apis-authz/authz/login/phone',
  'POST /api/apis-authz/authz/login/studentNo',
  'POST /api/apis-authz/oauth/bind',
  'POST /api/apis-authz/policy/info',
  'POST /api/iot/ingest',
  // WeChat Pay's payment notification: signed with its platform key and verified over the raw body (decision 0080).
  'POST /api/iot/billing/wechatpay/notify',
  // Alipay's asynchronous notification: RSA2-signed with Alipay's key over its sorted form parameters (decision 0115).
  'POST /api/iot/billing/alipay/notify',
  // Campus cameras and AI boxes: each request signed with the device's own secret (HMAC, timestamp,
  // nonce), checked before anything else is read (decision 0085, docs/protocols/campus-events.md).
  'POST /api/apis-psychology/campus/device/event',
  'POST /api/apis-psychology/campus/device/heartbeat',
  // Class emotion samples and "person seen" reports, signed the same way (decisions 0100, 0101).
  'POST /api/apis-psychology/campus/device/emotion',
  'POST /api/apis-psychology/campus/device/sighting',
  // The school's WeChat official account's server address: WeChat signs each call with the
  // account's token (sha1 of token, timestamp, nonce), checked before the body is read (decision 0156).
  'GET /api/apis-psychology/wechatBind/events',
  'POST /api/apis-psychology/wechatBind/events',
  // Anyone holding a signed form's PDF checks it against the stored SHA-256 by the form's number;
  // the answer is only whether they match (decision 0104).
  'POST /api/apis-psychology/signature/verify',
  // A school's published screen: a signed, revocable link's token opens that school's aggregates only (decision 0091).
  'GET /api/apis-psychology/screen/public/bands',
  'GET /api/apis-psychology/screen/public/overview',
  'GET /api/apis-psychology/screen/public/trend',
  'GET /api/apis-psychology/screen/public/warnings',
  // A cloud configuration's shared link: its token opens that screen read only, with its own bindings' values (decision 0099).
  'GET /api/iot/scada-shared',
];

describe('every route that is not public', () => {
  it('is every API route but the open ones listed here', () => {
    const api = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    const open = api.filter((r) => !r.access || r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([...OPEN_ROUTES].sort());
  });

  it('refuses an anonymous call with 10020', async () => {
    for (const route of guardedRoutes()) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json(), `${route.method} ${route.url}`).toEqual({
        code: 10020,
        message: 'Not signed in: please sign in',
        data: null,
      });
    }
  });

  it('refuses a revoked token with 10022', async () => {
    for (const route of guardedRoutes()) {
      const res = await t.app.inject({ method: route.method as 'GET', url: route.url, headers: as(revoked) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code, `${route.method} ${route.url}`).toBe(10022);
    }
  });

  it('refuses a made-up token with 10027', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/auth/user/queryInfo',
      headers: as('x'.repeat(43)),
    });
    expect(res.json()).toMatchObject({ code: 10027, message: 'Your sign-in token is not valid: please sign in again' });
  });
});

describe('permissions', () => {
  it('let a role through only with the permission the route declares', async () => {
    const teacher = await buildUser(t.db.kysely, { roleIds: [4] });
    const admin = await buildUser(t.db.kysely, { roleIds: [5], superAdmin: true });
    const call = async (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/apis-authz/authz/runAs',
        payload: { userId: teacher.id },
        headers: as(token),
      });
    const refused = await call(await signIn(t.app, teacher));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, message: 'You do not have permission to do this', data: null });
    expect((await call(await signIn(t.app, admin))).statusCode).toBe(200);
  });
});
