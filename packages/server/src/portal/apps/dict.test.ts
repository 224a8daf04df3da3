import { DICT_TYPES } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../orgs/testing.ts';

let t: TestApp;
let user: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  user = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [10], userType: 'main', identityId: null }));
});
afterAll(() => t.close());

describe('code lists', () => {
  it("answers a list with its items in order, in the reader's language and with both labels", async () => {
    const res = await user.get('/apis-portal/dict/device_status');
    expect(res.json().data).toEqual({
      type: 'device_status',
      name: 'Device status',
      items: [
        { code: 'online', label: 'Online', labels: { 'zh-CN': '在线', en: 'Online' }, sort: 0 },
        { code: 'offline', label: 'Offline', labels: { 'zh-CN': '离线', en: 'Offline' }, sort: 1 },
        { code: 'alarm', label: 'Alarm', labels: { 'zh-CN': '报警', en: 'Alarm' }, sort: 2 },
        { code: 'fault', label: 'Fault', labels: { 'zh-CN': '故障', en: 'Fault' }, sort: 3 },
      ],
    });
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/apis-portal/dict/order_status',
      headers: { 'x-authorization': user.token, 'accept-language': 'zh-CN' },
    });
    expect(zh.json().data.items.map((i: { label: string }) => i.label)).toEqual([
      '未支付',
      '已支付',
      '已取消',
      '已过期',
    ]);
  });

  it('holds every type the specs name, and the query frequencies in seconds', async () => {
    for (const type of DICT_TYPES) {
      const res = await user.get(`/apis-portal/dict/${type}`);
      expect(res.json().data.items.length, type).toBeGreaterThanOrEqual(2);
    }
    const frequency = (await user.get('/apis-portal/dict/query_frequency')).json().data.items;
    expect(frequency.map((i: { code: string }) => i.code)).toEqual([
      '1',
      '2',
      '3',
      '5',
      '10',
      '15',
      '20',
      '30',
      '60',
      '120',
      '180',
      '300',
      '600',
      '900',
      '1200',
      '1800',
      '3600',
      '18000',
      '86400',
      '432000',
      '1296000',
    ]);
    expect(frequency[8].label).toBe('1 min');
  });

  it('says which list does not exist', async () => {
    expect((await user.get('/apis-portal/dict/nope')).json()).toEqual({
      code: 404,
      message: 'No such code list: nope',
      data: null,
    });
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/apis-portal/dict/device_status' });
    expect(res.json().code).toBe(10020);
  });
});
