import { featureAt } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser } from '../../../test/factories.ts';
import { filesEnv, multipart, png } from '../../../test/files.ts';
import { contextFor } from '../../platform/db/migrate.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { buildAlarm } from '../alarms/testing.ts';
import { buildDevice, mainAccount } from '../devices/testing.ts';
import * as migration from '../migrations/0041_work_orders.ts';
import * as notices from '../migrations/0059_work_order_notices.ts';

let t: TestApp;
let files: Awaited<ReturnType<typeof filesEnv>>;
let owner: Caller;
let dispatcher: Caller;
let engineer: Caller;
let strangerEngineer: Caller;
let deviceId: number;

/** A signed-in account of `role` below `parentId` (15 work-order administrator, 16 maintenance engineer). */
async function staff(parentId: number, role: number): Promise<Caller> {
  return callerFor(t, await buildUser(t.db.kysely, { roleIds: [role], userType: 'sub', parentId, identityId: null }));
}

async function upload(by: Caller, list: Array<{ name: string; bytes: Uint8Array }>) {
  const form = await multipart(list);
  return t.app.inject({
    method: 'POST',
    url: '/api/apis-third/file/upload/image?purpose=image',
    payload: form.payload,
    headers: { ...as(by.token), ...form.headers },
  });
}
async function picture(by: Caller): Promise<string> {
  const res = await upload(by, [{ name: 'pump.png', bytes: png(4, 4) }]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0].path;
}

const order = (change: Record<string, unknown> = {}) => ({
  type: 'repair',
  deviceId,
  description: 'Pump leaks at the seal',
  priority: 'high',
  ...change,
});
const countOrders = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('work_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function created(): Promise<number> {
  const res = await owner.post('/iot/work-orders', order());
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}
async function assigned(): Promise<number> {
  const id = await created();
  const res = await dispatcher.post(`/iot/work-orders/${id}/assign`, { assigneeId: engineer.user.id });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}
async function completed(): Promise<number> {
  const id = await assigned();
  expect((await engineer.post(`/iot/work-orders/${id}/accept`)).statusCode).toBe(200);
  const res = await engineer.post(`/iot/work-orders/${id}/complete`, { result: 'Seal replaced', pictures: [] });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

beforeAll(async () => {
  files = await filesEnv('LOCAL');
  t = await buildTestApp(files.env);
  owner = await mainAccount(t);
  dispatcher = await staff(owner.user.id, 15);
  engineer = await staff(owner.user.id, 16);
  const other = await mainAccount(t);
  strangerEngineer = await staff(other.user.id, 16);
  deviceId = await buildDevice(owner, { name: 'Pump 7' });
});
afterAll(async () => {
  await t.close();
  await files.close();
});

describe('a work order from report to confirmation', () => {
  it('is created, assigned, accepted, completed with photos and confirmed, each step on its timeline', async () => {
    const before = await picture(owner);
    const res = await owner.post('/iot/work-orders', order({ pictures: [before] }));
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data;
    expect(made).toMatchObject({ state: 'pending', deviceName: 'Pump 7', pictures: [before], overdue: null });
    expect(made.number).toMatch(/^WO\d{6}$/);

    const engineers = await dispatcher.get(`/iot/work-orders/${made.id}/engineers`);
    expect(engineers.json().data.map((e: { id: number }) => e.id)).toEqual([engineer.user.id]);
    const filter = await owner.get('/iot/work-orders/engineers');
    expect(filter.json().data.map((e: { id: number }) => e.id)).toEqual([engineer.user.id]);
    const sent = await dispatcher.post(`/iot/work-orders/${made.id}/assign`, { assigneeId: engineer.user.id });
    expect(sent.json().data).toMatchObject({ state: 'sent', assigneeId: engineer.user.id });

    // The engineer sees the order assigned to them though it is the owner's.
    const mine = await engineer.get(`/iot/work-orders?assigneeId=${engineer.user.id}`);
    expect(mine.json().data.list.map((o: { id: number }) => o.id)).toContain(made.id);
    expect((await engineer.post(`/iot/work-orders/${made.id}/accept`)).json().data.state).toBe('accepted');
    const after = await picture(engineer);
    const done = await engineer.post(`/iot/work-orders/${made.id}/complete`, {
      result: 'Seal replaced',
      pictures: [after],
    });
    expect(done.json().data).toMatchObject({ state: 'ended', result: 'Seal replaced', resultPictures: [after] });

    const closed = await owner.post(`/iot/work-orders/${made.id}/confirm`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.state).toBe('closed');
    expect(closed.json().data.timeline.map((s: { step: string }) => s.step)).toEqual([
      'created',
      'assigned',
      'accepted',
      'completed',
      'confirmed',
    ]);
  });

  it('goes back to its engineer when the owner reopens it, who accepts it again', async () => {
    const id = await completed();
    const res = await owner.post(`/iot/work-orders/${id}/reopen`, { reason: 'Still leaking' });
    expect(res.json().data).toMatchObject({ state: 'sent', assigneeId: engineer.user.id });
    expect(res.json().data.timeline.at(-1)).toMatchObject({ step: 'reopened', note: 'Still leaking' });
    expect((await engineer.post(`/iot/work-orders/${id}/accept`)).json().data.state).toBe('accepted');
  });

  it('is made from an alarm on the alarm’s device with its content', async () => {
    const alarm = await buildAlarm(t.db.kysely, {
      deviceId,
      ownerId: owner.user.id,
      triggerName: 'High pressure',
      content: 'Pressure 9.2 bar above 8',
      value: '9.2',
    });
    const res = await owner.post('/iot/work-orders', {
      ...order({ deviceId: 999_999, description: 'Pressure 9.2 bar above 8' }),
      alarmId: alarm,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ deviceId, alarmId: alarm, type: 'repair' });
  });

  it('flags an order not accepted within its priority’s response time', async () => {
    const id = await assigned();
    await t.db.kysely
      .updateTable('work_orders')
      .set({ sent_at: Date.now() - 5 * 3_600_000 })
      .where('id', '=', id)
      .execute();
    const list = await owner.get('/iot/work-orders?state=sent&size=100');
    const row = list.json().data.list.find((o: { id: number }) => o.id === id);
    expect(row.overdue).toBe('response');
  });
});

describe('refusals leave nothing half-saved', () => {
  it('refuses a sixth picture', async () => {
    const before = await countOrders();
    const six = await Promise.all(Array.from({ length: 6 }, () => picture(owner)));
    const res = await owner.post('/iot/work-orders', order({ pictures: six }));
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([{ field: 'pictures', msg: 'At most 5 pictures' }]);
    expect(await countOrders()).toBe(before);
  });

  it('refuses a picture that is not an image, at upload and on the order', async () => {
    const upload1 = await upload(owner, [{ name: 'pump.png', bytes: Buffer.from('not a picture at all') }]);
    expect(upload1.statusCode).toBe(400);
    const before = await countOrders();
    const res = await owner.post('/iot/work-orders', order({ pictures: ['/made/up.png'] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'pictures', msg: 'A picture is not valid: upload jpg or png images again' },
    ]);
    expect(await countOrders()).toBe(before);
  });

  it('refuses an engineer of another owner', async () => {
    const id = await created();
    const res = await dispatcher.post(`/iot/work-orders/${id}/assign`, { assigneeId: strangerEngineer.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'assigneeId', msg: 'The person chosen is not a maintenance engineer of the device’s account' },
    ]);
    const detail = await owner.get(`/iot/work-orders/${id}`);
    expect(detail.json().data).toMatchObject({ state: 'pending', assigneeId: null });
    expect(detail.json().data.timeline).toHaveLength(1);
  });

  it('refuses each transition to a role that may not make it', async () => {
    const id = await created();
    // The engineer may not assign, the owner's sub-user... the dispatcher may not accept or complete.
    expect((await engineer.post(`/iot/work-orders/${id}/assign`, { assigneeId: engineer.user.id })).statusCode).toBe(
      403,
    );
    await dispatcher.post(`/iot/work-orders/${id}/assign`, { assigneeId: engineer.user.id });
    expect((await dispatcher.post(`/iot/work-orders/${id}/accept`)).statusCode).toBe(403);
    // The owner holds every code, but only the assigned engineer handles the order.
    const notMine = await owner.post(`/iot/work-orders/${id}/accept`);
    expect([notMine.statusCode, notMine.json().message]).toEqual([
      403,
      'This work order is not assigned to you: only its engineer can handle it',
    ]);
    expect((await engineer.post(`/iot/work-orders/${id}/confirm`)).statusCode).toBe(403);
    const early = await owner.post(`/iot/work-orders/${id}/confirm`);
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      'The work order is “Assigned”: it cannot be confirmed now',
    ]);
    const detail = await owner.get(`/iot/work-orders/${id}`);
    expect(detail.json().data.state).toBe('sent');
    expect(detail.json().data.timeline).toHaveLength(2);
  });

  it('answers “work order is over” to any action on a confirmed order, in English and Chinese', async () => {
    const id = await completed();
    await owner.post(`/iot/work-orders/${id}/confirm`);
    const again = await owner.post(`/iot/work-orders/${id}/reopen`, { reason: 'Leaks again' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'The work order is over']);
    const zh = await t.app.inject({
      method: 'POST',
      url: `/api/iot/work-orders/${id}/assign`,
      headers: { ...as(dispatcher.token), 'accept-language': 'zh-CN' },
      payload: { assigneeId: engineer.user.id },
    });
    expect([zh.statusCode, zh.json().message]).toEqual([409, '工单已结束']);
    expect((await owner.get(`/iot/work-orders/${id}`)).json().data.timeline).toHaveLength(5);
  });
});

describe('checking in on site', () => {
  const here = { latitude: 31.23042, longitude: 121.47377, accuracy: 12.4 };

  it('puts the engineer’s location on the timeline, once the order is accepted', async () => {
    const id = await assigned();
    const early = await engineer.post(`/iot/work-orders/${id}/check-in`, here);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The work order is “Assigned”: it cannot be checked in now');
    expect((await engineer.post(`/iot/work-orders/${id}/accept`)).statusCode).toBe(200);
    const res = await engineer.post(`/iot/work-orders/${id}/check-in`, here);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe('accepted');
    expect(res.json().data.timeline.at(-1)).toMatchObject({
      step: 'checkedIn',
      latitude: 31.23042,
      longitude: 121.47377,
      note: '±12 m',
    });
  });

  it('is the assigned engineer’s alone, needs a real location, and ends with the order', async () => {
    const id = await assigned();
    expect((await engineer.post(`/iot/work-orders/${id}/accept`)).statusCode).toBe(200);
    // Another engineer does not see the order; the owner sees it and may not check in for the engineer.
    const other = await staff(owner.user.id, 16);
    expect((await other.post(`/iot/work-orders/${id}/check-in`, here)).statusCode).toBe(404);
    const notTheirs = await owner.post(`/iot/work-orders/${id}/check-in`, here);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toBe('This work order is not assigned to you: only its engineer can handle it');
    const wrong = await engineer.post(`/iot/work-orders/${id}/check-in`, { latitude: 91, longitude: 'east' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data).toEqual([
      { field: 'latitude', msg: 'Your location could not be read: allow location access and try again' },
      { field: 'longitude', msg: 'Your location could not be read: allow location access and try again' },
    ]);
    const steps = await t.db.kysely.selectFrom('work_order_steps').select('step').where('order_id', '=', id).execute();
    expect(steps.map((r) => r.step)).toEqual(['created', 'assigned', 'accepted']);
    const done = await completed();
    expect((await owner.post(`/iot/work-orders/${done}/confirm`)).statusCode).toBe(200);
    const over = await engineer.post(`/iot/work-orders/${done}/check-in`, here);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('The work order is over');
  });
});

describe('the built-in roles', () => {
  it('hold only work-order codes the role editor knows, so that each can be saved again', async () => {
    // Down and up again: the built-in grants go back and forth, the made role loses `edit` and `delete`.
    const ctx = contextFor(t.db.kysely as Kysely<unknown>, t.db.engine);
    // The notices' table refers to the orders' (0059): it goes first and comes back last.
    await notices.down(ctx);
    await migration.down(ctx);
    // The test account's role, as if someone had ticked edit and delete in the role editor.
    await t.db.kysely
      .updateTable('role_permissions')
      .set({ perms: 'view,edit,delete' })
      .where('role_id', '=', 19)
      .where('path', '=', '/iot/workOrders')
      .execute();
    await migration.up(ctx);
    await notices.up(ctx);

    const codes = featureAt('/iot/workOrders')?.codes ?? [];
    const rows = await t.db.kysely
      .selectFrom('role_permissions')
      .select(['role_id', 'perms'])
      .where('path', '=', '/iot/workOrders')
      .orderBy('role_id')
      .execute();
    const unknown = rows.flatMap((r) => r.perms.split(',').filter((c) => c !== '*' && !codes.includes(c)));
    expect(unknown).toEqual([]);
    expect(rows.map((r) => [Number(r.role_id), r.perms])).toContainEqual([16, 'view,handle']);
    expect(rows.find((r) => Number(r.role_id) === 19)?.perms).toBe('view');
  });
});
