import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, messageFor, subUser } from '../devices/testing.ts';
import { buildPlant, countTasks, everyMinute } from './testing.ts';

let t: TestApp;
let owner: Caller;
let stranger: Caller;
let plant: Awaited<ReturnType<typeof buildPlant>>;
const MINUTE = 60_000;
// A whole minute ahead, so that every firing of these tasks is in the future while the tests run.
const soon = () => Math.ceil(Date.now() / MINUTE) * MINUTE + 5 * MINUTE;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  stranger = await mainAccount(t);
  plant = await buildPlant(owner);
});
afterAll(() => t.close());

const add = (body: unknown, c: Caller = owner) => c.post('/iot/tasks', body);

describe('Timed Tasks add, list, pause, resume, edit and delete', () => {
  it('adds a task that waits for its start, with its first run queued in the jobs table and a log line', async () => {
    const startAt = soon();
    const res = await add(everyMinute(plant.deviceId, plant.point('Setpoint'), startAt));
    expect(res.statusCode, res.body).toBe(200);
    const task = res.json().data;
    expect(task).toMatchObject({
      state: 'waiting',
      nextRunAt: startAt,
      scheduleText: 'Every 1 min',
      missed: 'skip',
      timeZone: 'Asia/Shanghai',
      suspended: null,
      targets: [{ deviceId: plant.deviceId, pointName: 'Setpoint', value: 22.5 }],
    });
    const job = await t.db.kysely
      .selectFrom('jobs')
      .select(['run_at', 'state'])
      .where('kind', '=', 'iot.taskRun')
      .executeTakeFirstOrThrow();
    expect([Number(job.run_at), job.state]).toEqual([startAt, 'queued']);
    const log = await owner.get(`/iot/tasks/log?taskId=${task.id}`);
    expect(log.json().data.list.map((l: { text: string }) => l.text)).toEqual(['Task created']);

    const list = await owner.get('/iot/tasks?state=waiting');
    expect(list.json().data.list.map((x: { id: number }) => x.id)).toContain(task.id);
    expect((await owner.get('/iot/tasks?state=running')).json().data.total).toBe(0);

    const paused = await owner.post(`/iot/tasks/${task.id}/pause`);
    expect(paused.json().data).toMatchObject({ state: 'paused', nextRunAt: null });
    const resumed = await owner.post(`/iot/tasks/${task.id}/resume`);
    expect(resumed.json().data).toMatchObject({ state: 'waiting', nextRunAt: startAt });

    const edited = await owner.call('PUT', `/iot/tasks/${task.id}`, {
      ...everyMinute(plant.deviceId, plant.point('Setpoint'), startAt),
      name: 'Day set point',
      schedule: { kind: 'daily', times: ['08:00', '18:30'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Day set point', scheduleText: 'Daily at 08:00, 18:30' });
    const texts = (await owner.get(`/iot/tasks/log?taskId=${task.id}`))
      .json()
      .data.list.map((l: { text: string }) => l.text);
    expect(texts).toEqual(['Task edited', 'Task resumed', 'Task paused', 'Task created']);

    expect((await owner.call('DELETE', `/iot/tasks/${task.id}`)).statusCode).toBe(200);
    expect((await owner.get(`/iot/tasks/${task.id}`)).statusCode).toBe(404);
  });

  it('shows a task only to whoever may see its devices, and lets a sub-user with view only not add one', async () => {
    const res = await add(everyMinute(plant.deviceId, plant.point('Setpoint'), soon() + 7_000));
    const id = res.json().data.id;
    expect((await stranger.get('/iot/tasks')).json().data.total).toBe(0);
    expect((await stranger.get(`/iot/tasks/${id}`)).statusCode).toBe(404);
    expect((await stranger.post(`/iot/tasks/${id}/pause`)).statusCode).toBe(404);
    // The stranger cannot write a device they do not see either.
    expect((await add(everyMinute(plant.deviceId, plant.point('Setpoint'), soon()), stranger)).statusCode).toBe(404);
    const sub = await subUser(t, owner.user.id);
    expect((await add(everyMinute(plant.deviceId, plant.point('Setpoint'), soon()), sub)).statusCode).toBe(403);
    await owner.call('DELETE', `/iot/tasks/${id}`);
  });

  it('says why in the list when cloud configuration of a device is off', async () => {
    const other = await buildPlant(owner);
    const res = await add(everyMinute(other.deviceId, other.point('Setpoint'), soon()));
    await t.db.kysely.updateTable('devices').set({ cloud_config: false }).where('id', '=', other.deviceId).execute();
    const view = (await owner.get(`/iot/tasks/${res.json().data.id}`)).json().data;
    expect(view.suspended).toMatch(/^Cloud configuration is off, so the task does not act on: Pump/);
  });
});

describe('bad input is refused with the spec messages and nothing is saved', () => {
  it('refuses each broken rule in words', async () => {
    const before = await countTasks(t);
    const setpoint = plant.point('Setpoint');
    const start = soon();
    const cases: Array<[unknown, string, string]> = [
      [
        { ...everyMinute(plant.deviceId, setpoint, start), targets: [] },
        'targets',
        'Choose at least one writable data point',
      ],
      [
        { ...everyMinute(plant.deviceId, setpoint, start), endAt: start },
        'endAt',
        'The start time must differ from the end time',
      ],
      [
        { ...everyMinute(plant.deviceId, setpoint, start), endAt: start - MINUTE },
        'endAt',
        'The end time must be after the start time',
      ],
      [
        { ...everyMinute(plant.deviceId, setpoint, start), schedule: { kind: 'interval', every: 7, unit: 'minutes' } },
        'schedule.every',
        'The interval must be 1, 2, 3, 5, 10, 15, 20 or 30 seconds or minutes, 1 or 5 hours, or 1, 5 or 15 days',
      ],
      [
        { ...everyMinute(plant.deviceId, setpoint, start), schedule: { kind: 'interval', every: 2, unit: 'hours' } },
        'schedule.every',
        'The interval must be 1, 2, 3, 5, 10, 15, 20 or 30 seconds or minutes, 1 or 5 hours, or 1, 5 or 15 days',
      ],
      [
        {
          ...everyMinute(plant.deviceId, setpoint, start),
          targets: [{ deviceId: plant.deviceId, pointId: setpoint, value: 4000 }],
        },
        'targets[0].value',
        'Variable storage range error: after the control formula the value is 40000, and int16 holds -32768 to 32767',
      ],
      [
        { ...everyMinute(plant.deviceId, setpoint, start), timeZone: 'Mars/Olympus' },
        'timeZone',
        'Unknown time zone: Mars/Olympus',
      ],
      [
        { ...everyMinute(plant.deviceId, setpoint, Date.now() - MINUTE), schedule: { kind: 'once' } },
        'startAt',
        'The run time has passed: choose a time to come',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(messageFor(res.json(), field)).toEqual([message]);
    }
    const cron = await add({
      ...everyMinute(plant.deviceId, setpoint, start),
      schedule: { kind: 'cron', cron: 'x * * * *' },
    });
    expect(messageFor(cron.json(), 'schedule.cron')[0]).toMatch(/^The cron expression is not valid: /);
    const badField = await add({
      ...everyMinute(plant.deviceId, setpoint, start),
      schedule: { kind: 'cron', cron: '61 * * * *' },
    });
    expect(messageFor(badField.json(), 'schedule.cron')[0]).toMatch(/^The cron expression is not valid: /);
    expect(await countTasks(t)).toBe(before);
  });

  it('refuses read-only points, devices that cannot take writes, and a second task at the same time on a device', async () => {
    const before = await countTasks(t);
    const readOnly = await add(everyMinute(plant.deviceId, plant.point('Humidity'), soon()));
    expect([readOnly.statusCode, readOnly.json().message]).toEqual([
      400,
      'Read-only data points do not support this operation',
    ]);

    const http = await buildDevice(owner, { protocol: 'httpJson' });
    const unsupported = await add(everyMinute(http, plant.point('Setpoint'), soon()));
    expect([unsupported.statusCode, unsupported.json().message]).toEqual([
      400,
      'Device type does not support debugging, timed tasks or synchronisation',
    ]);
    expect(await countTasks(t)).toBe(before);

    const start = soon() + 60 * MINUTE;
    const first = await add(everyMinute(plant.deviceId, plant.point('Setpoint'), start, { name: 'Hourly push' }));
    expect(first.statusCode, first.body).toBe(200);
    // Another point, the same device, every 5 minutes from the same start: they meet at the start.
    const clash = await add(
      everyMinute(plant.deviceId, plant.point('Pump Switch'), start, {
        schedule: { kind: 'interval', every: 5, unit: 'minutes' },
        targets: [{ deviceId: plant.deviceId, pointId: plant.point('Pump Switch'), value: true }],
      }),
    );
    expect([clash.statusCode, clash.json().message]).toEqual([
      409,
      'A task at the same time on the same device exists (Hourly push)',
    ]);
    // Half a minute later they never meet.
    const apart = await add(
      everyMinute(plant.deviceId, plant.point('Pump Switch'), start + 30_000, {
        targets: [{ deviceId: plant.deviceId, pointId: plant.point('Pump Switch'), value: true }],
      }),
    );
    expect(apart.statusCode, apart.body).toBe(200);
    expect(await countTasks(t)).toBe(before + 2);
  });

  it('answers in Chinese for a Chinese caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/iot/tasks',
      headers: { 'x-authorization': owner.token, 'accept-language': 'zh-CN' },
      payload: everyMinute(plant.deviceId, plant.point('Humidity'), soon()),
    });
    expect(res.json().message).toBe('只读数据点不支持此操作');
  });
});
