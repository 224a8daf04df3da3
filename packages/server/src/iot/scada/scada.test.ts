import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { filesEnv, uploadPicture } from '../../../test/files.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, messageFor, subUser } from '../devices/testing.ts';
import { sampleTemplate } from '../templates/testing.ts';

let t: TestApp;
let files: Awaited<ReturnType<typeof filesEnv>>;
let owner: Caller;
let stranger: Caller;
let deviceId: number;
let pointId: number;
let strangerDevice: number;
let strangerPoint: number;

async function deviceWithTemplate(c: Caller, name: string) {
  const made = await c.post('/iot/templates', sampleTemplate(name));
  expect(made.statusCode, made.body).toBe(200);
  const template = made.json().data as { id: number; points: Array<{ id: number }> };
  const id = await buildDevice(c, { templateId: template.id });
  return { id, pointId: template.points[0]?.id ?? 0 };
}

const tank = (binding: { deviceId: number; pointId: number } | null, change: Record<string, unknown> = {}) => ({
  id: 'tank-1',
  kind: 'tank',
  x: 100,
  y: 80,
  width: 80,
  height: 160,
  rotation: 0,
  text: 'Raw water',
  binding,
  ...change,
});
const documentWith = (elements: unknown[], change: Record<string, unknown> = {}) => ({
  format: 1,
  width: 1280,
  height: 720,
  grid: 10,
  background: null,
  elements,
  ...change,
});

async function newScreen(c: Caller, name = 'Pump station') {
  const res = await c.post('/iot/scada', { name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; revision: number };
}

beforeAll(async () => {
  files = await filesEnv('LOCAL');
  t = await buildTestApp(files.env);
  owner = await mainAccount(t);
  stranger = await mainAccount(t);
  ({ id: deviceId, pointId } = await deviceWithTemplate(owner, 'Pump Station Template'));
  ({ id: strangerDevice, pointId: strangerPoint } = await deviceWithTemplate(stranger, 'Other Template'));
});
afterAll(async () => {
  await t?.close();
  await files?.close();
});

describe('cloud configuration', () => {
  it('creates a configuration, saves a tank bound to a point, and opens it again', async () => {
    const screen = await newScreen(owner);
    expect(screen.revision).toBe(1);
    const saved = await owner.call('PUT', `/iot/scada/${screen.id}`, {
      name: 'Pump station',
      sharing: 'closed',
      revision: 1,
      document: documentWith([tank({ deviceId, pointId })]),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = (await owner.get(`/iot/scada/${screen.id}?version=draft`)).json().data;
    expect(detail).toMatchObject({ name: 'Pump station', revision: 2, elementCount: 1, editable: true });
    expect(detail.document.elements[0]).toMatchObject({
      kind: 'tank',
      binding: { deviceId, pointId },
      min: 0,
      max: 100,
    });
    const list = (await owner.get('/iot/scada?keyword=pump')).json().data;
    expect(list.list.map((s: { id: number }) => s.id)).toContain(screen.id);
  });

  it('refuses a name that is empty or over 40 characters and keeps the stored one', async () => {
    const empty = await owner.post('/iot/scada', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(messageFor(empty.json(), 'name')).toEqual(['Give the configuration a name (at most 40 characters)']);
    const screen = await newScreen(owner, 'Boiler');
    const long = await owner.call('PUT', `/iot/scada/${screen.id}`, {
      name: 'x'.repeat(41),
      sharing: 'closed',
      revision: 1,
      document: documentWith([]),
    });
    expect(long.statusCode).toBe(400);
    expect(messageFor(long.json(), 'name')).toEqual(['Give the configuration a name (at most 40 characters)']);
    const fine = await owner.call('PUT', `/iot/scada/${screen.id}`, {
      name: '泵'.repeat(40),
      sharing: 'closed',
      revision: 1,
      document: documentWith([]),
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses a binding to a device the caller may not see, or to a point not of its template, saving nothing', async () => {
    const screen = await newScreen(owner, 'Mixed');
    for (const binding of [
      { deviceId: strangerDevice, pointId: strangerPoint },
      { deviceId, pointId: strangerPoint },
    ]) {
      const res = await owner.call('PUT', `/iot/scada/${screen.id}`, {
        name: 'Mixed',
        sharing: 'closed',
        revision: 1,
        document: documentWith([
          tank({ deviceId, pointId }, { id: 'ok' }),
          tank(binding, { id: 'bad', text: 'Tank B' }),
        ]),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Component “Tank B” is bound to a device or data point that does not exist or that you may not see',
      );
      expect(messageFor(res.json(), 'document.elements.1.binding')).toHaveLength(1);
    }
    const detail = (await owner.get(`/iot/scada/${screen.id}`)).json().data;
    expect(detail).toMatchObject({ revision: 1, elementCount: 0 });
    expect(detail.document.elements).toEqual([]);
  });

  it('tells the second of two editors that someone saved in between', async () => {
    const screen = await newScreen(owner, 'Race');
    const body = { name: 'Race', sharing: 'closed', revision: 1, document: documentWith([]) };
    expect((await owner.call('PUT', `/iot/scada/${screen.id}`, body)).statusCode).toBe(200);
    const late = await owner.call('PUT', `/iot/scada/${screen.id}`, body);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Someone else saved this configuration (revision 2): open it again and redo your change',
    );
  });

  it('shows an open configuration to the sub-users below, read-only; a closed one not at all', async () => {
    const sub = await subUser(t, owner.user.id);
    const open = await owner.post('/iot/scada', { name: 'Shared', sharing: 'open' });
    const closed = await newScreen(owner, 'Private');
    const openId = open.json().data.id;
    const seen = (await sub.get('/iot/scada')).json().data.list.map((s: { id: number }) => s.id);
    expect(seen).toContain(openId);
    expect(seen).not.toContain(closed.id);
    expect((await sub.get(`/iot/scada/${openId}`)).json().data).toMatchObject({ name: 'Shared', editable: false });
    expect((await sub.get(`/iot/scada/${closed.id}`)).statusCode).toBe(404);
    const write = await sub.call('PUT', `/iot/scada/${openId}`, {
      name: 'Mine now',
      sharing: 'open',
      revision: 1,
      document: documentWith([]),
    });
    expect(write.statusCode).toBe(403);
    expect((await stranger.get(`/iot/scada/${openId}`)).statusCode).toBe(404);
  });

  it('says "no permission" to a user with neither view nor operate permission', async () => {
    const screen = await newScreen(owner, 'Guarded');
    // Role 15, the work-order administrator, holds no cloud configuration permission.
    const admin = await callerFor(
      t,
      await buildUser(t.db.kysely, { roleIds: [15], userType: 'sub', parentId: owner.user.id, identityId: null }),
    );
    const res = await admin.get(`/iot/scada/${screen.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No permission: viewing a configuration needs view or operate permission');
    expect((await admin.get('/iot/scada')).statusCode).toBe(403);
  });

  it('takes a background picture the caller uploaded, and refuses one that is not', async () => {
    const screen = await newScreen(owner, 'With background');
    const path = await uploadPicture(t.app, owner.token, 'plant.png');
    const save = (background: string, revision: number) =>
      owner.call('PUT', `/iot/scada/${screen.id}`, {
        name: 'With background',
        sharing: 'closed',
        revision,
        document: documentWith([], { background }),
      });
    const refused = await save('/files/not-uploaded.png', 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The background must be a jpg or png picture you uploaded');
    const taken = await save(path, 1);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data.document.background).toBe(path);
  });

  it('saves the rest of the palette: a picture of the caller’s, a speed rule, a gauge and a trend; refuses what is not', async () => {
    const screen = await newScreen(owner, 'Palette');
    const mine = await uploadPicture(t.app, owner.token, 'pump.png');
    const theirs = await uploadPicture(t.app, stranger.token, 'theirs.png');
    const image = (picture: string) => tank(null, { id: 'photo', kind: 'image', text: 'Photo', picture });
    const pump = (speed: unknown) => tank({ deviceId, pointId }, { id: 'pump', kind: 'pump', speed });
    const rest = [
      tank({ deviceId, pointId }, { id: 'gauge', kind: 'gauge', min: 0, max: 80 }),
      tank({ deviceId, pointId }, { id: 'trend', kind: 'trend', samples: 120 }),
      ...['motor', 'fan', 'bar', 'line', 'rectangle', 'ellipse'].map((kind) => tank(null, { id: kind, kind })),
    ];
    let revision = 1;
    const save = (elements: unknown[]) =>
      owner.call('PUT', `/iot/scada/${screen.id}`, {
        name: 'Palette',
        sharing: 'closed',
        revision,
        document: documentWith(elements),
      });
    const speed = { from: 0, to: 80, slowest: 0.5, fastest: 3 };
    const saved = await save([image(mine), pump(speed), ...rest]);
    expect(saved.statusCode, saved.body).toBe(200);
    revision = saved.json().data.revision;
    const stored = saved.json().data.document.elements;
    expect(stored.map((e: { kind: string }) => e.kind)).toEqual([
      'image',
      'pump',
      'gauge',
      'trend',
      'motor',
      'fan',
      'bar',
      'line',
      'rectangle',
      'ellipse',
    ]);
    expect(stored[0].picture).toBe(mine);
    expect(stored[1].speed).toEqual(speed);
    expect(stored[3].samples).toBe(120);

    const foreign = await save([image(theirs)]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('The picture of component “Photo” must be a jpg or png picture you uploaded');
    expect((await save([image('/files/nowhere.png')])).statusCode).toBe(400);
    const upsideDown = await save([pump({ from: 80, to: 0, slowest: 0.5, fastest: 3 })]);
    expect(upsideDown.statusCode).toBe(400);
    expect(messageFor(upsideDown.json(), 'document.elements[0].speed.to')).toEqual([
      'The speed range must end above where it starts',
    ]);
    const endless = await save([tank({ deviceId, pointId }, { id: 'trend', kind: 'trend', samples: 601 })]);
    expect(messageFor(endless.json(), 'document.elements[0].samples')).toEqual(['A trend shows 2 to 600 values']);
    // Nothing of the refused saves was kept: the draft is the one saved.
    const detail = (await owner.get(`/iot/scada/${screen.id}?version=draft`)).json().data;
    expect(detail.revision).toBe(revision);
    expect(detail.document.elements).toHaveLength(10);
  });
});
