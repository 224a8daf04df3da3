import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { type BuiltUser, buildUser, signIn } from '../../../../test/factories.ts';
import { type Caller, callerFor } from '../testing.ts';

let t: TestApp;
let owner: Caller;
let rival: Caller;
let platform: Caller;
let rivalSub: BuiltUser;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.db.kysely;
  owner = await callerFor(t, await buildUser(db, { roleIds: [10], userType: 'main', identityId: null }));
  rival = await callerFor(t, await buildUser(db, { roleIds: [10], userType: 'main', identityId: null }));
  rivalSub = await buildUser(db, { roleIds: [11], userType: 'sub', parentId: rival.user.id, identityId: null });
  platform = await callerFor(t, await buildUser(db, { roleIds: [5], superAdmin: true, identityId: 4 }));
  // Level-1 members (20 sub-users): the tests below are about the tree, not the membership's limit.
  await db.updateTable('users').set({ vip_level: 1 }).where('id', 'in', [owner.user.id, rival.user.id]).execute();
});
afterAll(() => t.close());

let seq = 0;
const newSub = (c: Caller, body: Record<string, unknown> = {}) =>
  c.post('/iot/users', { account: `sub_${++seq}`, password: 'Field#2026', confirmPassword: 'Field#2026', ...body });

describe('creating sub-users', () => {
  it('creates a sub-user under the caller with the sub-user role, who changes the password at first sign-in', async () => {
    const res = await newSub(owner, { account: 'field_engineer', nickname: 'Engineer Li', phone: '13700000001' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      account: 'field_engineer',
      nickname: 'Engineer Li',
      userType: 'sub',
      children: [],
    });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/authz/login',
      payload: { account: 'field_engineer', password: 'Field#2026' },
    });
    expect(signedIn.json().data.user).toMatchObject({ roleId: 11, defaultPass: true });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['user_id', 'action'])
      .where('action', '=', 'createSubUser')
      .executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(owner.user.id);
  });

  it("stops at the membership's sub-users, counting the whole tree, and says how many it allows", async () => {
    const db = t.db.kysely;
    const plain = await callerFor(t, await buildUser(db, { roleIds: [10], userType: 'main', identityId: null }));
    const first = (await newSub(plain)).json().data;
    // A sub-user's own sub-user counts against the top account's three.
    expect((await newSub(plain, { parentId: first.id })).statusCode).toBe(200);
    expect((await newSub(plain)).statusCode).toBe(200);
    const over = await newSub(plain);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      `Sub-user limit reached: the membership of account ${plain.user.account} allows 3 sub-users and it has 3; upgrade the membership to add more`,
    );
    expect((await newSub(plain, { parentId: first.id })).statusCode).toBe(409);
    // Nothing was added by the refusals; a level-1 membership allows twenty.
    expect(await db.selectFrom('users').select('id').where('parent_id', '=', plain.user.id).execute()).toHaveLength(2);
    await db.updateTable('users').set({ vip_level: 1 }).where('id', '=', plain.user.id).execute();
    expect((await newSub(plain)).statusCode).toBe(200);
  });

  it('checks the account and password rules, and that the two passwords match', async () => {
    const res = await owner.post('/iot/users', { account: 'ab', password: 'abcdefg', confirmPassword: 'abcdefg' });
    expect(res.json().data).toEqual([
      { field: 'account', msg: 'User name: 3-20 Chinese characters, letters, digits or underscores' },
      {
        field: 'password',
        msg: 'Password: 6-20 characters with at least two of letters, digits and symbols, no spaces',
      },
    ]);
    const contacts = await newSub(owner, { phone: '12345', email: 'not-mail' });
    expect(contacts.json().data).toEqual([
      { field: 'phone', msg: 'The phone number is not valid' },
      { field: 'email', msg: 'The email address is not valid' },
    ]);
    const mismatch = await newSub(owner, { confirmPassword: 'Other#2026' });
    expect(mismatch.json().data).toEqual([{ field: 'confirmPassword', msg: 'The two passwords do not match' }]);
  });

  it('refuses a taken account name, phone or email', async () => {
    const taken = await newSub(owner, { account: rivalSub.account });
    expect(taken.json()).toMatchObject({ code: 409, message: 'This user name is already taken' });
    await newSub(owner, { phone: '13700000009', email: 'a@example.com' });
    const phone = await newSub(owner, { phone: '13700000009' });
    expect(phone.json()).toEqual({
      code: 409,
      message: 'This phone is bound to another user; ask for it to be released first',
      data: { releasable: true },
    });
    expect((await newSub(owner, { email: 'a@example.com' })).json().message).toBe(
      'This email address is bound to another user',
    );
  });

  it('only places sub-users under Device Cloud accounts the caller holds', async () => {
    const staff = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [2] }));
    expect((await newSub(staff)).json()).toMatchObject({
      code: 400,
      message: 'Only Device Cloud accounts can have sub-users',
    });
    expect((await newSub(owner, { parentId: rival.user.id })).json()).toMatchObject({
      code: 404,
      message: 'No such user',
    });
  });

  it('needs the sub-user permission', async () => {
    const sub = await callerFor(t, rivalSub);
    expect((await newSub(sub)).statusCode).toBe(403);
  });
});

describe('the account tree', () => {
  it("shows the caller's account with the sub-users below it, and nobody else's", async () => {
    const child = (await newSub(owner)).json().data;
    const grandchild = (await newSub(owner, { parentId: child.id })).json().data;
    const tree = (await owner.get('/iot/users/tree')).json().data;
    expect(tree.total).toBe(1);
    const [root] = tree.list;
    expect(root.id).toBe(owner.user.id);
    const branch = root.children.find((c: { id: number }) => c.id === child.id);
    expect(branch.children.map((c: { id: number }) => c.id)).toEqual([grandchild.id]);
    const all = JSON.stringify(tree);
    expect(all).not.toContain(rivalSub.account);
  });

  it("gives the platform every main account's tree, a page at a time", async () => {
    const page = (await platform.get(`/iot/users/tree?keyword=${rival.user.account}`)).json().data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ id: rival.user.id, children: [{ id: rivalSub.id }] });
  });
});

describe('editing, disabling and deleting', () => {
  it('edits a sub-user, never one outside the tree', async () => {
    const sub = (await newSub(owner)).json().data;
    const res = await owner.call('PUT', `/iot/users/${sub.id}`, { nickname: 'Night shift', remark: 'Pump room' });
    expect(res.json().data).toMatchObject({ nickname: 'Night shift', remark: 'Pump room' });
    expect((await owner.call('PUT', `/iot/users/${rivalSub.id}`, { nickname: 'Mine now' })).statusCode).toBe(404);
    const long = await owner.call('PUT', `/iot/users/${sub.id}`, { remark: 'x'.repeat(201) });
    expect(long.json().data).toEqual([{ field: 'remark', msg: 'must be at most 200 characters' }]);
  });

  it('disables a sub-user, which signs them out', async () => {
    const account = `sub_${++seq}`;
    await newSub(owner, { account });
    const token = await signIn(t.app, { account, password: 'Field#2026' });
    const sub = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow();
    expect((await owner.call('PUT', `/iot/users/${sub.id}/status`, { status: 'disabled' })).statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/apis-rbac/role/perms/current',
      headers: { 'x-authorization': token },
    });
    expect(after.json().code).toBe(10022);
    const self = await owner.call('PUT', `/iot/users/${owner.user.id}/status`, { status: 'disabled' });
    expect(self.json()).toMatchObject({ code: 400, message: 'You cannot disable or delete your own account' });
  });

  it('deletes a sub-user without sub-users of its own, and audits it', async () => {
    const parent = (await newSub(owner)).json().data;
    const child = (await newSub(owner, { parentId: parent.id })).json().data;
    const busy = await owner.call('DELETE', `/iot/users/${parent.id}`);
    expect(busy.json()).toMatchObject({
      code: 409,
      message: 'This user has sub-users of their own; remove them first',
    });
    expect((await owner.call('DELETE', `/iot/users/${child.id}`)).statusCode).toBe(200);
    expect((await owner.call('DELETE', `/iot/users/${parent.id}`)).statusCode).toBe(200);
    expect(
      await t.db.kysely.selectFrom('users').select('id').where('id', 'in', [parent.id, child.id]).execute(),
    ).toEqual([]);
    expect((await owner.call('DELETE', `/iot/users/${rivalSub.id}`)).statusCode).toBe(404);
    expect((await owner.call('DELETE', `/iot/users/${owner.user.id}`)).statusCode).toBe(400);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'deleteSubUser')
      .where('target_id', '=', String(child.id))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.detail)).toContain(child.account);
  });
});
