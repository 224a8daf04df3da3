import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { sampleTemplate } from '../templates/testing.ts';
import { buildDevice, buildProject, buildTag, mainAccount, messageFor } from './testing.ts';

let t: TestApp;
let owner: Caller;
let rival: Caller;
let fitter: Caller;
let helper: { id: number; account: string };
let ownTemplate: number;
let otherTemplate: number;
let rivalTemplate: number;
let project: number;
let tag: number;
let editable: number;
let viewable: number;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  rival = await mainAccount(t);
  fitter = await callerFor(
    t,
    await buildUser(t.db.kysely, { roleIds: [11], userType: 'sub', parentId: owner.user.id, identityId: null }),
  );
  helper = await buildUser(t.db.kysely, {
    roleIds: [11],
    userType: 'sub',
    parentId: fitter.user.id,
    identityId: null,
  });
  ownTemplate = (await owner.post('/iot/templates', sampleTemplate('Boiler Template'))).json().data.id as number;
  otherTemplate = (await owner.post('/iot/templates', sampleTemplate('Chiller Template'))).json().data.id as number;
  rivalTemplate = (await rival.post('/iot/templates', sampleTemplate('Rival Template'))).json().data.id as number;
  project = await buildProject(t, owner.user.id, 'Plant One');
  await buildProject(t, owner.user.id, 'Plant Two');
  tag = await buildTag(t, owner.user.id, 'Roof');
  editable = await buildDevice(owner, { templateId: ownTemplate, projectId: project, tagIds: [tag] });
  viewable = await buildDevice(owner);
  const granted = await owner.call('PUT', `/iot/users/${fitter.user.id}/device-grants`, {
    grants: [
      { deviceId: editable, view: true, edit: true, delete: false },
      { deviceId: viewable, view: true, edit: false, delete: false },
    ],
  });
  expect(granted.statusCode).toBe(200);
});
afterAll(() => t.close());

const names = (list: Array<{ name: string }>) => list.map((item) => item.name);

describe("the device form's choices for a sub-user", () => {
  it('cannot read the template, project or account screens their role does not open', async () => {
    expect((await fitter.get('/iot/templates?page=1&size=10')).statusCode).toBe(403);
    expect((await fitter.get('/iot/projects?page=1&size=10')).statusCode).toBe(403);
    expect((await fitter.get('/iot/users/tree?page=1&size=10')).statusCode).toBe(403);
  });

  it("offers the owner's templates, the device's project, owner and tags for a device they may edit", async () => {
    const res = await fitter.get(`/iot/devices/choices?deviceId=${editable}`);
    expect(res.statusCode).toBe(200);
    const choices = res.json().data;
    expect(names(choices.templates)).toEqual(['Boiler Template', 'Chiller Template']);
    expect(names(choices.projects)).toEqual(['Plant One']);
    expect(choices.owners.map((o: { id: number }) => o.id).sort()).toEqual(
      [owner.user.id, fitter.user.id, helper.id].sort(),
    );
    expect(choices.tags).toEqual([{ id: tag, name: 'Roof' }]);
  });

  it('offers only their own tree for a new device, and nothing for a device they may only view', async () => {
    const fresh = (await fitter.get('/iot/devices/choices')).json().data;
    expect(fresh.templates).toEqual([]);
    expect(fresh.projects).toEqual([]);
    expect(fresh.owners.map((o: { id: number }) => o.id).sort()).toEqual([fitter.user.id, helper.id].sort());
    const refused = await fitter.get(`/iot/devices/choices?deviceId=${viewable}`);
    expect(refused.statusCode).toBe(403);
    expect((await rival.get(`/iot/devices/choices?deviceId=${editable}`)).statusCode).toBe(404);
  });

  it("lets the sub-user put the device on another of its owner's templates, never on someone else's", async () => {
    const moved = await fitter.call('PUT', `/iot/devices/${editable}`, { templateId: otherTemplate });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.templateName).toBe('Chiller Template');
    const foreign = await fitter.call('PUT', `/iot/devices/${editable}`, { templateId: rivalTemplate });
    expect(foreign.statusCode).toBe(400);
    expect(messageFor(foreign.json(), 'templateId')).toEqual([
      'The template does not exist or is not one of your account',
    ]);
    const added = await owner.post('/iot/devices', { name: 'Stolen model', deviceNo: 4501, templateId: rivalTemplate });
    expect(messageFor(added.json(), 'templateId')).toEqual([
      'The template does not exist or is not one of your account',
    ]);
  });
});

describe('the device list', () => {
  it("carries each device's template name", async () => {
    const list = (await owner.get('/iot/devices?page=1&size=10')).json().data.list;
    const byId = new Map(list.map((d: { id: number; templateName: string | null }) => [d.id, d.templateName]));
    expect(byId.get(editable)).toBe('Chiller Template');
    expect(byId.get(viewable)).toBeNull();
  });
});

describe("the device form's choices for a main account", () => {
  it('offers its own templates, projects, tags and accounts, not a rival’s', async () => {
    const choices = (await owner.get('/iot/devices/choices')).json().data;
    expect(names(choices.templates)).toEqual(['Boiler Template', 'Chiller Template']);
    expect(names(choices.projects)).toEqual(['Plant One', 'Plant Two']);
    expect(choices.owners).toHaveLength(3);
    const rivals = (await rival.get('/iot/devices/choices')).json().data;
    expect(names(rivals.templates)).toEqual(['Rival Template']);
    expect(rivals.projects).toEqual([]);
  });
});
