import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { insertDevice, mainAccount, meterTemplate, samplePoint, sampleTemplate, waterTemplate } from './testing.ts';

let t: TestApp;
let owner: Caller;
let rival: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  rival = await mainAccount(t);
});
afterAll(() => t.close());

async function createTemplate(c: Caller, name: string, change: Record<string, unknown> = {}) {
  const res = await c.post('/iot/templates', sampleTemplate(name, change));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; slaves: Array<{ id: number }>; points: Array<{ id: number; name: string }> };
}
const templateOf = async (id: number) => (await owner.get(`/iot/templates/${id}`)).json().data;

describe('templates', () => {
  it('creates a template with its slaves and points, addresses read in decimal or hex, and audits it', async () => {
    const created = await createTemplate(owner, 'Warehouse Sensor');
    const detail = await templateOf(created.id);
    expect(detail).toMatchObject({
      name: 'Warehouse Sensor',
      protocol: 'modbusRtu',
      library: false,
      slaveCount: 1,
      pointCount: 2,
      deviceCount: 0,
      slaves: [{ index: 1, name: 'Transmitter', address: 1, ip: null, port: null, deviceNo: null }],
      points: [
        {
          name: 'Humidity',
          registerAddress: 0,
          variant: 'uint16',
          formula: 'x / 10',
          storage: 'timed',
          amplitude: null,
        },
        { name: 'Temperature', registerAddress: 1, variant: 'int16', storage: 'onChange', amplitude: 0.5, sort: 1 },
      ],
    });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['user_id', 'target_id'])
      .where('action', '=', 'createTemplate')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ user_id: owner.user.id, target_id: String(created.id) });
  });

  it('refuses a second template of the same name for one owner, not for another', async () => {
    await createTemplate(owner, 'Boiler Room');
    const again = await owner.post('/iot/templates', sampleTemplate('Boiler Room'));
    expect(again.json()).toMatchObject({ code: 409, message: 'You already have a template named Boiler Room' });
    await createTemplate(rival, 'Boiler Room');
  });

  it('lists own templates with counts, by keyword, a page at a time', async () => {
    const listed = await createTemplate(owner, 'Listed Pump House');
    await insertDevice(t, owner.user.id, listed.id);
    const res = await owner.get('/iot/templates?keyword=Pump%20House&page=1&size=5');
    expect(res.json().data).toEqual({
      list: [
        expect.objectContaining({ id: listed.id, slaveCount: 1, pointCount: 2, deviceCount: 1, protocol: 'modbusRtu' }),
      ],
      total: 1,
      page: 1,
      size: 5,
    });
    // Any case, on both engines; LIKE's wildcards taken literally.
    expect((await owner.get('/iot/templates?keyword=pump%20HOUSE')).json().data.total).toBe(1);
    expect((await owner.get('/iot/templates?keyword=%25')).json().data.total).toBe(0);
    const names = (await rival.get('/iot/templates?size=100')).json().data.list.map((x: { name: string }) => x.name);
    expect(names).toEqual(['Boiler Room']);
  });

  it('replaces a whole template, keeping the ids of the slaves and points it is sent with', async () => {
    const made = await createTemplate(owner, 'Replace Me');
    const [humidity] = made.points;
    const body = sampleTemplate('Replaced Template', {
      slaves: [
        { id: made.slaves[0]?.id, index: 2, name: 'Renumbered', address: 1 },
        { index: 1, name: 'New slave', address: 2 },
      ],
      points: [
        samplePoint({ id: humidity?.id, slaveIndex: 2, name: 'Humidity' }),
        samplePoint({ slaveIndex: 1, name: 'Fresh point', variant: 'float32CdAb', registerLength: 2 }),
      ],
    });
    const res = await owner.call('PUT', `/iot/templates/${made.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect(detail.name).toBe('Replaced Template');
    expect(detail.slaves.map((s: { id: number; index: number }) => [s.index, s.id === made.slaves[0]?.id])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(detail.points.map((p: { id: number; name: string; slaveIndex: number }) => [p.name, p.slaveIndex])).toEqual([
      ['Humidity', 2],
      ['Fresh point', 1],
    ]);
    expect(detail.points[0].id).toBe(humidity?.id);
    const left = await t.db.kysely
      .selectFrom('template_points')
      .select('name')
      .where('template_id', '=', made.id)
      .execute();
    expect(left.map((p) => p.name).sort()).toEqual(['Fresh point', 'Humidity']);
  });

  it('reports every broken rule of a replacement at its field and changes nothing', async () => {
    const made = await createTemplate(owner, 'Keep Me Whole');
    const points = [0, 1, 2, 3].map((i) => samplePoint({ name: `Point ${i}`, registerAddress: String(i) }));
    points[3] = samplePoint({ name: 'Point 3', registerAddress: '3', variant: 'float32AbCd', registerLength: 1 });
    const res = await owner.call('PUT', `/iot/templates/${made.id}`, sampleTemplate('Keep Me Whole', { points }));
    expect(res.json()).toEqual({
      code: 400,
      message: 'Some fields are not valid',
      data: [{ field: 'points[3].registerLength', msg: 'Data format incorrect: float32AbCd takes 2 register(s)' }],
    });
    expect((await templateOf(made.id)).pointCount).toBe(2);
  });

  it('copies a template under a free name', async () => {
    const made = await createTemplate(owner, 'Copy Source');
    const first = await owner.post(`/iot/templates/${made.id}/copy`, {});
    expect(first.json().data).toMatchObject({ name: 'Copy Source copy', pointCount: 2, slaveCount: 1 });
    const second = await owner.post(`/iot/templates/${made.id}/copy`);
    expect(second.json().data.name).toBe('Copy Source copy 2');
    const named = await owner.post(`/iot/templates/${made.id}/copy`, { name: 'Copy Source copy' });
    expect(named.json().message).toBe('You already have a template named Copy Source copy');
  });
});

describe('applying and deleting', () => {
  it('applies a template to own devices (Template and Single Application) and refuses another owner’s device', async () => {
    const made = await createTemplate(owner, 'Apply Target');
    const mine = [await insertDevice(t, owner.user.id), await insertDevice(t, owner.user.id)];
    const theirs = await insertDevice(t, rival.user.id);
    const single = await owner.post(`/iot/templates/${made.id}/apply`, { deviceIds: [mine[0]] });
    expect(single.json().data).toEqual({ applied: 1 });
    const refused = await owner.post(`/iot/templates/${made.id}/apply`, { deviceIds: [mine[1], theirs] });
    expect(refused.json()).toEqual({
      code: 403,
      message: `These devices do not exist or you may not edit them: ${theirs}`,
      data: { deviceIds: [theirs] },
    });
    const rows = await t.db.kysely
      .selectFrom('devices')
      .select(['id', 'template_id'])
      .where('id', 'in', [...mine, theirs])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.template_id)).toEqual([made.id, null, null]);
    const many = await owner.post(`/iot/templates/${made.id}/apply`, { deviceIds: mine });
    expect(many.json().data).toEqual({ applied: 2 });
    expect((await templateOf(made.id)).deviceCount).toBe(2);
  });

  it('refuses templates to a sub-user, whose role holds no template rights', async () => {
    const sub = await callerFor(
      t,
      await buildUser(t.db.kysely, { roleIds: [11], userType: 'sub', parentId: owner.user.id, identityId: null }),
    );
    expect((await sub.get('/iot/templates')).json()).toMatchObject({ code: 403 });
  });

  it('refuses to delete a template while devices use it, naming how many, and deletes it after', async () => {
    const made = await createTemplate(owner, 'Delete Later');
    await insertDevice(t, owner.user.id, made.id);
    await insertDevice(t, owner.user.id, made.id);
    const refused = await owner.call('DELETE', `/iot/templates/${made.id}`);
    expect(refused.json()).toEqual({
      code: 409,
      message: 'Delete failed: 2 device(s) use this template; give them another template first',
      data: { deviceCount: 2 },
    });
    await t.db.kysely.updateTable('devices').set({ template_id: null }).where('template_id', '=', made.id).execute();
    const deleted = await owner.call('DELETE', `/iot/templates/${made.id}`);
    expect(deleted.json()).toMatchObject({ code: 200 });
    expect((await owner.get(`/iot/templates/${made.id}`)).statusCode).toBe(404);
    const slaves = await t.db.kysely
      .selectFrom('template_slaves')
      .select('id')
      .where('template_id', '=', made.id)
      .execute();
    expect(slaves).toEqual([]);
  });

  it('keeps one owner from reading, editing, copying, applying or deleting another’s template', async () => {
    const made = await createTemplate(owner, 'Private Template');
    const device = await insertDevice(t, rival.user.id);
    const notFound = { code: 404, message: 'No such template, or it is not yours', data: null };
    expect((await rival.get(`/iot/templates/${made.id}`)).json()).toEqual(notFound);
    expect((await rival.call('PUT', `/iot/templates/${made.id}`, sampleTemplate('Taken Over'))).json()).toEqual(
      notFound,
    );
    expect((await rival.post(`/iot/templates/${made.id}/copy`, {})).json()).toEqual(notFound);
    expect((await rival.post(`/iot/templates/${made.id}/apply`, { deviceIds: [device] })).json()).toEqual(notFound);
    expect((await rival.call('DELETE', `/iot/templates/${made.id}`)).json()).toEqual(notFound);
    expect((await templateOf(made.id)).name).toBe('Private Template');
  });
});

describe('the Communication Protocol screen', () => {
  it("lists every protocol with the caller's templates that use it, and no one else's", async () => {
    const mine = await mainAccount(t);
    const theirs = await mainAccount(t);
    await mine.post('/iot/templates', meterTemplate('Meters of mine'));
    await mine.post('/iot/templates', waterTemplate('Water meters of mine'));
    await createTemplate(mine, 'Sensors of mine');
    await theirs.post('/iot/templates', meterTemplate('Meters of theirs'));
    const res = await mine.get('/iot/templates/protocols');
    expect(res.statusCode, res.body).toBe(200);
    const usage = res.json().data as Array<{
      protocol: string;
      templateCount: number;
      templates: Array<{ name: string }>;
    }>;
    expect(usage.map((u) => [u.protocol, u.templateCount, u.templates.map((x) => x.name)])).toEqual([
      ['modbusRtu', 1, ['Sensors of mine']],
      ['modbusTcp', 0, []],
      ['dlt645', 1, ['Meters of mine']],
      ['cjt188', 1, ['Water meters of mine']],
      ['custom', 0, []],
      ['mqttJson', 0, []],
      ['httpJson', 0, []],
    ]);
  });
});
