import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { mainAccount } from '../devices/testing.ts';
import { updateProtocol } from './repository.ts';
import { levelSensor, wokenMeter } from './testing.ts';

let t: TestApp;
let owner: Caller;
let stranger: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  stranger = await mainAccount(t);
});
afterAll(() => t.close());

describe('custom protocols', () => {
  it('keeps a defined protocol for its account only', async () => {
    const created = await owner.post('/iot/protocols/custom', levelSensor);
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().data;
    const list = await owner.get('/iot/protocols/custom');
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual(['Level sensor']);
    expect(list.json().data[0].points[1]).toMatchObject({ key: 'temp', byteOrder: 'big', scale: 0.1 });
    expect((await stranger.get('/iot/protocols/custom')).json().data).toEqual([]);
    const foreign = await stranger.get(`/iot/protocols/custom/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('No such protocol, or it is not yours');

    const edited = await owner.call('PUT', `/iot/protocols/custom/${id}`, { ...levelSensor, name: 'Level sensor 2' });
    expect(edited.json().data.name).toBe('Level sensor 2');
    const again = await owner.post('/iot/protocols/custom', { ...levelSensor, name: 'Level sensor 2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().data).toEqual([{ field: 'name', msg: 'You already have a protocol named Level sensor 2' }]);
    expect((await owner.call('DELETE', `/iot/protocols/custom/${id}`)).statusCode).toBe(200);
    expect((await owner.get('/iot/protocols/custom')).json().data).toEqual([]);
  });

  it('says in words what is wrong with the frames and points', async () => {
    const res = await owner.post('/iot/protocols/custom', {
      ...levelSensor,
      name: 'Broken sensor',
      request: '{addr:1} 03 0 {crc16modbus}',
      answerHeader: '{addr:1} {crc8}',
      answerLength: 9,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'request', msg: 'Odd number of hex digits: "030" is not whole bytes' },
      {
        field: 'answerHeader',
        msg: 'Unknown placeholder {crc8}: use {addr:1}-{addr:4}, {crc16modbus}, {sum8} (or from byte i: {crc16modbus:i}, {sum8:i}), and {value} in the write frame',
      },
      {
        field: 'points[2].offset',
        msg: 'Data point "Setpoint" lies outside the answer: it ends at byte 9, and the answer has 7 bytes before its checksum',
      },
    ]);
  });

  it('keeps a checksum over part of the answer, and reads protocols saved before it as checking the whole answer', async () => {
    const created = await owner.post('/iot/protocols/custom', wokenMeter);
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().data;
    expect((await owner.get(`/iot/protocols/custom/${id}`)).json().data).toMatchObject({
      request: wokenMeter.request,
      checksum: 'sum8',
      checksumFrom: 2,
    });
    // A definition stored before decision 0164 has no checksumFrom: it reads as 0, the whole answer.
    const { checksumFrom: _, ...before } = { ...wokenMeter, name: 'Saved before' };
    const old = await owner.post('/iot/protocols/custom', before);
    expect(old.json().data.checksumFrom).toBe(0);
    await updateProtocol(t.db.kysely, old.json().data.id, {
      name: before.name,
      definition: JSON.stringify(before),
      at: 1,
    });
    expect((await owner.get(`/iot/protocols/custom/${old.json().data.id}`)).json().data.checksumFrom).toBe(0);

    const broken = await owner.post('/iot/protocols/custom', {
      ...wokenMeter,
      name: 'Broken woken',
      request: 'FE 68 {sum8:3}',
      checksumFrom: 11,
    });
    expect(broken.json().data).toEqual([
      {
        field: 'request',
        msg: '{sum8:3} starts its checksum at byte 3, but fewer bytes come before it (bytes count from 0)',
      },
      { field: 'checksumFrom', msg: 'The checksum starts at byte 11, but the bytes it covers end before byte 11' },
    ]);
  });
});
