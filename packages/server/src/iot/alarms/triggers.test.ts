import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { mainAccount, messageFor } from '../devices/testing.ts';
import { buildTelemetryWorld, type TelemetryWorld } from '../telemetry/testing.ts';
import { sampleTemplate } from '../templates/testing.ts';
import { alarmsOf, buildContact, buildTrigger, report, statusOf } from './testing.ts';

let t: TestApp;
let w: TelemetryWorld;
let stranger: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildTelemetryWorld(t);
  stranger = await mainAccount(t);
  // A new database and a world of devices: slow on a busy machine.
}, 30_000);
afterAll(() => t.close());

const valid = (change: Record<string, unknown> = {}) => ({
  name: 'Humidity high',
  scope: 'device',
  deviceId: w.deviceId,
  conditions: [{ kind: 'gt', pointId: w.points.humidity, value: 80 }],
  deadZone: 5,
  pushInterval: 0,
  ...change,
});
const count = async () => (await w.owner.get(`/iot/triggers?deviceId=${w.deviceId}`)).json().data.total as number;

/** Posts a trigger that must be refused and returns the messages for `field`; nothing may be saved. */
async function refusal(body: Record<string, unknown>, field: string): Promise<string[]> {
  const before = await count();
  const res = await w.owner.post('/iot/triggers', body);
  expect(res.statusCode, res.body).toBe(400);
  expect(await count()).toBe(before);
  return messageFor(res.json(), field);
}

describe('Trigger Add refuses bad input with the spec messages, saving nothing', () => {
  it('a dead zone below 0', async () => {
    expect(await refusal(valid({ deadZone: -1 }), 'deadZone')).toEqual(['The alarm dead zone must be at least 0']);
  });

  it('a missing or negative push interval', async () => {
    const { pushInterval: _omit, ...missing } = valid();
    expect(await refusal(missing, 'pushInterval')).toEqual([
      'Enter the alarm push interval (minutes; 0 never repeats)',
    ]);
    expect(await refusal(valid({ pushInterval: -1 }), 'pushInterval')).toEqual([
      'The alarm push interval cannot be negative',
    ]);
    expect(await refusal(valid({ pushInterval: 1441 }), 'pushInterval')).toEqual([
      'The alarm push interval can be at most 1440 minutes',
    ]);
  });

  it('linkage without the alarm enabled', async () => {
    const body = valid({ alarmEnabled: false, linkage: { enabled: true, pointId: w.points.setpoint, value: 5 } });
    expect(await refusal(body, 'linkage.enabled')).toEqual(['Alarm not enabled, so linkage cannot be enabled']);
    expect(await refusal(valid({ linkage: { enabled: true } }), 'linkage.pointId')).toEqual([
      'Choose the data point linkage writes',
    ]);
    expect(await refusal(valid({ linkage: { enabled: true, pointId: w.points.setpoint } }), 'linkage.value')).toEqual([
      'Enter the value linkage writes',
    ]);
  });

  it('linkage on a read-only point', async () => {
    const body = valid({ linkage: { enabled: true, pointId: w.points.humidity, value: 5 } });
    expect(await refusal(body, 'linkage.pointId')).toEqual(['Read-only data points do not support this operation']);
  });

  it('a trigger on a deleted point', async () => {
    const created = await w.owner.post('/iot/templates', sampleTemplate('Trigger points'));
    const template = created.json().data as { id: number; name: string; points: Array<{ id: number; name: string }> };
    const temperature = template.points.find((p) => p.name === 'Temperature')?.id as number;
    const detail = (await w.owner.get(`/iot/templates/${template.id}`)).json().data;
    const kept = detail.points.filter((p: { id: number }) => p.id !== temperature);
    const edited = await w.owner.call('PUT', `/iot/templates/${template.id}`, {
      ...sampleTemplate('Trigger points'),
      slaves: detail.slaves.map(({ id, index, name, address }: Record<string, unknown>) => ({
        id,
        index,
        name,
        address,
      })),
      points: kept.map((p: Record<string, unknown>) => ({
        ...(sampleTemplate('x').points as object[])[0],
        id: p.id,
        name: p.name,
      })),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const body = valid({
      scope: 'template',
      deviceId: undefined,
      templateId: template.id,
      conditions: [{ kind: 'gt', pointId: temperature, value: 30 }],
    });
    const res = await w.owner.post('/iot/triggers', body);
    expect(res.statusCode).toBe(400);
    expect(messageFor(res.json(), 'conditions[0].pointId')).toEqual([
      `Data point ${temperature} does not exist or was deleted`,
    ]);
  });

  it('conditions without what they compare with', async () => {
    const h = w.points.humidity;
    expect(await refusal(valid({ conditions: [{ kind: 'gt', pointId: h }] }), 'conditions[0].value')).toEqual([
      'Enter the threshold',
    ]);
    expect(await refusal(valid({ conditions: [{ kind: 'gt', value: 3 }] }), 'conditions[0].pointId')).toEqual([
      'Choose the data point of the condition',
    ]);
    expect(
      await refusal(valid({ conditions: [{ kind: 'between', pointId: h, min: 5 }] }), 'conditions[0].min'),
    ).toEqual(['Enter both ends of the range']);
    expect(
      await refusal(valid({ conditions: [{ kind: 'outside', pointId: h, min: 5, max: 5 }] }), 'conditions[0].max'),
    ).toEqual(['The lower limit must be below the upper limit']);
    expect(await refusal(valid({ conditions: [{ kind: 'noData' }] }), 'conditions[0].minutes')).toEqual([
      'Enter how many minutes without data raise the alarm',
    ]);
    expect(await refusal(valid({ conditions: [] }), 'conditions')).toEqual(['Add at least one condition']);
    expect(await refusal(valid({ conditions: [{ kind: 'switchOn', pointId: h }] }), 'conditions[0].pointId')).toEqual([
      'Data point Humidity is not a switch; switch on and off apply to switches',
    ]);
  });

  it('a missing device or template, and a result or content too long', async () => {
    expect(await refusal(valid({ deviceId: undefined }), 'deviceId')).toEqual(['Choose the device']);
    expect(await refusal(valid({ scope: 'template' }), 'templateId')).toEqual(['Choose the device template']);
    expect(await refusal(valid({ alarmContent: 'x'.repeat(201) }), 'alarmContent')).toEqual([
      'The push content can be at most 200 characters',
    ]);
    expect(await refusal(valid({ name: 'x'.repeat(51) }), 'name')).toEqual(['The name can be at most 50 characters']);
    expect(await refusal(valid({ duration: -1 }), 'duration')).toEqual(['The duration must be 0 to 86400 seconds']);
  });
});

describe('the trigger calls', () => {
  it('adds, lists by device, point and template, edits, and deletes a trigger', async () => {
    const contactId = await buildContact(w.owner, 'Keeper');
    const id = await buildTrigger(
      w.owner,
      valid({ contactIds: [contactId], alarmContent: '{device}: {point} is {value}' }),
    );
    const shown = (await w.owner.get(`/iot/triggers/${id}`)).json().data;
    expect(shown).toMatchObject({
      name: 'Humidity high',
      deadZone: 5,
      pushInterval: 0,
      alarmEnabled: true,
      contactIds: [contactId],
      suspended: null,
    });
    // The points its conditions name, with their units, for the list to show "Humidity > 80 %RH".
    expect(shown.points).toEqual([{ id: w.points.humidity, name: 'Humidity', unit: '%RH' }]);
    const both = await buildTrigger(
      w.owner,
      valid({
        join: 'or',
        conditions: [
          { kind: 'gt', pointId: w.points.humidity, value: 80 },
          { kind: 'lt', pointId: w.points.humidity, value: 10 },
          { kind: 'outside', pointId: w.points.temperature, min: 0, max: 40 },
          { kind: 'offline' },
        ],
      }),
    );
    const listed = (await w.owner.get(`/iot/triggers?deviceId=${w.deviceId}`)).json().data.list;
    expect(listed.find((x: { id: number }) => x.id === both).points).toEqual([
      { id: w.points.humidity, name: 'Humidity', unit: '%RH' },
      { id: w.points.temperature, name: 'Temperature', unit: '°C' },
    ]);
    await w.owner.call('DELETE', `/iot/triggers/${both}`);

    const ids = async (query: string) =>
      (await w.owner.get(`/iot/triggers?${query}`)).json().data.list.map((x: { id: number }) => x.id) as number[];
    expect(await ids(`deviceId=${w.deviceId}`)).toContain(id);
    expect(await ids(`pointId=${w.points.humidity}`)).toContain(id);
    expect(await ids(`pointId=${w.points.temperature}`)).not.toContain(id);
    // By name in any case, on both engines; LIKE's wildcards taken literally.
    expect(await ids('keyword=HUMIDITY%20high')).toContain(id);
    expect(await ids('keyword=%25')).toEqual([]);
    const onTemplate = await buildTrigger(
      w.owner,
      valid({ scope: 'template', deviceId: undefined, templateId: w.templateId }),
    );
    expect(await ids(`templateId=${w.templateId}`)).toEqual([onTemplate]);
    // A device's list shows its template's triggers too.
    expect(await ids(`deviceId=${w.deviceId}`)).toEqual(expect.arrayContaining([id, onTemplate]));

    const edited = await w.owner.call('PUT', `/iot/triggers/${id}`, valid({ name: 'Humidity very high', deadZone: 2 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Humidity very high', deadZone: 2, contactIds: [] });
    const moved = await w.owner.call(
      'PUT',
      `/iot/triggers/${id}`,
      valid({ scope: 'template', deviceId: undefined, templateId: w.templateId }),
    );
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe('A trigger cannot move to another device or template; add a new one');

    expect((await w.owner.call('DELETE', `/iot/triggers/${id}`)).statusCode).toBe(200);
    const gone = await w.owner.get(`/iot/triggers/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('The trigger does not exist');
    await w.owner.call('DELETE', `/iot/triggers/${onTemplate}`);
  });

  it("keeps another owner's triggers and devices out of reach", async () => {
    const id = await buildTrigger(w.owner, valid());
    expect((await stranger.get(`/iot/triggers/${id}`)).statusCode).toBe(404);
    expect((await stranger.get('/iot/triggers')).json().data.total).toBe(0);
    expect((await stranger.post('/iot/triggers', valid())).statusCode).toBe(404);
    expect((await stranger.call('DELETE', `/iot/triggers/${id}`)).statusCode).toBe(404);
    await w.owner.call('DELETE', `/iot/triggers/${id}`);
  });

  it('enables linkage only with the alarm, and turning the alarm off ends its alarm and its linkage', async () => {
    const deviceId = await w.addDevice();
    const id = await buildTrigger(
      w.owner,
      valid({ deviceId, linkage: { enabled: false, pointId: w.points.setpoint, value: 5 } }),
    );
    const refused = await w.owner.call('PUT', `/iot/triggers/${id}/enabled`, {
      alarmEnabled: false,
      linkageEnabled: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(messageFor(refused.json(), 'linkageEnabled')).toEqual(['Alarm not enabled, so linkage cannot be enabled']);
    const on = await w.owner.call('PUT', `/iot/triggers/${id}/enabled`, { alarmEnabled: true, linkageEnabled: true });
    expect(on.json().data).toMatchObject({
      alarmEnabled: true,
      linkage: { enabled: true, pointId: w.points.setpoint, value: 5 },
    });

    await report(t, w.telemetry, deviceId, Date.now() - 1000, { [w.points.humidity]: 90 });
    const [alarm] = await alarmsOf(t, id);
    // The device is not connected to this process: the linkage failure is kept on the alarm.
    expect(alarm?.linkage_outcome).toBe('alarm.linkage.offline');
    const record = (await w.owner.get(`/iot/alarms?triggerId=${id}`)).json().data.list;
    expect(record[0].linkage).toBe('Linkage not done: the device is not connected');
    expect(await statusOf(t, deviceId)).toBe('alarm');

    const off = await w.owner.call('PUT', `/iot/triggers/${id}/enabled`, { alarmEnabled: false });
    expect(off.json().data).toMatchObject({ alarmEnabled: false, linkage: { enabled: false } });
    expect((await alarmsOf(t, id)).map((a) => a.recovery)).toEqual(['restored']);
    expect(await statusOf(t, deviceId)).toBe('online');
    await report(t, w.telemetry, deviceId, Date.now(), { [w.points.humidity]: 95 });
    expect(await alarmsOf(t, id)).toHaveLength(1);
  });
});
