import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { mainAccount, messageFor, subUser } from '../devices/testing.ts';

let t: TestApp;
let owner: Caller;
let rival: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  rival = await mainAccount(t);
});
afterAll(() => t.close());

let seq = 0;
const add = (c: Caller, body: Record<string, unknown>) => c.post('/iot/contacts', { name: `Ops${++seq}`, ...body });

async function refusal(body: Record<string, unknown>, field: string): Promise<string[]> {
  const res = await add(owner, body);
  expect(res.statusCode, res.body).toBe(400);
  return messageFor(res.json(), field);
}

describe('contacts', () => {
  it('adds a contact reached by SMS and email by default, and finds it by phone', async () => {
    const res = await add(owner, { name: 'Zhang', phone: '13800138000', email: 'zhang@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Zhang',
      ownerId: owner.user.id,
      phone: '13800138000',
      email: 'zhang@example.com',
      wechatOpenid: null,
      channels: ['sms', 'email'],
    });
    const list = (await owner.get('/iot/contacts?keyword=138001&size=5')).json().data;
    expect(list).toMatchObject({ total: 1, page: 1, size: 5 });
    expect(list.list[0].name).toBe('Zhang');
    expect((await rival.get('/iot/contacts?keyword=138001')).json().data.total).toBe(0);
    const none = await add(owner, { phone: '13800138009', channels: [] });
    expect(none.json().data.channels).toEqual(['sms']);
  });

  it('needs at least one of phone, email or WeChat', async () => {
    expect(await refusal({ remark: 'nobody' }, 'phone')).toEqual(['Enter at least one of phone, email or WeChat']);
  });

  it('checks the phone, email and WeChat formats', async () => {
    expect(await refusal({ phone: '1234' }, 'phone')).toEqual(['The phone number is not valid']);
    expect(await refusal({ email: 'not-mail' }, 'email')).toEqual(['The email address is not valid']);
    expect(await refusal({ wechatOpenid: 'o 1' }, 'wechatOpenid')).toEqual([
      'The WeChat OpenID is 6-64 letters, digits, - or _',
    ]);
  });

  it('refuses a name with spaces, an empty or long name, and a duplicate', async () => {
    expect(await refusal({ name: 'Duty Officer', phone: '13800138001' }, 'name')).toEqual([
      'The name cannot contain spaces',
    ]);
    expect(await refusal({ name: '', phone: '13800138001' }, 'name')).toContain('Name: 1-30 characters');
    expect(await refusal({ name: 'x'.repeat(31), phone: '13800138001' }, 'name')).toEqual(['Name: 1-30 characters']);
    expect((await add(owner, { name: 'Li', phone: '13800138002' })).statusCode).toBe(200);
    const again = await add(owner, { name: 'Li', email: 'li@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A contact with this name already exists');
  });

  it('refuses a channel without its address', async () => {
    expect(await refusal({ email: 'a@example.com', channels: ['sms', 'email'] }, 'phone')).toEqual([
      'SMS, voice calls and app push need a phone number',
    ]);
    expect(await refusal({ phone: '13800138003', channels: ['wechat'] }, 'wechatOpenid')).toEqual([
      'WeChat notifications need a WeChat OpenID',
    ]);
    expect(await refusal({ phone: '13800138003', channels: ['email'] }, 'email')).toEqual([
      'Email notifications need an email address',
    ]);
    expect(await refusal({ phone: '13800138003', channels: ['fax'] }, 'channels[0]')).toEqual([
      'Unknown notification channel',
    ]);
  });

  it('edits a contact: removing the last address is refused, removing one drops its channel', async () => {
    const id = (await add(owner, { phone: '13800138004', email: 'w@example.com' })).json().data.id;
    const emptied = await owner.call('PUT', `/iot/contacts/${id}`, { phone: null, email: null });
    expect(emptied.statusCode).toBe(400);
    expect(messageFor(emptied.json(), 'phone')).toEqual(['Enter at least one of phone, email or WeChat']);
    const edited = await owner.call('PUT', `/iot/contacts/${id}`, {
      phone: null,
      wechatOpenid: 'oAbCdEfGhIjKlMnOpQrStUvWxYz1',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ phone: null, channels: ['email'] });
    expect((await rival.call('PUT', `/iot/contacts/${id}`, { name: 'Mine' })).json().message).toBe('No such contact');
    expect((await owner.call('DELETE', `/iot/contacts/${id}`)).statusCode).toBe(200);
    expect((await owner.get(`/iot/contacts/${id}`)).statusCode).toBe(404);
  });

  it('adds a contact for a sub-user below the caller, not for someone else', async () => {
    const sub = await subUser(t, owner.user.id);
    expect((await add(owner, { phone: '13800138005', ownerId: sub.user.id })).json().data.ownerId).toBe(sub.user.id);
    const foreign = await add(owner, { phone: '13800138005', ownerId: rival.user.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('No such owning account');
  });
});

describe('contact groups', () => {
  it('groups contacts, lists the group with its count, and filters contacts by group', async () => {
    const a = (await add(owner, { phone: '13900139000' })).json().data.id;
    const b = (await add(owner, { email: 'b@example.com' })).json().data.id;
    const res = await owner.post('/iot/contact-groups', { name: 'NightShift', contactIds: [a] });
    expect(res.statusCode, res.body).toBe(200);
    const group = res.json().data;
    expect(group).toMatchObject({ name: 'NightShift', contactCount: 1 });
    const set = await owner.call('PUT', `/iot/contact-groups/${group.id}/contacts`, { contactIds: [a, b] });
    expect(set.json().data.contactIds).toEqual([a, b].sort((x, y) => x - y));
    const inGroup = (await owner.get(`/iot/contacts?groupId=${group.id}`)).json().data;
    expect(inGroup.total).toBe(2);
    expect(inGroup.list[0].groups).toEqual([{ id: group.id, name: 'NightShift' }]);
    expect((await owner.get('/iot/contact-groups?keyword=night')).json().data.list[0].contactCount).toBe(2);
  });

  it("refuses a group name with spaces, a duplicate, and another account's contact", async () => {
    const spaced = await owner.post('/iot/contact-groups', { name: 'Night Shift' });
    expect(messageFor(spaced.json(), 'name')).toEqual(['The name cannot contain spaces']);
    expect((await owner.post('/iot/contact-groups', { name: 'DayShift' })).statusCode).toBe(200);
    const twice = await owner.post('/iot/contact-groups', { name: 'DayShift' });
    expect(twice.json().message).toBe('A group with this name already exists');
    const theirs = (await add(rival, { phone: '13900139001' })).json().data.id;
    const foreign = await owner.post('/iot/contact-groups', { name: 'Mixed', contactIds: [theirs] });
    expect(foreign.statusCode).toBe(400);
    expect(messageFor(foreign.json(), 'contactIds')).toEqual([`Contact ${theirs} does not belong to this account`]);
    const tooMany = await owner.post('/iot/contact-groups', {
      name: 'Huge',
      contactIds: Array.from({ length: 501 }, (_, i) => i + 1),
    });
    expect(messageFor(tooMany.json(), 'contactIds')).toEqual(['At most 500 contacts per group']);
  });

  it('deletes a group but keeps its contacts', async () => {
    const a = (await add(owner, { phone: '13900139002' })).json().data.id;
    const g = (await owner.post('/iot/contact-groups', { name: 'Temp', contactIds: [a] })).json().data.id;
    expect((await owner.call('DELETE', `/iot/contact-groups/${g}`)).statusCode).toBe(200);
    expect((await owner.get(`/iot/contact-groups/${g}/contacts`)).json().message).toBe('No such contact group');
    expect((await owner.get(`/iot/contacts/${a}`)).json().data.groups).toEqual([]);
  });
});
