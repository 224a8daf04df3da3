import { utils, write } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/files.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { sampleTemplate } from '../templates/testing.ts';
import { mainAccount, newSn } from './testing.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A template of `c` with `slaves` slaves (one point on the first). */
async function templateWith(c: Caller, name: string, slaves: number): Promise<number> {
  const res = await c.post(
    '/iot/templates',
    sampleTemplate(name, {
      slaves: Array.from({ length: slaves }, (_, i) => ({ index: i + 1, name: `Meter ${i + 1}`, address: i + 1 })),
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

const setQuota = (userId: number, quota: number | null) =>
  t.db.kysely.updateTable('users').set({ slave_quota: quota }).where('id', '=', userId).execute();

const device = (templateId: number | null, extra: Record<string, unknown> = {}) => ({
  name: 'Boiler',
  sn: newSn(),
  mac: 'D8B04C123456',
  templateId,
  ...extra,
});

const deviceCount = async (ownerId: number) =>
  Number(
    (
      await t.db.kysely
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

const exceeded = (account: string, quota: number, used: number, count: number) =>
  `Slave-count authorization exceeded: account ${account} is authorized for ${quota} slaves and uses ${used}; this would make ${count}`;

describe('slave-count authorization of an account', () => {
  it('bounds the slaves of the devices added, one at a time, in a batch or by import, in both languages', async () => {
    const owner = await mainAccount(t);
    const account = owner.user.account;
    const two = await templateWith(owner, 'Two Slaves', 2);
    await setQuota(owner.user.id, 3);

    expect((await owner.post('/iot/devices', device(two))).statusCode).toBe(200);
    const over = await owner.post('/iot/devices', device(two));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(exceeded(account, 3, 2, 4));
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/iot/devices',
      headers: { ...as(owner.token), 'accept-language': 'zh-CN' },
      payload: device(two),
    });
    expect(zh.json().message).toBe(`超出从机数量授权：账号 ${account} 授权 3 个从机，已使用 2 个，此操作后将为 4 个`);
    // A device without a template uses no slaves.
    expect((await owner.post('/iot/devices', device(null))).statusCode).toBe(200);

    const batch = await owner.post('/iot/devices/batch', {
      count: 2,
      namePrefix: 'Pump ',
      startNo: 4100,
      templateId: two,
    });
    expect(batch.json().message).toBe(exceeded(account, 3, 2, 6));
    const list = await owner.post('/iot/devices/batch', { devices: [device(null), device(two)] });
    expect(list.json().message).toBe(exceeded(account, 3, 2, 4));
    expect(await deviceCount(owner.user.id)).toBe(2);

    const book = utils.book_new();
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet([
        ['*Device name', 'SN', 'MAC', 'Device model (template ID)'],
        ['Import 1', newSn(), 'D8B04C000001', two],
      ]),
      'Devices',
    );
    const form = await multipart([{ name: 'devices.xlsx', bytes: write(book, { type: 'buffer', bookType: 'xlsx' }) }]);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/iot/devices/import',
      headers: { ...as(owner.token), ...form.headers },
      payload: form.payload,
    });
    expect(imported.statusCode).toBe(409);
    expect(imported.json().message).toBe(exceeded(account, 3, 2, 4));
    expect(await deviceCount(owner.user.id)).toBe(2);

    // Raising the quota lets the same import in.
    await setQuota(owner.user.id, 4);
    const again = await multipart([{ name: 'devices.xlsx', bytes: write(book, { type: 'buffer', bookType: 'xlsx' }) }]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/iot/devices/import',
      headers: { ...as(owner.token), ...again.headers },
      payload: again.payload,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('bounds applying a template, to one device or many, and editing a device onto a template', async () => {
    const owner = await mainAccount(t);
    const account = owner.user.account;
    const one = await templateWith(owner, 'One Slave', 1);
    const three = await templateWith(owner, 'Three Slaves', 3);
    const a = (await owner.post('/iot/devices', device(one))).json().data.id as number;
    const b = (await owner.post('/iot/devices', device(one))).json().data.id as number;
    await setQuota(owner.user.id, 4);

    // Single application: device a goes from 1 to 3 slaves, 2 + 2 = 4 in all.
    expect((await owner.post(`/iot/templates/${three}/apply`, { deviceIds: [a] })).statusCode).toBe(200);
    const many = await owner.post(`/iot/templates/${three}/apply`, { deviceIds: [a, b] });
    expect(many.statusCode).toBe(409);
    expect(many.json().message).toBe(exceeded(account, 4, 4, 6));
    const edit = await owner.call('PUT', `/iot/devices/${b}`, { templateId: three });
    expect(edit.json().message).toBe(exceeded(account, 4, 4, 6));
    // Moving a device to a template with fewer slaves is never refused, even over a lowered quota.
    await setQuota(owner.user.id, 1);
    expect((await owner.post(`/iot/templates/${one}/apply`, { deviceIds: [a, b] })).statusCode).toBe(200);
  });

  it('bounds adding slaves to a template in use, not to one no device uses', async () => {
    const owner = await mainAccount(t);
    const used = await templateWith(owner, 'Used Template', 1);
    const idle = await templateWith(owner, 'Idle Template', 1);
    await owner.post('/iot/devices', device(used));
    await owner.post('/iot/devices', device(used));
    await setQuota(owner.user.id, 3);
    const slaves = [
      { index: 1, name: 'Meter 1', address: 1 },
      { index: 2, name: 'Meter 2', address: 2 },
    ];
    const grown = await owner.call('PUT', `/iot/templates/${used}`, sampleTemplate('Used Template', { slaves }));
    expect(grown.statusCode).toBe(409);
    expect(grown.json().message).toBe(exceeded(owner.user.account, 3, 2, 4));
    const idleGrown = await owner.call('PUT', `/iot/templates/${idle}`, sampleTemplate('Idle Template', { slaves }));
    expect(idleGrown.statusCode).toBe(200);
  });
});

describe("a sub-user's slave-count authorization", () => {
  it('bounds the devices owned below it, and the parent’s quota counts its sub-users’ devices', async () => {
    const owner = await mainAccount(t);
    const sub = await buildUser(t.db.kysely, {
      roleIds: [11],
      userType: 'sub',
      parentId: owner.user.id,
      identityId: null,
    });
    const two = await templateWith(owner, 'Pair Of Meters', 2);
    const set = await owner.call('PUT', `/iot/users/${sub.id}/device-authorization`, { slaveQuota: 3 });
    expect(set.statusCode).toBe(200);

    expect((await owner.post('/iot/devices', device(two, { ownerId: sub.id }))).statusCode).toBe(200);
    const over = await owner.post('/iot/devices', device(two, { ownerId: sub.id }));
    expect(over.json().message).toBe(exceeded(sub.account, 3, 2, 4));
    // Handing a device of the owner's to the sub-user is checked the same way.
    const mine = (await owner.post('/iot/devices', device(two))).json().data.id as number;
    const handed = await owner.call('PUT', `/iot/devices/${mine}`, { ownerId: sub.id });
    expect(handed.json().message).toBe(exceeded(sub.account, 3, 2, 4));

    await setQuota(owner.user.id, 5);
    const parentOver = await owner.post('/iot/devices', device(two));
    expect(parentOver.json().message).toBe(exceeded(owner.user.account, 5, 4, 6));
  });

  it('gives a test account 3 slaves free when no quota is set', async () => {
    const owner = await mainAccount(t);
    const tester = await buildUser(t.db.kysely, {
      roleIds: [19],
      userType: 'sub',
      parentId: owner.user.id,
      identityId: null,
    });
    const four = await templateWith(owner, 'Four Meters', 4);
    const three = await templateWith(owner, 'Three Meters', 3);
    const over = await owner.post('/iot/devices', device(four, { ownerId: tester.id }));
    expect(over.json().message).toBe(exceeded(tester.account, 3, 0, 4));
    expect((await owner.post('/iot/devices', device(three, { ownerId: tester.id }))).statusCode).toBe(200);
  });
});
