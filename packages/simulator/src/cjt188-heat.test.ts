import { describe, expect, it } from 'vitest';
import {
  decodeHeat,
  decodeReading,
  encodeHeat,
  HEAT_ITEMS,
  type HeatData,
  itemValue,
  parseFrame,
  readOutcome,
  readRequest,
  WATER_ITEMS,
} from './cjt188.ts';
import { Cjt188Meter } from './cjt188-meter.ts';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

/** The 901F data of a published answer, after its identifier and SER. */
function heatOf(answer: string, address: string): HeatData | undefined {
  const parsed = parseFrame(hex(answer));
  if (parsed.kind !== 'frame') throw new Error(parsed.kind);
  const outcome = readOutcome(parsed.frame, address, '901f');
  if (outcome.kind !== 'data') throw new Error(outcome.kind);
  return decodeHeat(outcome.data);
}

describe('CJ/T 188-2004 heat meters: the 901F layout', () => {
  it('reads the published answer of a heat meter (type 20H) whose battery is low', () => {
    // Published in a C# meter-reading helper on GitHub (the test frame in the comment above its
    // MeterResponse class): meter 11110017312151, DI echoed 1F 90, SER 12, energies 0 kWh (05), power
    // 0 W (14), flow 0 m³/h (35), volume 00000019 = 0.19 m³ (2C), supply 30.76 °C, return 30.68 °C,
    // 273 h, clock 2007-09-12 11:41:32, status 04 00 (battery low); CS E9.
    const data = heatOf(
      '68 20 51 21 31 17 00 11 11 81 2E 1F 90 12 00 00 00 00 05 00 00 00 00 05 00 00 00 00 14 00 00 00 00 35 19 00 00 00 2C 76 30 00 68 30 00 73 02 00 32 41 11 12 09 07 20 04 00 E9 16',
      '11110017312151',
    );
    expect(data).toEqual({
      settlementHeat: 0,
      currentHeat: 0,
      heatPower: 0,
      flowRate: 0,
      volume: 0.19,
      supplyTemperature: 30.76,
      returnTemperature: 30.68,
      workingHours: 273,
      time: '2007-09-12 11:41:32',
      status: 0x0004,
    });
  });

  it('reads a published answer with energy on it: 274.11 kWh at settlement, 54427.88 kWh now', () => {
    // Published in a Node.js DTU example on GitHub (the answer it expects from a heat meter behind
    // the DTU's RS485/M-Bus port, type 25H): SER 03, 00027411 kWh, 05442788 kWh, 0 kW (17),
    // 0 m³/h (35), 00715608 = 7156.08 m³, 26.79 °C / 26.64 °C, 74766 h, 2025-09-03 17:52:11; CS 2A.
    const data = heatOf(
      '68 25 12 19 24 18 27 31 00 81 2E 1F 90 03 11 74 02 00 05 88 27 44 05 05 00 00 00 00 17 00 00 00 00 35 08 56 71 00 2C 79 26 00 64 26 00 66 47 07 11 52 17 03 09 25 20 00 05 2A 16',
      '00312718241912',
    );
    expect(data).toMatchObject({
      settlementHeat: 274.11,
      currentHeat: 54427.88,
      volume: 7156.08,
      supplyTemperature: 26.79,
      returnTemperature: 26.64,
      workingHours: 74766,
      time: '2025-09-03 17:52:11',
      status: 0x0500,
    });
    if (!data) throw new Error('not decoded');
    expect(itemValue(HEAT_ITEMS['901f:heat'], { kind: 'heat', ...data })).toBe(54427.88);
    expect(itemValue(HEAT_ITEMS['901f:return'], { kind: 'heat', ...data })).toBe(26.64);
  });

  it('reads a third published heat meter answer, with FE wake-up bytes before it', () => {
    // Published in a Node.js heat meter adapter on GitHub (the frame in the comment above its
    // parser): type 20H, meter 00740012064713, SER 00, no energy yet, 23.02 °C / 23.11 °C, 5834 h,
    // 2023-09-05 12:49:09, status 00 08; CS F0.
    const data = heatOf(
      'FE FE 68 20 13 47 06 12 00 74 00 81 2E 1F 90 00 00 00 00 00 05 00 00 00 00 05 00 00 00 00 17 00 00 00 00 35 00 00 00 00 2C 02 23 00 11 23 00 34 58 00 09 49 12 05 09 23 20 00 08 F0 16',
      '00740012064713',
    );
    expect(data).toMatchObject({ supplyTemperature: 23.02, returnTemperature: 23.11, workingHours: 5834 });
    expect(data?.time).toBe('2023-09-05 12:49:09');
  });

  it('converts the units a meter sends: MWh, GJ, MW, L/h and litres read as kWh, kW, m³/h and m³', () => {
    const sent: HeatData = {
      settlementHeat: 12_000,
      currentHeat: 15_000,
      heatPower: 2000,
      flowRate: 1.25,
      volume: 3.5,
      supplyTemperature: 65.4,
      returnTemperature: 40.1,
      workingHours: 1234,
      time: '2026-11-01 08:00:00',
      status: 0,
    };
    // MWh (08), MW (1A), L/h (32), L (29).
    const mega = encodeHeat(sent, { energy: 0x08, power: 0x1a, flow: 0x32, volume: 0x29 });
    expect(mega?.subarray(0, 5)).toEqual(hex('00 12 00 00 08')); // 12.00 MWh, lowest byte first
    expect(decodeHeat(mega as Buffer)).toEqual(sent);
    // GJ (11): 1 GJ is 277.78 kWh.
    const gj = encodeHeat(
      { ...sent, settlementHeat: 1000 / 3.6, currentHeat: 2000 / 3.6 },
      {
        energy: 0x11,
        power: 0x17,
        flow: 0x35,
        volume: 0x2c,
      },
    );
    expect(gj?.subarray(5, 10)).toEqual(hex('00 02 00 00 11')); // 2.00 GJ
    expect(decodeHeat(gj as Buffer)?.currentHeat).toBeCloseTo(555.556, 3);
  });

  it('refuses a unit byte of the wrong quantity or digits that are not BCD', () => {
    const good = encodeHeat({
      settlementHeat: 1,
      currentHeat: 2,
      heatPower: 3,
      flowRate: 4,
      volume: 5,
      supplyTemperature: 60,
      returnTemperature: 40,
      workingHours: 6,
      time: '2026-11-01 08:00:00',
      status: 0,
    }) as Buffer;
    expect(decodeHeat(good)).toBeDefined();
    const powerAsEnergy = Buffer.from(good);
    powerAsEnergy[4] = 0x17; // kW where an energy unit belongs
    expect(decodeHeat(powerAsEnergy)).toBeUndefined();
    const notBcd = Buffer.from(good);
    notBcd[25] = 0x1a;
    expect(decodeHeat(notBcd)).toBeUndefined();
    expect(decodeHeat(good.subarray(0, 42))).toBeUndefined();
    // A water meter's layout is not read as a heat meter's, nor the other way round.
    expect(decodeReading(0x20, good)?.kind).toBe('heat');
    // (its first unit byte, kWh, is no volume)
    expect(decodeReading(0x10, good)).toBeUndefined();
    expect(itemValue(WATER_ITEMS['901f:current'], decodeReading(0x20, good) as never)).toBeNaN();
  });
});

describe('the simulated heat meter', () => {
  it('answers 901F in the heat layout, in the units it is told, and only to its type', () => {
    const meter = new Cjt188Meter({
      address: '20260000000001',
      type: 0x20,
      heat: { currentHeat: 5321.5, heatPower: 12.3, supplyTemperature: 70.5, returnTemperature: 45.25 },
      heatUnits: { energy: 0x08, power: 0x17, flow: 0x35, volume: 0x2c },
    });
    const answer = meter.handle(readRequest(0x20, '20260000000001', '901f', 7), new Date('2026-11-01T08:00:00Z'));
    const parsed = parseFrame(answer as Buffer);
    if (parsed.kind !== 'frame') throw new Error(parsed.kind);
    expect(parsed.frame.data.length).toBe(46);
    const outcome = readOutcome(parsed.frame, '20260000000001', '901f');
    if (outcome.kind !== 'data') throw new Error(outcome.kind);
    expect(outcome.data[9]).toBe(0x08); // MWh on the wire
    expect(decodeHeat(outcome.data)).toMatchObject({
      currentHeat: 5320, // 5.32 MWh: the meter's two decimals of MWh
      heatPower: 12.3,
      supplyTemperature: 70.5,
      returnTemperature: 45.25,
      time: '2026-11-01 08:00:00',
    });
    // A water meter's type: silent.
    expect(meter.handle(readRequest(0x10, '20260000000001', '901f'))).toBeUndefined();
    meter.setHeat({ currentHeat: 6000 });
    const next = parseFrame(meter.handle(readRequest(0xaa, '20260000000001', '901f')) as Buffer);
    if (next.kind !== 'frame') throw new Error(next.kind);
    expect(decodeReading(0x20, next.frame.data.subarray(3))).toMatchObject({ kind: 'heat', currentHeat: 6000 });
  });
});
