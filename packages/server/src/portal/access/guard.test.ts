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

describe('every route that is not public', () => {
  it('exists in numbers worth checking', () => {
    expect(guardedRoutes().length).toBeGreaterThanOrEqual(8);
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
