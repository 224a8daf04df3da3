import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, buildProject, buildTag, mainAccount, messageFor, newSn } from './testing.ts';

let t: TestApp;
let owner: Caller;
let rival: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  rival = await mainAccount(t);
});
afterAll(() => t.close());

const add = (c: Caller, body: Record<string, unknown>) =>
  c.post('/iot/devices', { name: 'Boiler DTU', sn: newSn(), mac: 'D8:B0:4C:12:34:56', ...body });

/** The messages the add call gave for `field` when fed `body`. */
async function refusal(body: Record<string, unknown>, field: string): Promise<string[]> {
  const res = await add(owner, body);
  expect(res.statusCode, res.body).toBe(400);
  return messageFor(res.json(), field);
}

describe('adding a device', () => {
  it('adds by SN and MAC: SN upper-cased, MAC stored bare, a generated 8-character communication password', async () => {
    const res = await add(owner, { sn: 'ab345678901234567890', queryInterval: 3600, address: 'Boiler room' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      name: 'Boiler DTU',
      sn: 'AB345678901234567890',
      mac: 'D8B04C123456',
      deviceNo: null,
      queryInterval: 3600,
      enabled: true,
      status: 'offline',
      ownerId: owner.user.id,
      ownerAccount: owner.user.account,
    });
    expect(d.commPassword).toMatch(/^[A-Za-z0-9]{8}$/);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['user_id', 'target_id'])
      .where('action', '=', 'addDevices')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ user_id: owner.user.id, target_id: String(d.id) });
  });

  it('accepts a 15-character SN of letters and digits, and an IMEI instead of the MAC', async () => {
    const res = await add(owner, { sn: 'ABCDE1234567890', mac: undefined, imei: '860000000000011' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.imei).toBe('860000000000011');
  });

  it('checks the SN, MAC and IMEI formats, and that an SN comes with its MAC or IMEI', async () => {
    expect(await refusal({ sn: 'SHORT123' }, 'sn')).toEqual(['The SN must be 20 (or 15) letters or digits']);
    expect(await refusal({ sn: `${newSn().slice(0, 19)}-` }, 'sn')).toEqual([
      'The SN must be 20 (or 15) letters or digits',
    ]);
    expect(await refusal({ mac: undefined }, 'mac')).toEqual(['Adding a device by SN needs its MAC or IMEI']);
    expect(await refusal({ mac: 'D8B04C12345G' }, 'mac')).toEqual([
      'The MAC must be 12 hexadecimal digits (separators : or - allowed)',
    ]);
    expect(await refusal({ mac: undefined, imei: '86000000000001' }, 'imei')).toEqual(['The IMEI must be 15 digits']);
  });

  it('sends an IMEI-like SN (15 digits) to the no-SN route', async () => {
    expect(await refusal({ sn: '860000000000001' }, 'sn')).toEqual([
      'SN does not support direct adding (use the no-SN route)',
    ]);
  });

  it('adds by device ID (1-65535), or without one takes a cloud-assigned ID and password', async () => {
    const byId = await owner.post('/iot/devices', { name: 'Meter 7', deviceNo: 7 });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().data).toMatchObject({ deviceNo: 7, sn: null });
    expect(await refusal({ sn: undefined, deviceNo: 0 }, 'deviceNo')).toEqual([
      'The device ID must be a whole number 1-65535',
    ]);
    expect(await refusal({ sn: undefined, deviceNo: 65536 }, 'deviceNo')).toEqual([
      'The device ID must be a whole number 1-65535',
    ]);
    const first = (await owner.post('/iot/devices', { name: 'NB meter' })).json().data;
    const second = (await owner.post('/iot/devices', { name: 'NB meter 2' })).json().data;
    expect(first.deviceNo).toBeGreaterThan(65535);
    expect(second.deviceNo).toBe(first.deviceNo + 1);
    expect(first.commPassword).toHaveLength(8);
  });

  it('checks the communication password, querying frequency, name, remark, coordinates and tags', async () => {
    expect(await refusal({ commPassword: '1234567' }, 'commPassword')).toEqual([
      'The communication password must be exactly 8 characters',
    ]);
    expect(await refusal({ commPassword: '123456789' }, 'commPassword')).toEqual([
      'The communication password must be exactly 8 characters',
    ]);
    const interval =
      'The querying frequency must be 1, 2, 3, 5, 10, 15, 20 or 30 seconds or minutes, 1 or 5 hours, or 1, 5 or 15 days';
    expect(await refusal({ queryInterval: 4 }, 'queryInterval')).toEqual([interval]);
    expect(await refusal({ queryInterval: 7200 }, 'queryInterval')).toEqual([interval]);
    expect(await refusal({ name: '' }, 'name')).toEqual(['The device name must be 1-50 characters']);
    expect(await refusal({ name: 'x'.repeat(51) }, 'name')).toEqual(['The device name must be 1-50 characters']);
    expect(await refusal({ remark: 'x'.repeat(201) }, 'remark')).toEqual(['The remark may be at most 200 characters']);
    expect(await refusal({ latitude: 90.5 }, 'latitude')).toEqual(['The latitude must be between -90 and 90']);
    expect(await refusal({ longitude: -180.5 }, 'longitude')).toEqual(['The longitude must be between -180 and 180']);
    expect(await refusal({ tagIds: [1, 2, 3, 4] }, 'tagIds')).toEqual(['A device may have at most 3 tags']);
    const foreign = await buildTag(t, rival.user.id, 'Rival tag');
    expect(await refusal({ tagIds: [foreign] }, 'tagIds')).toEqual([`No such tag: ${foreign}`]);
  });

  it('refuses an owner outside the caller’s accounts and a project that is not theirs', async () => {
    expect(await refusal({ ownerId: rival.user.id }, 'ownerId')).toEqual([
      'The owner does not exist or is not an account below yours',
    ]);
    const theirs = await buildProject(t, rival.user.id, 'Rival plant');
    expect(await refusal({ projectId: theirs }, 'projectId')).toEqual(['No such project']);
  });

  it('takes only an uploaded jpg or png picture of at most 2 MB', async () => {
    expect(await refusal({ picture: 'image/202601/nothing.png' }, 'picture')).toEqual([
      'The picture must be an uploaded jpg or png image of at most 2 MB',
    ]);
    const file = {
      channel: 'LOCAL' as const,
      original_name: 'a',
      sha256: 'x',
      owner_id: owner.user.id,
      purpose: 'image' as const,
      protected: false,
      created_at: Date.now(),
    };
    await t.db.kysely
      .insertInto('files')
      .values([
        { ...file, path: 'image/202601/ok.png', content_type: 'image/png', size: 1000 },
        { ...file, path: 'image/202601/big.png', content_type: 'image/png', size: 3 * 1024 * 1024 },
        { ...file, path: 'attachment/202601/a.pdf', content_type: 'application/pdf', size: 1000 },
      ])
      .execute();
    expect((await add(owner, { picture: 'image/202601/ok.png' })).statusCode).toBe(200);
    for (const picture of ['image/202601/big.png', 'attachment/202601/a.pdf']) {
      expect(await refusal({ picture }, 'picture')).toEqual([
        'The picture must be an uploaded jpg or png image of at most 2 MB',
      ]);
    }
  });

  it('refuses a warranty that ends when (or before) it starts', async () => {
    const message = ['Start time must differ from end time, and the warranty must end after it starts'];
    expect(await refusal({ warrantyStart: 1_700_000_000_000, warrantyEnd: 1_700_000_000_000 }, 'warrantyEnd')).toEqual(
      message,
    );
    expect(await refusal({ warrantyStart: 1_700_000_000_000, warrantyEnd: 1_600_000_000_000 }, 'warrantyEnd')).toEqual(
      message,
    );
  });

  it('refuses a number already used, and an SN held by another owner’s disabled device', async () => {
    const sn = newSn();
    await buildDevice(owner, { sn });
    expect(await refusal({ sn }, 'sn')).toEqual([`Device numbers must differ: ${sn} is already used`]);
    await buildDevice(owner, { name: 'No 42', sn: undefined, deviceNo: 42 });
    expect(await refusal({ sn: undefined, deviceNo: 42 }, 'deviceNo')).toEqual([
      'Device numbers must differ: 42 is already used',
    ]);
    const elsewhere = newSn();
    const theirs = await buildDevice(rival, { sn: elsewhere });
    await rival.post(`/iot/devices/${theirs}/disable`);
    expect(await refusal({ sn: elsewhere.toLowerCase() }, 'sn')).toEqual([
      'Device disabled and in use on another cloud platform',
    ]);
  });
});

describe('adding in batches', () => {
  it('adds 100 numbered devices at once and refuses 0 or 101', async () => {
    const res = await owner.post('/iot/devices/batch', { count: 100, namePrefix: 'Line A-', startNo: 1000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ids).toHaveLength(100);
    const numbered = await t.db.kysely
      .selectFrom('devices')
      .select(['name', 'device_no'])
      .where('device_no', '>=', 1000)
      .where('device_no', '<', 1100)
      .orderBy('device_no')
      .execute();
    expect(numbered).toHaveLength(100);
    expect(numbered[0]).toEqual({ name: 'Line A-1000', device_no: 1000 });
    for (const count of [0, 101, 2.5]) {
      const bad = await owner.post('/iot/devices/batch', { count, namePrefix: 'X', startNo: 5000 });
      expect(bad.statusCode).toBe(400);
      expect(messageFor(bad.json(), 'count')).toEqual(['Devices added at once: 1-100']);
    }
    const tooMany = await owner.post('/iot/devices/batch', {
      devices: Array.from({ length: 101 }, (_, i) => ({ name: `D${i}`, deviceNo: 20000 + i })),
    });
    expect(messageFor(tooMany.json(), 'devices')).toEqual(['Devices added at once: 1-100']);
  });

  it('refuses numbers already used or repeated within the batch, adding none', async () => {
    const before = await t.db.kysely
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const overlap = await owner.post('/iot/devices/batch', { count: 5, namePrefix: 'B', startNo: 1098 });
    expect(overlap.statusCode).toBe(400);
    expect(messageFor(overlap.json(), 'deviceNo')).toEqual([
      'Device numbers must differ: 1098 is already used',
      'Device numbers must differ: 1099 is already used',
    ]);
    const sn = newSn();
    const repeated = await owner.post('/iot/devices/batch', {
      devices: [
        { name: 'One', sn, mac: 'D8B04C000001' },
        { name: 'Two', sn, mac: 'D8B04C000002' },
      ],
    });
    expect(messageFor(repeated.json(), 'devices[1].sn')).toEqual([`Device numbers must differ: ${sn} is already used`]);
    const range = await owner.post('/iot/devices/batch', { count: 10, namePrefix: 'C', startNo: 65530 });
    expect(messageFor(range.json(), 'count')).toEqual(['The starting device ID plus the count goes beyond 65535']);
    const after = await t.db.kysely
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });
});

describe('editing, enabling and deleting', () => {
  it('edits every field, and keeps the project once chosen', async () => {
    const first = await buildProject(t, owner.user.id, 'Plant 1');
    const second = await buildProject(t, owner.user.id, 'Plant 2');
    const tag = await buildTag(t, owner.user.id, 'Boilers');
    const id = await buildDevice(owner);
    const res = await owner.call('PUT', `/iot/devices/${id}`, {
      name: 'Renamed',
      projectId: first,
      tagIds: [tag],
      imei2: '860000000000099',
      loraNid: '00AF',
      protocol: 'modbusTcp',
      queryInterval: 86400,
      cloudConfig: false,
      latitude: 31.2,
      longitude: 121.5,
      version: '2.7.0',
      simIccid: '89860000000000000001',
      warrantyStart: 1_700_000_000_000,
      warrantyEnd: 1_800_000_000_000,
      remark: 'north wall',
      commPassword: 'Abcd1234',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Renamed',
      projectName: 'Plant 1',
      tags: [{ id: tag, name: 'Boilers' }],
      protocol: 'modbusTcp',
      queryInterval: 86400,
      cloudConfig: false,
      commPassword: 'Abcd1234',
      remark: 'north wall',
    });
    const moved = await owner.call('PUT', `/iot/devices/${id}`, { projectId: second });
    expect(moved.statusCode).toBe(400);
    expect(messageFor(moved.json(), 'projectId')).toEqual([
      "A device's project cannot be changed after it is selected",
    ]);
    const cleared = await owner.call('PUT', `/iot/devices/${id}`, { projectId: null });
    expect(messageFor(cleared.json(), 'projectId')).toEqual([
      "A device's project cannot be changed after it is selected",
    ]);
    expect((await owner.call('PUT', `/iot/devices/${id}`, { projectId: first })).statusCode).toBe(200);
    const badEnd = await owner.call('PUT', `/iot/devices/${id}`, { warrantyEnd: 1_600_000_000_000 });
    expect(messageFor(badEnd.json(), 'warrantyEnd')).toEqual([
      'Start time must differ from end time, and the warranty must end after it starts',
    ]);
  });

  it('disables and enables; a disabled device is offline', async () => {
    const id = await buildDevice(owner);
    await t.db.kysely.updateTable('devices').set({ status: 'online' }).where('id', '=', id).execute();
    const off = await owner.post(`/iot/devices/${id}/disable`);
    expect(off.json().data).toMatchObject({ enabled: false, status: 'offline' });
    const on = await owner.post(`/iot/devices/${id}/enable`);
    expect(on.json().data).toMatchObject({ enabled: true });
  });

  it('deletes a device with its tags and grants, and says "delete failed" when there is nothing to delete', async () => {
    const id = await buildDevice(owner);
    const tag = await buildTag(t, owner.user.id, 'Doomed');
    await owner.call('PUT', `/iot/devices/${id}`, { tagIds: [tag] });
    await t.db.kysely
      .insertInto('device_grants')
      .values({ device_id: id, user_id: rival.user.id, can_view: true, granted_by: owner.user.id, created_at: 1 })
      .execute();
    const res = await owner.call('DELETE', `/iot/devices/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    for (const table of ['device_tags', 'device_grants', 'devices'] as const) {
      const column = table === 'devices' ? 'id' : 'device_id';
      const rows = await t.db.kysely.selectFrom(table).select(column).where(column, '=', id).execute();
      expect(rows, table).toEqual([]);
    }
    const again = await owner.call('DELETE', `/iot/devices/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Delete failed: the device does not exist or you may not delete it');
  });
});
