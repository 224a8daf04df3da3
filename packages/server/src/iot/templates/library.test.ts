import { templateInput, templateRulesBroken } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { LIBRARY } from './library.ts';
import { mainAccount } from './testing.ts';

let t: TestApp;
let owner: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
});
afterAll(() => t.close());

interface Entry {
  id: number;
  name: string;
  category: string;
  vendor: string;
  model: string;
  pointCount: number;
}

async function library(): Promise<Entry[]> {
  return (await owner.get('/iot/library?size=100')).json().data.list;
}

describe('the built-in device library', () => {
  it('holds only templates that pass every rule of a user template', () => {
    for (const { category: _c, vendor: _v, model: _m, ...entry } of LIBRARY) {
      const parsed = templateInput.safeParse(entry);
      expect(parsed.error?.issues ?? [], entry.name).toEqual([]);
      expect(templateRulesBroken(templateInput.parse(entry)), entry.name).toEqual([]);
    }
  });

  it('lists the real device types by category, vendor and model, with their point counts', async () => {
    const entries = await library();
    expect(entries).toHaveLength(LIBRARY.length);
    expect(entries.map((e) => e.category)).toEqual([
      'controller',
      'energy',
      'environment',
      'flow',
      'level',
      'pressure',
    ]);
    expect(entries.find((e) => e.model === 'RS-WS-N01')).toMatchObject({
      name: 'Temperature and Humidity Transmitter RS-WS-N01',
      vendor: 'Renke',
      category: 'environment',
      pointCount: 3,
    });
    const meters = (await owner.get('/iot/library?keyword=Eastron')).json().data;
    expect(meters.list.map((e: Entry) => e.model)).toEqual(['SDM630-Modbus']);
    // Any case, on both engines; LIKE's wildcards taken literally.
    const lower = (await owner.get('/iot/library?keyword=eastron')).json().data;
    expect(lower.list.map((e: Entry) => e.model)).toEqual(['SDM630-Modbus']);
    expect((await owner.get('/iot/library?keyword=%25')).json().data.total).toBe(0);
  });

  it('shows an entry with its register map', async () => {
    const flow = (await library()).find((e) => e.category === 'flow') as Entry;
    const detail = (await owner.get(`/iot/library/${flow.id}`)).json().data;
    expect(detail).toMatchObject({ library: true, vendor: 'Sinomeasure', protocol: 'modbusRtu' });
    expect(detail.points[0]).toMatchObject({
      name: 'Instantaneous flow',
      registerType: 'holdingRegister',
      registerAddress: 0x1010,
      registerLength: 2,
      variant: 'float32CdAb',
      dataType: 'numeric',
    });
    const thermo = (await library()).find((e) => e.category === 'environment') as Entry;
    const points = (await owner.get(`/iot/library/${thermo.id}`)).json().data.points;
    expect(points.slice(0, 2)).toMatchObject([
      { name: 'Humidity', registerAddress: 0, variant: 'uint16', formula: 'x / 10', unit: '%RH' },
      { name: 'Temperature', registerAddress: 1, variant: 'int16', formula: 'x / 10', unit: '°C' },
    ]);
  });

  it('copies an entry into the caller’s own templates, which they may then edit', async () => {
    const plc = (await library()).find((e) => e.category === 'controller') as Entry;
    const res = await owner.post(`/iot/library/${plc.id}/copy`, { name: 'Pump Station PLC' });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json().data;
    expect(copy).toMatchObject({
      name: 'Pump Station PLC',
      library: false,
      vendor: 'Siemens',
      pointCount: plc.pointCount,
    });
    expect(copy.points.find((p: { name: string }) => p.name === 'Auto mode V8_0')).toMatchObject({
      registerType: 'holdingRegister',
      registerAddress: 4,
      variant: 'bit',
      bitIndex: 8,
      readWrite: 'readWrite',
    });
    const own = (await owner.get('/iot/templates')).json().data.list;
    expect(own.map((x: { name: string }) => x.name)).toEqual(['Pump Station PLC']);
    const second = await owner.post(`/iot/library/${plc.id}/copy`);
    expect(second.json().data.name).toBe('PLC S7-200 SMART Modbus Slave copy');
    // The library itself is nobody's template: not listed, read or edited as one.
    expect((await owner.get(`/iot/templates/${plc.id}`)).statusCode).toBe(404);
    expect((await owner.call('DELETE', `/iot/templates/${plc.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an entry that is not in the library', async () => {
    const own = (await owner.get('/iot/templates')).json().data.list[0];
    expect((await owner.get(`/iot/library/${own.id}`)).json()).toMatchObject({
      code: 404,
      message: 'No such template, or it is not yours',
    });
  });
});
