import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildOrg, buildUser, signIn } from '../../../test/factories.ts';

const JWT_SECRET = 'a-shared-secret-of-at-least-32-characters!';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ JWT_SECRET, SESSION_IDLE_MINUTES: '30' });
});
afterAll(() => t.close());

const queryInfo = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/apis-authz/auth/user/queryInfo', headers: as(token) });
const codeOf = async (token: string) => (await queryInfo(token)).json().code as number;

describe('a session', () => {
  it('ends at sign-out: the token is refused afterwards with 10022', async () => {
    const token = await signIn(t.app, await buildUser(t.db.kysely));
    const out = await t.app.inject({ method: 'GET', url: '/api/apis-authz/authz/logout', headers: as(token) });
    expect(out.json()).toMatchObject({ code: 200 });
    expect(await codeOf(token)).toBe(10022);
  });

  it('is read again after this process writes what it depends on, and within SESSION_CACHE_MS otherwise', async () => {
    const quick = await buildTestApp({ SESSION_CACHE_MS: '300' });
    try {
      const code = async (token: string) =>
        (
          await quick.app.inject({ method: 'POST', url: '/api/apis-authz/auth/user/queryInfo', headers: as(token) })
        ).json().code as number;
      const user = await buildUser(quick.db.kysely);
      const token = await signIn(quick.app, user);
      // The clock is the subject: it stands still, and moves only when the test moves it.
      vi.useFakeTimers({ toFake: ['Date'] });
      expect(await code(token)).toBe(200);
      // Another process disables the account (plain SQL stands for it: this process's write watch
      // does not see it): this one holds the session it read for SESSION_CACHE_MS.
      await sql`update users set status = 'disabled' where id = ${user.id}`.execute(quick.db.kysely);
      expect(await code(token), 'held for SESSION_CACHE_MS').toBe(200);
      vi.advanceTimersByTime(299);
      expect(await code(token), 'held until the last millisecond of SESSION_CACHE_MS').toBe(200);
      vi.advanceTimersByTime(1);
      expect(await code(token), 'read again once SESSION_CACHE_MS has passed').toBe(10024);
      // The same change made by this process holds at once.
      await quick.db.kysely.updateTable('users').set({ status: 'enabled' }).where('id', '=', user.id).execute();
      expect(await code(token)).toBe(200);
      await quick.db.kysely.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute();
      expect(await code(token)).toBe(10024);
    } finally {
      vi.useRealTimers();
      await quick.close();
    }
  });

  it('says why a token no longer works, one code per reason', async () => {
    const user = await buildUser(t.db.kysely);
    const sessions = t.db.kysely.updateTable('sessions').where('user_id', '=', user.id);

    let token = await signIn(t.app, user);
    await sessions.set({ expires_at: Date.now() - 1 }).execute();
    expect(await codeOf(token)).toBe(10021);

    token = await signIn(t.app, user);
    await sessions
      .set({ last_seen_at: Date.now() - 31 * 60_000 })
      .where('revoked_at', 'is', null)
      .execute();
    expect(await codeOf(token), 'idle for longer than the idle timeout').toBe(10021);

    token = await signIn(t.app, user);
    await t.db.kysely.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute();
    expect(await codeOf(token)).toBe(10024);
    await t.db.kysely.updateTable('users').set({ status: 'enabled' }).where('id', '=', user.id).execute();

    token = await signIn(t.app, user);
    await sessions.set({ revoked_at: Date.now(), revoked_reason: 'password changed' }).execute();
    expect(await codeOf(token)).toBe(10026);

    token = await signIn(t.app, user);
    await t.db.kysely.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
    const res = await queryInfo(token);
    expect(res.json()).toMatchObject({ code: 10029, message: 'Your role has changed: please sign in again' });
  });

  it('answers 10023 once the password has expired under the policy', async () => {
    const user = await buildUser(t.db.kysely, { passwordChangedAt: Date.now() - 100 * 86_400_000 });
    const token = await signIn(t.app, user);
    await t.db.kysely
      .insertInto('settings')
      .values({
        key: 'password.policy',
        value: JSON.stringify({ expireDays: 90 }),
        updated_at: Date.now(),
        updated_by: null,
      })
      .execute();
    try {
      expect(await codeOf(token)).toBe(10023);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/apis-authz/authz/login',
        payload: { account: user.account, password: user.password },
        headers: { 'accept-language': 'en' },
      });
      expect(again.json()).toEqual({
        code: 10023,
        message: 'Your password has expired; please change it',
        data: { passwordExpired: true },
      });
    } finally {
      await t.db.kysely.deleteFrom('settings').where('key', '=', 'password.policy').execute();
    }
  });
});

describe('single sign-on', () => {
  it('sends the browser to the portal sign-in with the target, only for targets on this site', async () => {
    const cas = (target: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/apis-authz/authz/login/cas?target=${encodeURIComponent(target)}`,
        headers: { host: 'meridian.example.cn', 'accept-language': 'en' },
      });
    const local = await cas('http://meridian.example.cn/jdp/data/home?jgId=7');
    expect(local.statusCode).toBe(302);
    expect(local.headers.location).toBe(
      `/login?target=${encodeURIComponent('http://meridian.example.cn/jdp/data/home?jgId=7')}`,
    );
    expect((await cas('/iot/')).headers.location).toBe('/login?target=%2Fiot%2F');
    for (const evil of ['https://evil.example.com/', '//evil.example.com/x', 'javascript:alert(1)']) {
      const res = await cas(evil);
      expect(res.statusCode, evil).toBe(400);
      expect(res.json().message).toBe('The return address is not valid');
    }
  });

  it('signs out through casLogout and returns to the sign-in for the service', async () => {
    const token = await signIn(t.app, await buildUser(t.db.kysely));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/apis-authz/authz/casLogout?service=${encodeURIComponent('/jdp/?appId=3')}&token=${token}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?target=${encodeURIComponent('/jdp/?appId=3')}`);
    expect(await codeOf(token)).toBe(10022);
  });

  it('signs in with a JWT from a trusted system, and refuses a forged, expired or unknown one', async () => {
    const user = await buildUser(t.db.kysely);
    const sign = (sub: string, secret = JWT_SECRET, exp = '5m') =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const post = async (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/apis-authz/authz/login/jwt',
        payload: { token },
        headers: { 'accept-language': 'en' },
      });

    const good = await post(await sign(user.account));
    expect(good.statusCode).toBe(200);
    expect(await codeOf(good.json().data.token)).toBe(200);
    for (const bad of [
      await sign(user.account, 'another-secret-that-is-also-32-chars-long'),
      await sign(user.account, JWT_SECRET, '-1m'),
      await sign('nobody_at_all'),
    ]) {
      const res = await post(bad);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('The sign-in credential is invalid or expired');
    }
  });
});

describe('acting as another user', () => {
  it('gives an administrator a session as a user in their scope, audited, and ends it at sign-out', async () => {
    const school = await buildOrg(t.db.kysely, { type: 'school' });
    const otherSchool = await buildOrg(t.db.kysely, { type: 'school' });
    const admin = await buildUser(t.db.kysely, { roleIds: [2], orgId: school.id });
    const teacher = await buildUser(t.db.kysely, { roleIds: [4], orgId: school.id });
    const stranger = await buildUser(t.db.kysely, { roleIds: [4], orgId: otherSchool.id });
    const adminToken = await signIn(t.app, admin);
    const runAs = (userId: number, token = adminToken) =>
      t.app.inject({ method: 'POST', url: '/api/apis-authz/authz/runAs', payload: { userId }, headers: as(token) });

    const res = await runAs(teacher.id);
    expect(res.statusCode).toBe(200);
    const acting = res.json().data.token;
    expect((await queryInfo(acting)).json().data).toMatchObject({ account: teacher.account, runAsBy: admin.id });
    const logged = await t.db.kysely
      .selectFrom('audit_log')
      .select(['user_id', 'target_id'])
      .where('action', '=', 'runAs')
      .execute();
    expect(logged).toContainEqual({ user_id: admin.id, target_id: String(teacher.id) });

    expect((await runAs(stranger.id)).statusCode, 'outside the scope').toBe(404);
    expect((await runAs(admin.id)).json().message).toBe('You cannot act as yourself');

    await t.app.inject({ method: 'GET', url: '/api/apis-authz/authz/logout', headers: as(acting) });
    expect(await codeOf(acting)).toBe(10028);
    expect(await codeOf(adminToken), 'the administrator stays signed in').toBe(200);
  });
});

describe('identities and roles', () => {
  it('lists the identities with their organisations and switches between them', async () => {
    const school = await buildOrg(t.db.kysely, { type: 'school', name: 'No. 1 Middle School' });
    const user = await buildUser(t.db.kysely, { roleIds: [3, 4], orgId: school.id });
    await t.db.kysely
      .insertInto('user_identities')
      .values({ user_id: user.id, identity_id: 3, org_id: null, created_at: Date.now() })
      .execute();
    const token = await signIn(t.app, user);
    const list = await t.app.inject({ method: 'GET', url: '/api/apis-rbac/user/identity/list', headers: as(token) });
    expect(list.json().data).toEqual([
      {
        identityId: 1,
        identityName: 'Staff',
        current: true,
        orgList: [{ id: school.id, deptName: 'No. 1 Middle School', type: 'school' }],
      },
      { identityId: 3, identityName: 'Parent', current: false, orgList: [] },
    ]);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/apis-rbac/user/identity/switch',
      payload: { identityId: 3, roleId: 4 },
      headers: as(token),
    });
    expect(switched.json().data).toEqual({ identityId: 3, roleId: 4 });
    expect((await queryInfo(token)).json().data).toMatchObject({
      identityId: 3,
      roleId: 4,
      identityName: 'Parent',
      dept: { id: school.id, name: 'No. 1 Middle School', logo: null },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/apis-rbac/user/identity/switch',
      payload: { roleId: 1 },
      headers: as(token),
    });
    expect(refused.statusCode, 'a role the user does not hold').toBe(403);
  });

  it("answers the current role's permission entries", async () => {
    const token = await signIn(t.app, await buildUser(t.db.kysely, { roleIds: [2] }));
    const res = await t.app.inject({ method: 'POST', url: '/api/apis-rbac/role/perms/current', headers: as(token) });
    expect(res.json().data).toEqual([{ path: '*', perms: '*' }]);
    const admin = await t.app.inject({ method: 'GET', url: '/api/apis-rbac/isAdmin', headers: as(token) });
    expect(admin.json().data).toBe(true);
  });
});

describe('organisation administrators', () => {
  it('are those who hold, at an organisation, a role that may edit it', async () => {
    const school = await buildOrg(t.db.kysely, { type: 'school' });
    const isOrgAdmin = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/apis-rbac/role/org/user/isOrgAdmin', headers: as(token) })).json()
        .data;
    expect(
      await isOrgAdmin(await signIn(t.app, await buildUser(t.db.kysely, { roleIds: [2], orgId: school.id }))),
    ).toBe(true);
    expect(
      await isOrgAdmin(await signIn(t.app, await buildUser(t.db.kysely, { roleIds: [4], orgId: school.id }))),
    ).toBe(false);
  });
});
