import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { liveFor } from '../telemetry/live.ts';
import { buildTelemetryWorld, quietLog, type TelemetryWorld } from '../telemetry/testing.ts';
import { checkAlarms } from './sweep.ts';
import { alarmsOf, alarmTexts, buildContact, buildTrigger, outboxOf, report, statusOf } from './testing.ts';

let t: TestApp;
let w: TelemetryWorld;
let contactId: number;
const MIN = 60_000;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildTelemetryWorld(t);
  contactId = await buildContact(w.owner);
  // A new database and a world of devices: slow on a busy machine.
}, 30_000);
afterAll(() => t.close());

/** A fresh device of the world's template, so that each case starts from a clean state. */
const freshDevice = (body: Record<string, unknown> = {}) => w.addDevice(body);
const above100 = (deviceId: number, change: Record<string, unknown> = {}) =>
  buildTrigger(w.owner, {
    scope: 'device',
    deviceId,
    conditions: [{ kind: 'gt', pointId: w.points.humidity, value: 100 }],
    deadZone: 10,
    contactIds: [contactId],
    ...change,
  });

describe('the dead zone', () => {
  it('alarms above 100 once, stays silent, and restores only below 90 (threshold 100, dead zone 10)', async () => {
    const deviceId = await freshDevice();
    const triggerId = await above100(deviceId);
    const h = w.points.humidity;
    const at = Date.now() - 10 * MIN;

    await report(t, w.telemetry, deviceId, at, { [h]: 100 });
    expect(await alarmsOf(t, triggerId)).toHaveLength(0);

    const started = Date.now();
    await report(t, w.telemetry, deviceId, at + 1000, { [h]: 100.1 });
    // The value reached the outbox within a second of being handed to telemetry.
    expect(Date.now() - started).toBeLessThan(1000);
    let alarms = await alarmsOf(t, triggerId);
    expect(alarms).toHaveLength(1);
    const alarm = alarms[0] as (typeof alarms)[number];
    expect(alarm).toMatchObject({
      value: '100.1',
      recovery: 'notRestored',
      state: 'unprocessed',
      notification: 'sent',
    });
    expect(alarm.content).toBe('Pump Humidity 报警，当前值 100.1 %RH，条件 > 100 %RH (死区 10)');
    expect(await alarmTexts(t, w.owner, triggerId, 'en')).toEqual([
      'Pump Humidity alarm: value 100.1 %RH, condition > 100 %RH (dead zone 10)',
    ]);
    expect(await outboxOf(t, alarm.id)).toEqual(['fire']);
    expect(await statusOf(t, deviceId)).toBe('alarm');

    await report(t, w.telemetry, deviceId, at + 2000, { [h]: 105 });
    await report(t, w.telemetry, deviceId, at + 3000, { [h]: 95 });
    await report(t, w.telemetry, deviceId, at + 4000, { [h]: 90 });
    alarms = await alarmsOf(t, triggerId);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.recovery).toBe('notRestored');
    expect(await outboxOf(t, alarm.id)).toEqual(['fire']);

    await report(t, w.telemetry, deviceId, at + 5000, { [h]: 89.9 });
    alarms = await alarmsOf(t, triggerId);
    expect(alarms[0]).toMatchObject({
      recovery: 'restored',
      restored_at: at + 5000,
      restore_value: '89.9',
      active_key: null,
    });
    expect(await outboxOf(t, alarm.id)).toEqual(['fire', 'restore']);
    // The contact hears it in the owner's language (none chosen: Chinese), the point named with its unit.
    const sent = await t.db.kysely
      .selectFrom('notify_deliveries')
      .select(['content', 'lang'])
      .where('alarm_id', '=', alarm.id)
      .orderBy('id')
      .execute();
    expect(sent).toEqual([
      { content: 'Pump Humidity 报警，当前值 100.1 %RH，条件 > 100 %RH (死区 10)', lang: 'zh-CN' },
      { content: 'Pump Humidity 已恢复，当前值 89.9 %RH', lang: 'zh-CN' },
    ]);
    expect(await statusOf(t, deviceId)).toBe('online');

    // Restored, it alarms again the next time the value goes above 100.
    await report(t, w.telemetry, deviceId, at + 6000, { [h]: 88 });
    await report(t, w.telemetry, deviceId, at + 7000, { [h]: 101 });
    expect(await alarmsOf(t, triggerId)).toHaveLength(2);
  });

  it('tells whoever watches the device live when it goes into alarm and when it comes out', async () => {
    const deviceId = await freshDevice();
    await above100(deviceId);
    const h = w.points.humidity;
    const at = Date.now() - 10 * MIN;
    await report(t, w.telemetry, deviceId, at, { [h]: 50 });
    const heard: string[] = [];
    const stop = liveFor(t.db, t.config.databaseUrl, quietLog).subscribe(deviceId, (update) => {
      if (update.type === 'status') heard.push(update.status);
    });
    try {
      await report(t, w.telemetry, deviceId, at + 1000, { [h]: 120 });
      expect(heard).toEqual(['alarm']);
      await report(t, w.telemetry, deviceId, at + 2000, { [h]: 110 });
      expect(heard).toEqual(['alarm']);
      await report(t, w.telemetry, deviceId, at + 3000, { [h]: 80 });
      expect(heard).toEqual(['alarm', 'online']);
    } finally {
      stop();
    }
  });

  it('mirrors for "less than": alarms below the threshold, restores above it plus the dead zone', async () => {
    const deviceId = await freshDevice();
    const triggerId = await above100(deviceId, {
      conditions: [{ kind: 'lt', pointId: w.points.humidity, value: 10 }],
      deadZone: 5,
    });
    const h = w.points.humidity;
    const at = Date.now() - 10 * MIN;
    await report(t, w.telemetry, deviceId, at, { [h]: 9.9 });
    await report(t, w.telemetry, deviceId, at + 1000, { [h]: 15 });
    expect((await alarmsOf(t, triggerId)).map((a) => a.recovery)).toEqual(['notRestored']);
    await report(t, w.telemetry, deviceId, at + 2000, { [h]: 15.1 });
    expect((await alarmsOf(t, triggerId)).map((a) => a.recovery)).toEqual(['restored']);
  });

  it('widens "between" and narrows "outside" by the dead zone while the alarm lasts', async () => {
    const deviceId = await freshDevice();
    const h = w.points.humidity;
    const between = await above100(deviceId, {
      conditions: [{ kind: 'between', pointId: h, min: 40, max: 60 }],
      deadZone: 2,
    });
    const outside = await above100(deviceId, {
      conditions: [{ kind: 'outside', pointId: h, min: 40, max: 60 }],
      deadZone: 2,
    });
    const at = Date.now() - 10 * MIN;
    await report(t, w.telemetry, deviceId, at, { [h]: 50 });
    await report(t, w.telemetry, deviceId, at + 1000, { [h]: 61.5 });
    expect((await alarmsOf(t, between)).map((a) => a.recovery)).toEqual(['notRestored']);
    expect((await alarmsOf(t, outside)).map((a) => a.recovery)).toEqual(['notRestored']);
    await report(t, w.telemetry, deviceId, at + 2000, { [h]: 62.5 });
    expect((await alarmsOf(t, between)).map((a) => a.recovery)).toEqual(['restored']);
    await report(t, w.telemetry, deviceId, at + 3000, { [h]: 59 });
    expect((await alarmsOf(t, outside)).map((a) => a.recovery)).toEqual(['notRestored']);
    await report(t, w.telemetry, deviceId, at + 4000, { [h]: 57.9 });
    expect((await alarmsOf(t, outside)).map((a) => a.recovery)).toEqual(['restored']);
  });
});

describe('duration', () => {
  it('fires only once the condition has held for the duration, and starts again when it stops holding', async () => {
    const deviceId = await freshDevice();
    const triggerId = await above100(deviceId, { duration: 30, deadZone: 0 });
    const h = w.points.humidity;
    const at = Date.now() - 10 * MIN;
    await report(t, w.telemetry, deviceId, at, { [h]: 120 });
    await report(t, w.telemetry, deviceId, at + 20_000, { [h]: 120 });
    await report(t, w.telemetry, deviceId, at + 25_000, { [h]: 80 });
    await report(t, w.telemetry, deviceId, at + 40_000, { [h]: 120 });
    await report(t, w.telemetry, deviceId, at + 69_000, { [h]: 120 });
    expect(await alarmsOf(t, triggerId)).toHaveLength(0);
    await report(t, w.telemetry, deviceId, at + 70_000, { [h]: 121 });
    const alarms = await alarmsOf(t, triggerId);
    expect(alarms.map((a) => [a.fired_at, a.value])).toEqual([[at + 70_000, '121']]);
  });

  it('fires from the scheduled check when no reading comes after the duration', async () => {
    const deviceId = await freshDevice();
    const triggerId = await above100(deviceId, { duration: 60, deadZone: 0 });
    const at = Date.now() - 10 * MIN;
    await report(t, w.telemetry, deviceId, at, { [w.points.humidity]: 130 });
    expect(await alarmsOf(t, triggerId)).toHaveLength(0);
    await checkAlarms(t.db, at + 59_000, quietLog);
    expect(await alarmsOf(t, triggerId)).toHaveLength(0);
    await checkAlarms(t.db, at + 61_000, quietLog);
    expect((await alarmsOf(t, triggerId)).map((a) => a.value)).toEqual(['130']);
  });
});

describe('several conditions', () => {
  it('AND fires when every condition holds, OR when any does', async () => {
    const deviceId = await freshDevice();
    const { humidity: h, temperature: c } = w.points;
    const both = await above100(deviceId, {
      conditions: [
        { kind: 'gt', pointId: h, value: 50 },
        { kind: 'lt', pointId: c, value: 0 },
      ],
      join: 'and',
      deadZone: 0,
    });
    const either = await above100(deviceId, {
      conditions: [
        { kind: 'gt', pointId: h, value: 90 },
        { kind: 'gt', pointId: c, value: 40 },
      ],
      join: 'or',
      deadZone: 0,
    });
    const at = Date.now() - 10 * MIN;
    await report(t, w.telemetry, deviceId, at, { [h]: 60, [c]: 5 });
    expect(await alarmsOf(t, both)).toHaveLength(0);
    // The temperature arrives alone: the humidity of the reading before still counts.
    await report(t, w.telemetry, deviceId, at + 1000, { [c]: -1 });
    expect(await alarmsOf(t, both)).toHaveLength(1);
    expect(await alarmsOf(t, either)).toHaveLength(0);
    await report(t, w.telemetry, deviceId, at + 2000, { [c]: 41 });
    expect((await alarmsOf(t, either)).map((a) => a.value)).toEqual(['41']);
    expect((await alarmsOf(t, both)).map((a) => a.recovery)).toEqual(['restored']);
  });
});

describe('device conditions', () => {
  it('alarms when the device goes offline, and restores when its data comes back', async () => {
    const deviceId = await freshDevice();
    const triggerId = await above100(deviceId, { conditions: [{ kind: 'offline' }] });
    const at = Date.now() - 10 * MIN;
    await report(t, w.telemetry, deviceId, at, { [w.points.humidity]: 50 });
    await checkAlarms(t.db, at + 1000, quietLog);
    expect(await alarmsOf(t, triggerId)).toHaveLength(0);
    await w.telemetry.offline(deviceId, at + 2000, 'disconnected');
    await checkAlarms(t.db, at + 3000, quietLog);
    await checkAlarms(t.db, at + 4000, quietLog);
    const alarms = await alarmsOf(t, triggerId);
    expect(alarms).toHaveLength(1);
    // Kept in the owner's language (Chinese unless they chose otherwise), read in the reader's.
    expect(alarms[0]?.content).toBe('Pump 离线');
    expect(await alarmTexts(t, w.owner, triggerId, 'zh-CN')).toEqual(['Pump 离线']);
    expect(await alarmTexts(t, w.owner, triggerId, 'en')).toEqual(['Pump is offline']);
    // Offline wins over alarm.
    expect(await statusOf(t, deviceId)).toBe('offline');
    await report(t, w.telemetry, deviceId, at + 5000, { [w.points.humidity]: 50 });
    expect((await alarmsOf(t, triggerId)).map((a) => a.recovery)).toEqual(['restored']);
  });

  it('alarms after N minutes without data', async () => {
    const deviceId = await freshDevice();
    const triggerId = await above100(deviceId, { conditions: [{ kind: 'noData', minutes: 5 }] });
    const at = Date.now() - 30 * MIN;
    await report(t, w.telemetry, deviceId, at, { [w.points.humidity]: 50 });
    await checkAlarms(t.db, at + 4 * MIN, quietLog);
    expect(await alarmsOf(t, triggerId)).toHaveLength(0);
    await checkAlarms(t.db, at + 5 * MIN, quietLog);
    const alarms = await alarmsOf(t, triggerId);
    expect(alarms.map((a) => a.content)).toEqual(['Pump 超过 5 分钟无数据']);
    expect(await alarmTexts(t, w.owner, triggerId, 'zh-CN')).toEqual(['Pump 超过 5 分钟无数据']);
    expect(await alarmTexts(t, w.owner, triggerId, 'en')).toEqual(['Pump sent no data for 5 minutes']);
    await report(t, w.telemetry, deviceId, at + 6 * MIN, { [w.points.humidity]: 50 });
    expect((await alarmsOf(t, triggerId)).map((a) => a.recovery)).toEqual(['restored']);
  });
});

describe('template triggers', () => {
  it('reach every device of the template, each with its own alarm', async () => {
    const other = await buildTelemetryWorld(t, w.owner);
    const second = await other.addDevice();
    const triggerId = await buildTrigger(w.owner, {
      scope: 'template',
      templateId: other.templateId,
      conditions: [{ kind: 'gt', pointId: other.points.humidity, value: 50 }],
      contactIds: [contactId],
    });
    const at = Date.now() - 10 * MIN;
    await report(t, other.telemetry, other.deviceId, at, { [other.points.humidity]: 60 });
    await report(t, other.telemetry, second, at, { [other.points.humidity]: 70 });
    const alarms = await alarmsOf(t, triggerId);
    expect(alarms.map((a) => [a.device_id, a.value]).sort()).toEqual(
      [
        [other.deviceId, '60'],
        [second, '70'],
      ].sort(),
    );
  });
});

describe('push interval', () => {
  it('pushes again every interval while the alarm lasts, from readings and from the scheduled check', async () => {
    const deviceId = await freshDevice();
    const triggerId = await above100(deviceId, { pushInterval: 5 });
    const h = w.points.humidity;
    const at = Date.now() - 60 * MIN;
    await report(t, w.telemetry, deviceId, at, { [h]: 101 });
    await report(t, w.telemetry, deviceId, at + 4 * MIN, { [h]: 102 });
    const [alarm] = await alarmsOf(t, triggerId);
    expect(await outboxOf(t, alarm?.id as number)).toEqual(['fire']);
    await report(t, w.telemetry, deviceId, at + 5 * MIN, { [h]: 103 });
    expect(await outboxOf(t, alarm?.id as number)).toEqual(['fire', 'repeat']);
    await checkAlarms(t.db, at + 9 * MIN, quietLog);
    await checkAlarms(t.db, at + 10 * MIN, quietLog);
    expect(await outboxOf(t, alarm?.id as number)).toEqual(['fire', 'repeat', 'repeat']);
    await report(t, w.telemetry, deviceId, at + 11 * MIN, { [h]: 50 });
    expect(await outboxOf(t, alarm?.id as number)).toEqual(['fire', 'repeat', 'repeat', 'restore']);
    expect((await alarmsOf(t, triggerId))[0]?.repeats).toBe(2);
  });

  it('never repeats with an interval of 0', async () => {
    const deviceId = await freshDevice();
    const triggerId = await above100(deviceId, { pushInterval: 0 });
    const at = Date.now() - 60 * MIN;
    await report(t, w.telemetry, deviceId, at, { [w.points.humidity]: 101 });
    await report(t, w.telemetry, deviceId, at + 30 * MIN, { [w.points.humidity]: 101 });
    await checkAlarms(t.db, at + 50 * MIN, quietLog);
    const [alarm] = await alarmsOf(t, triggerId);
    expect(await outboxOf(t, alarm?.id as number)).toEqual(['fire']);
  });
});

describe('cloud configuration off', () => {
  it('suspends independent triggers, and records template alarms without notifying anyone', async () => {
    const other = await buildTelemetryWorld(t, w.owner);
    const deviceId = await other.addDevice({ cloudConfig: false });
    const independent = await buildTrigger(w.owner, {
      scope: 'device',
      deviceId,
      conditions: [{ kind: 'gt', pointId: other.points.humidity, value: 50 }],
      contactIds: [contactId],
    });
    const onTemplate = await buildTrigger(w.owner, {
      scope: 'template',
      templateId: other.templateId,
      conditions: [{ kind: 'gt', pointId: other.points.humidity, value: 50 }],
      contactIds: [contactId],
    });
    await report(t, other.telemetry, deviceId, Date.now() - MIN, { [other.points.humidity]: 60 });
    expect(await alarmsOf(t, independent)).toHaveLength(0);
    const alarms = (await alarmsOf(t, onTemplate)).filter((a) => a.device_id === deviceId);
    expect(alarms.map((a) => a.notification)).toEqual(['suspended']);
    expect(await outboxOf(t, alarms[0]?.id as number)).toEqual([]);

    const shown = await w.owner.get(`/iot/triggers/${independent}`);
    expect(shown.json().data.suspended).toBe(
      'Cloud configuration is off: alarm notifications and independent triggers are suspended',
    );
    const record = await w.owner.get(`/iot/alarms?deviceId=${deviceId}`);
    expect(record.json().data.list.map((a: { notification: string }) => a.notification)).toEqual(['suspended']);
  });
});

describe('a process that restarts', () => {
  it('takes the active alarms from the database and does not fire them again', async () => {
    const deviceId = await freshDevice();
    const triggerId = await above100(deviceId);
    const at = Date.now() - 10 * MIN;
    await report(t, w.telemetry, deviceId, at, { [w.points.humidity]: 120 });
    // A second engine over the same database stands for the restarted process.
    const { AlarmEngine } = await import('./engine.ts');
    const restarted = new AlarmEngine(t.db, quietLog);
    restarted.evaluate([{ deviceId, at: at + 1000, readings: [{ pointId: w.points.humidity, value: 125 }] }]);
    await restarted.idle();
    expect(await alarmsOf(t, triggerId)).toHaveLength(1);
    restarted.evaluate([{ deviceId, at: at + 2000, readings: [{ pointId: w.points.humidity, value: 50 }] }]);
    await restarted.idle();
    expect((await alarmsOf(t, triggerId)).map((a) => a.recovery)).toEqual(['restored']);
  });
});

describe('the save rule', () => {
  it('"notify only" pushes the alarm but leaves it out of Alarm Record', async () => {
    const deviceId = await freshDevice();
    const triggerId = await above100(deviceId, { saveRule: 'notifyOnly' });
    await report(t, w.telemetry, deviceId, Date.now() - MIN, { [w.points.humidity]: 150 });
    const [alarm] = await alarmsOf(t, triggerId);
    expect(await outboxOf(t, alarm?.id as number)).toEqual(['fire']);
    const record = await w.owner.get(`/iot/alarms?deviceId=${deviceId}`);
    expect(record.json().data.total).toBe(0);
  });
});
