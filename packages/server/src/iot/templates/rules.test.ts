import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import {
  heatPoint,
  heatTemplate,
  mainAccount,
  meterPoint,
  meterTemplate,
  samplePoint,
  sampleTemplate,
  waterPoint,
  waterTemplate,
} from './testing.ts';

let t: TestApp;
let owner: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
});
afterAll(() => t.close());

let seq = 0;
const create = (change: Record<string, unknown>) =>
  owner.post('/iot/templates', sampleTemplate(`Rules ${++seq}`, change));
/** The `{ field, msg }` list of a refused template made of these slaves and points. */
async function problems(change: Record<string, unknown>) {
  const res = await create(change);
  expect(res.statusCode).toBe(400);
  return res.json().data as Array<{ field: string; msg: string }>;
}
const oneSlave = [{ index: 1, name: 'Meter slave', address: 1 }];
const pointProblems = (...points: Array<Record<string, unknown>>) =>
  problems({ slaves: oneSlave, points: points.map((p) => samplePoint(p)) });

describe('template and slave fields', () => {
  it('checks the template name: 4-64 characters, no special characters', async () => {
    const msg = 'Template name: 4-64 characters; Chinese, letters, digits, spaces, underscores or hyphens only';
    for (const name of ['abc', 'Pump@Station', 'x'.repeat(65), 'name/with/slash']) {
      const res = await owner.post('/iot/templates', sampleTemplate(name));
      expect(res.json().data, name).toEqual([{ field: 'name', msg }]);
    }
    const chinese = await owner.post('/iot/templates', sampleTemplate('温湿度 模板_A-1'));
    expect(chinese.statusCode).toBe(200);
  });

  it('checks each slave field', async () => {
    const data = await problems({
      slaves: [{ index: 0, name: 'abc', address: 256, ip: '10.0.0.300', port: 70000, deviceNo: 'A-1' }],
      points: [],
    });
    expect(data).toEqual([
      { field: 'slaves[0].index', msg: 'Slave serial number: a number 1-255' },
      { field: 'slaves[0].name', msg: 'Slave name: 4-30 characters' },
      { field: 'slaves[0].address', msg: 'Slave address: 0-255' },
      { field: 'slaves[0].ip', msg: 'The IP address is not valid' },
      { field: 'slaves[0].port', msg: 'Port: 1-65535' },
      { field: 'slaves[0].deviceNo', msg: 'Slave device number: digits or letters only' },
    ]);
  });

  it('wants unique serial numbers, different device numbers, and IP with port', async () => {
    const data = await problems({
      slaves: [
        { index: 1, name: 'Slave one', address: 1, deviceNo: 'PUMP1' },
        { index: 1, name: 'Slave two', address: 1 },
        { index: 3, name: 'Slave three', address: 3, deviceNo: 'pump1' },
        { index: 4, name: 'Slave four', address: 4, ip: '192.168.1.10' },
      ],
      points: [],
    });
    expect(data).toEqual([
      { field: 'slaves[1].index', msg: 'Slave serial numbers must be unique' },
      { field: 'slaves[1].address', msg: 'Device numbers must differ' },
      { field: 'slaves[2].deviceNo', msg: 'Device numbers must differ' },
      { field: 'slaves[3].port', msg: 'IP and port go together: give both or neither' },
    ]);
    const tcp = await problems({ protocol: 'modbusTcp', slaves: oneSlave, points: [] });
    expect(tcp).toEqual([{ field: 'slaves[0].ip', msg: 'A Modbus TCP slave needs an IP and a port' }]);
    // The same address on two different IP endpoints is two devices.
    const apart = await create({
      protocol: 'modbusTcp',
      slaves: [
        { index: 1, name: 'Line one', address: 1, ip: '192.168.1.10', port: 502 },
        { index: 2, name: 'Line two', address: 1, ip: '192.168.1.11', port: 502 },
      ],
      points: [],
    });
    expect(apart.statusCode).toBe(200);
  });

  it('wants a slave when there are data points, and the slave a point names', async () => {
    expect(await problems({ slaves: [] })).toEqual([
      { field: 'slaves', msg: 'Slave count must be greater than 0: a template with data points needs a slave' },
    ]);
    expect(await pointProblems({ slaveIndex: 7 })).toEqual([
      { field: 'points[0].slaveIndex', msg: 'No slave has serial number 7' },
    ]);
  });
});

describe('data point fields', () => {
  it('checks name, length, precision and bit number ranges', async () => {
    expect(
      await pointProblems({ name: 'abc', registerLength: 65, precision: 7, bitIndex: 16 }, { registerLength: 0 }),
    ).toEqual([
      { field: 'points[0].name', msg: 'Variable name: 4-30 characters' },
      { field: 'points[0].registerLength', msg: 'Register length: 1-64' },
      { field: 'points[0].bitIndex', msg: 'Bit number: 0-15' },
      { field: 'points[0].precision', msg: 'Precision: 0-6 decimal places' },
      { field: 'points[1].registerLength', msg: 'Register length: 1-64' },
    ]);
  });

  it('checks the register address format and that it fits with its length', async () => {
    const msg = 'Register address format incorrect: decimal 0-65535 or hex 0x0000-0xFFFF';
    const data = await pointProblems(
      { registerAddress: 'abc' },
      { name: 'Point two', registerAddress: '65536' },
      { name: 'Point three', registerAddress: '0x10000' },
      { name: 'Point four', registerAddress: '40001x' },
      { name: 'Point five', registerAddress: -1 },
      { name: 'Point six', registerAddress: '0xFFFF', variant: 'float32AbCd', registerLength: 2 },
      { name: 'Point seven', registerAddress: 65535 },
    );
    expect(data).toEqual([
      { field: 'points[0].registerAddress', msg },
      { field: 'points[1].registerAddress', msg },
      { field: 'points[2].registerAddress', msg },
      { field: 'points[3].registerAddress', msg },
      { field: 'points[4].registerAddress', msg },
      { field: 'points[5].registerLength', msg: 'Register address plus length goes past 65535' },
    ]);
  });

  it('wants the variant to belong to the data type and to span the right number of registers', async () => {
    const data = await pointProblems(
      { variant: 'float32CdAb', registerLength: 1 },
      { name: 'Energy total', variant: 'float64', registerLength: 2 },
      { name: 'Location', dataType: 'location', variant: 'string', registerLength: 15 },
      { name: 'Run status', dataType: 'switch', variant: 'uint16' },
      { name: 'Coil value', registerType: 'coil', variant: 'int16' },
      { name: 'Good float', variant: 'float32AbCd', registerLength: 2 },
      { name: 'Good string', dataType: 'character', variant: 'string', registerLength: 10 },
    );
    expect(data).toEqual([
      { field: 'points[0].registerLength', msg: 'Data format incorrect: float32CdAb takes 2 register(s)' },
      { field: 'points[1].registerLength', msg: 'Data format incorrect: float64 takes 4 register(s)' },
      { field: 'points[2].variant', msg: 'Data format incorrect: string is not a variant of data type location' },
      { field: 'points[3].variant', msg: 'Data format incorrect: uint16 is not a variant of data type switch' },
      { field: 'points[4].dataType', msg: 'Data format incorrect: coils and discrete inputs hold switches only' },
    ]);
  });

  it('keeps bit numbers to switches in registers, and read-only tables read-only', async () => {
    const data = await pointProblems(
      { name: 'Coil bit', registerType: 'coil', dataType: 'switch', variant: 'bit', bitIndex: 3 },
      { name: 'Word bit', bitIndex: 3 },
      { name: 'Input reg', registerType: 'inputRegister', readWrite: 'readWrite' },
      { name: 'Input bit', registerType: 'discreteInput', dataType: 'switch', variant: 'bit', readWrite: 'writeOnly' },
      { name: 'Status bit', dataType: 'switch', variant: 'bit', bitIndex: 15 },
    );
    expect(data).toEqual([
      { field: 'points[0].bitIndex', msg: 'A bit number applies only to a switch kept in a register' },
      { field: 'points[1].bitIndex', msg: 'A bit number applies only to a switch kept in a register' },
      { field: 'points[2].readWrite', msg: 'Discrete inputs and input registers are read-only; choose read-only' },
      { field: 'points[3].readWrite', msg: 'Discrete inputs and input registers are read-only; choose read-only' },
    ]);
  });

  it('checks formulas on save, naming the character, and refuses an inverse formula on a read-only point', async () => {
    const data = await pointProblems(
      { formula: 'x * 0.1 )' },
      { name: 'Inverse bad', inverseFormula: 'y / 2' },
      { name: 'Read only', readWrite: 'readOnly', formula: 'x / 10', inverseFormula: 'x * 10' },
      { name: 'Switch formula', dataType: 'switch', variant: 'bit', formula: 'x * 2' },
      { name: 'Good pair', formula: 'x * 0.1 + 2', inverseFormula: '(x - 2) / 0.1' },
      { name: 'Write only', readWrite: 'writeOnly', inverseFormula: 'x * 10' },
    );
    expect(data).toEqual([
      { field: 'points[0].formula', msg: "Formula error at character 9: unexpected ')'" },
      {
        field: 'points[1].inverseFormula',
        msg: "Formula error at character 1: unknown name 'y' (use x for the raw value)",
      },
      { field: 'points[2].inverseFormula', msg: 'Read-only data points do not support this operation' },
      { field: 'points[3].formula', msg: 'Formulas apply to numeric data points only' },
    ]);
  });

  it('wants a change amplitude above 0 for storage on change, and different names within a slave', async () => {
    const msg = 'Variable storage range error: the change amplitude must be greater than 0';
    const data = await pointProblems(
      { storage: 'onChange' },
      { name: 'Zero amplitude', storage: 'onChange', amplitude: 0 },
      { name: 'Negative amplitude', storage: 'onChange', amplitude: -1 },
      { name: 'Zero amplitude', storage: 'onChange', amplitude: 0.5 },
    );
    expect(data).toEqual([
      { field: 'points[0].amplitude', msg },
      { field: 'points[1].amplitude', msg },
      { field: 'points[2].amplitude', msg },
      { field: 'points[3].name', msg: 'Variable names must differ within a slave' },
    ]);
  });

  it('takes 500 data points and refuses 501', async () => {
    const points = (n: number) =>
      Array.from({ length: n }, (_, i) => samplePoint({ name: `Point ${i + 1}`, registerAddress: String(i) }));
    const refused = await problems({ slaves: oneSlave, points: points(501) });
    expect(refused).toEqual([{ field: 'points', msg: 'Data points per template: at most 500' }]);
    const taken = await create({ slaves: oneSlave, points: points(500) });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data.pointCount).toBe(500);
  });

  it('answers in Chinese to a Chinese reader', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/iot/templates',
      headers: { 'x-authorization': owner.token, 'accept-language': 'zh-CN' },
      payload: sampleTemplate('Chinese reader', {
        slaves: oneSlave,
        points: [samplePoint({ readWrite: 'readOnly', inverseFormula: 'x' })],
      }),
    });
    expect(res.json().data).toEqual([{ field: 'points[0].inverseFormula', msg: '只读数据点不支持此操作' }]);
  });
});

describe('DL/T 645 templates', () => {
  it('keeps meter addresses and data identifiers, and returns them as saved', async () => {
    const res = await owner.post('/iot/templates', meterTemplate(`Meters ${++seq}`));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.protocol).toBe('dlt645');
    expect(data.slaves.map((s: { meterAddress: string }) => s.meterAddress)).toEqual(['000000000001', '000000000002']);
    expect(
      data.points.map((p: { name: string; dataIdentifier: string; registerLength: number; precision: number }) => [
        p.name,
        p.dataIdentifier,
        p.registerLength,
        p.precision,
      ]),
    ).toEqual([
      ['Energy one', '00010000', 4, 2],
      ['Voltage A', '02010100', 2, 1],
      ['Energy two', '00010000', 4, 2],
    ]);
  });

  it('wants a 12-digit meter address on each meter, once, and an identifier of 8 hex digits on each point', async () => {
    const data = await problems(
      meterTemplate('', {
        name: `Meters ${++seq}`,
        slaves: [
          { index: 1, name: 'Meter one', address: 0, meterAddress: '000000000001' },
          { index: 2, name: 'Meter copy', address: 0, meterAddress: '000000000001' },
          { index: 3, name: 'Meter none', address: 0 },
          { index: 4, name: 'Meter short', address: 0, meterAddress: '12345' },
        ],
        points: [meterPoint({ dataIdentifier: '0001000G' })],
      }),
    );
    expect(data).toEqual([
      {
        field: 'slaves[3].meterAddress',
        msg: 'Meter address: 12 digits for DL/T 645, 14 for CJ/T 188 (or the wildcard AA…AA)',
      },
      { field: 'points[0].dataIdentifier', msg: 'Data identifier: 8 hex digits (DI3..DI0, e.g. 00010000)' },
    ]);
    const rules = await problems(
      meterTemplate('', {
        name: `Meters ${++seq}`,
        slaves: [
          { index: 1, name: 'Meter one', address: 0, meterAddress: '000000000001' },
          { index: 2, name: 'Meter copy', address: 0, meterAddress: '000000000001' },
          { index: 3, name: 'Meter none', address: 0 },
        ],
        points: [meterPoint({ dataIdentifier: null })],
      }),
    );
    expect(rules).toEqual([
      { field: 'slaves[1].meterAddress', msg: 'Device numbers must differ' },
      { field: 'slaves[2].meterAddress', msg: 'Meter address: 12 digits (or the wildcard AAAAAAAAAAAA)' },
      { field: 'points[0].dataIdentifier', msg: 'Data identifier: 8 hex digits (DI3..DI0, e.g. 00010000)' },
    ]);
  });

  it("reads a point only, as a number, in its identifier's format", async () => {
    const data = await problems(
      meterTemplate(`Meters ${++seq}`, {
        points: [
          meterPoint({ readWrite: 'readWrite' }),
          meterPoint({ name: 'Energy text', dataType: 'character', variant: 'string' }),
          meterPoint({ name: 'Energy wide', registerLength: 2, precision: 3 }),
          meterPoint({ name: 'Own identifier', dataIdentifier: '04000401', registerLength: 9 }),
        ],
      }),
    );
    expect(data).toEqual([
      { field: 'points[0].readWrite', msg: "A meter's data point can only be read" },
      { field: 'points[1].dataType', msg: "A meter's data point is numeric" },
      { field: 'points[2].registerLength', msg: 'Data identifier 00010000 is 4 bytes with 2 decimals' },
      { field: 'points[3].registerLength', msg: 'Data length: 1-8 bytes' },
    ]);
  });
});

describe('CJ/T 188 templates', () => {
  it('keeps meter types, 14-digit addresses and data items, and returns them as saved', async () => {
    const res = await owner.post('/iot/templates', waterTemplate(`Water ${++seq}`));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.protocol).toBe('cjt188');
    expect(data.slaves.map((s: { address: number; meterAddress: string }) => [s.address, s.meterAddress])).toEqual([
      [0x10, '00000000000001'],
      [0x10, '00000000000002'],
    ]);
    expect(data.points.map((p: { name: string; dataIdentifier: string }) => [p.name, p.dataIdentifier])).toEqual([
      ['Flow one', '901f:current'],
      ['Settled one', '901f:settlement'],
      ['Status one', '901f:status'],
      ['Flow two', '901f:current'],
    ]);
  });

  it('wants a meter type the standard names, a 14-digit address, once, and an item of 901F on each point', async () => {
    const data = await problems(
      waterTemplate('', {
        name: `Water ${++seq}`,
        slaves: [
          { index: 1, name: 'Water one', address: 0x10, meterAddress: '00000000000001' },
          { index: 2, name: 'Water copy', address: 0x10, meterAddress: '00000000000001' },
          { index: 3, name: 'Water electric', address: 0x40, meterAddress: '00000000000003' },
          { index: 4, name: 'Water short', address: 0x10, meterAddress: '000000000004' },
        ],
        points: [
          waterPoint(),
          waterPoint({ name: 'Energy read', dataIdentifier: '00010000' }),
          waterPoint({ name: 'Flow wide', registerLength: 2 }),
          waterPoint({ name: 'Flow written', readWrite: 'readWrite' }),
        ],
      }),
    );
    expect(data).toEqual([
      { field: 'slaves[1].meterAddress', msg: 'Device numbers must differ' },
      {
        field: 'slaves[2].address',
        msg: 'Meter type: cold water 10H, hot water 11H, drinking water 12H, reclaimed water 13H, heat 20H, cooling 21H or gas 30H',
      },
      { field: 'slaves[3].meterAddress', msg: 'Meter address: 14 digits (or the wildcard AAAAAAAAAAAAAA)' },
      {
        field: 'points[1].dataIdentifier',
        msg: 'Data item: current cumulative flow, settlement-day flow or status (identifier 901F)',
      },
      { field: 'points[2].registerLength', msg: 'Data identifier 901f:current is 4 bytes with 2 decimals' },
      { field: 'points[3].readWrite', msg: "A meter's data point can only be read" },
    ]);
  });

  it('keeps heat and cooling meters with the items of their 901F layout, and refuses the other layout', async () => {
    const res = await owner.post('/iot/templates', heatTemplate(`Heat ${++seq}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.slaves.map((s: { address: number }) => s.address)).toEqual([0x20, 0x21]);
    const data = await problems(
      heatTemplate('', {
        name: `Heat ${++seq}`,
        points: [
          heatPoint({ name: 'Flow of water', dataIdentifier: '901f:current' }),
          waterPoint({ slaveIndex: 2, name: 'Cooling flow' }),
          heatPoint({ name: 'Supply wide', dataIdentifier: '901f:supply', registerLength: 4 }),
        ],
      }),
    );
    expect(data).toEqual([
      {
        field: 'points[0].dataIdentifier',
        msg: 'Data item: settlement-day heat, current heat, heat power, flow rate, cumulative flow, supply or return temperature, working time or status (identifier 901F)',
      },
      {
        field: 'points[1].dataIdentifier',
        msg: 'Data item: settlement-day heat, current heat, heat power, flow rate, cumulative flow, supply or return temperature, working time or status (identifier 901F)',
      },
      { field: 'points[2].registerLength', msg: 'Data identifier 901f:supply is 3 bytes with 2 decimals' },
    ]);
    // A water meter does not take a heat item.
    const water = await problems(waterTemplate(`Water ${++seq}`, { points: [heatPoint()] }));
    expect(water).toEqual([
      {
        field: 'points[0].dataIdentifier',
        msg: 'Data item: current cumulative flow, settlement-day flow or status (identifier 901F)',
      },
    ]);
  });

  it('refuses a CJ/T 188 item in a DL/T 645 template', async () => {
    const data = await problems(meterTemplate(`Meters ${++seq}`, { points: [waterPoint()] }));
    expect(data).toEqual([
      { field: 'points[0].dataIdentifier', msg: 'Data identifier: 8 hex digits (DI3..DI0, e.g. 00010000)' },
    ]);
  });
});
