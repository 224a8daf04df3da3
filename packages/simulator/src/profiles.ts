import type { Drift } from './signals.ts';
import type { Encoding, SignalSpec, Table } from './slave.ts';

/**
 * Register maps of the devices the simulator plays. The named ones follow the built-in device
 * library of Device Cloud (server iot/templates/library.ts) address for address, so that a device
 * created from a library template reads sensible values from a simulated DTU.
 */
export type ProfileName = 'thermo' | 'meter' | 'flow' | 'plc' | 'pressure' | 'level' | 'greenhouse' | 'generic';
export const PROFILE_NAMES: readonly ProfileName[] = [
  'thermo',
  'meter',
  'flow',
  'plc',
  'pressure',
  'level',
  'greenhouse',
  'generic',
];

const walk = (centre: number, min: number, max: number, step: number) =>
  ({ kind: 'walk', centre, min, max, step }) as const;
const counter = (perHour: number) => ({ kind: 'counter', perHour }) as const;
const wave = (mean: number, amplitude: number, periodSeconds: number, noise = 0) =>
  ({ kind: 'wave', mean, amplitude, periodSeconds, noise }) as const;
const FIXED = { kind: 'fixed' } as const;

/** One signal: where it is, how it is encoded, where it starts and how it moves. */
const sig = (
  name: string,
  table: Table,
  address: number,
  encoding: Encoding,
  initial: number,
  drift: Drift,
  more: Pick<SignalSpec, 'scale' | 'bitIndex' | 'writable'> = {},
): SignalSpec => ({ name, table, address, encoding, initial, drift, ...more });

const HR = 'holdingRegister';
const IR = 'inputRegister';

/** Renke RS-WS-N01: humidity and temperature in tenths, holding registers 0 and 1. */
const thermo: SignalSpec[] = [
  sig('Humidity', HR, 0, 'uint16', 55, walk(55, 20, 95, 0.15), { scale: 10 }),
  sig('Temperature', HR, 1, 'int16', 22, walk(22, -10, 45, 0.05), { scale: 10 }),
  sig('Device address', HR, 0x07d0, 'uint16', 1, FIXED, { writable: true }),
];

/** Eastron SDM630: float32 input registers, high word first; energy in kWh that only grows. */
const meter: SignalSpec[] = [
  ...[0, 2, 4].map((a, i) => sig(`Phase ${i + 1} voltage`, IR, a, 'float32AbCd', 230, walk(230, 207, 253, 0.08))),
  ...[6, 8, 10].map((a, i) => sig(`Phase ${i + 1} current`, IR, a, 'float32AbCd', 12, walk(12, 0, 60, 0.05))),
  sig('Total active power', IR, 0x34, 'float32AbCd', 8200, walk(8200, 0, 40000, 30)),
  sig('Total power factor', IR, 0x3e, 'float32AbCd', 0.95, walk(0.95, 0.8, 1, 0.002)),
  sig('Frequency', IR, 0x46, 'float32AbCd', 50, walk(50, 49.8, 50.2, 0.003)),
  sig('Import active energy', IR, 0x48, 'float32AbCd', 12840.5, counter(8)),
  sig('Total active energy', IR, 0x156, 'float32AbCd', 13102.2, counter(8)),
];

/** Sinomeasure SUP-LDG: floats low word first; the forward total grows. */
const flow: SignalSpec[] = [
  sig('Instantaneous flow', HR, 0x1010, 'float32CdAb', 36, walk(36, 0, 80, 0.2)),
  sig('Flow velocity', HR, 0x1012, 'float32CdAb', 1.3, walk(1.3, 0, 3, 0.01)),
  sig('Flow percentage', HR, 0x1014, 'float32CdAb', 45, walk(45, 0, 100, 0.2)),
  sig('Fluid conductivity', HR, 0x1016, 'float32CdAb', 520, walk(520, 300, 800, 1)),
  sig('Forward total whole part', HR, 0x1018, 'uint32CdAb', 182_340, counter(36)),
  sig('Forward total fraction', HR, 0x101a, 'float32CdAb', 0.5, wave(0.5, 0.49, 100)),
  sig('Reverse total whole part', HR, 0x101c, 'uint32CdAb', 12, FIXED),
  sig('Reverse total fraction', HR, 0x101e, 'float32CdAb', 0.25, FIXED),
];

/** Siemens S7-200 SMART as a Modbus slave: coils, inputs and a writable set point in hundredths. */
const plc: SignalSpec[] = [
  sig('Pump run Q0_0', 'coil', 0, 'bit', 1, FIXED, { writable: true }),
  sig('Valve open Q0_1', 'coil', 1, 'bit', 0, FIXED, { writable: true }),
  sig('Alarm lamp Q0_2', 'coil', 2, 'bit', 0, FIXED, { writable: true }),
  sig('Pump running I0_0', 'discreteInput', 0, 'bit', 1, { kind: 'toggle', perHour: 6 }),
  sig('Emergency stop I0_1', 'discreteInput', 1, 'bit', 0, FIXED),
  sig('Pressure setpoint VW0', HR, 0, 'int16', 0.6, FIXED, { scale: 100, writable: true }),
  sig('Batch counter VW2', HR, 1, 'uint16', 120, counter(30)),
  sig('Run hours VD4', HR, 2, 'uint32AbCd', 8760, counter(1)),
  sig('Auto mode V8_0', HR, 4, 'bit', 1, FIXED, { bitIndex: 8, writable: true }),
];

/** A 4-20 mA analog module reporting microamps. */
const pressure: SignalSpec[] = [
  sig('Inlet pressure', IR, 0, 'uint16', 12000, walk(12000, 4000, 20000, 20)),
  sig('Outlet pressure', IR, 1, 'uint16', 9000, walk(9000, 4000, 20000, 20)),
];

/** A submersible level transmitter set to metres with 3 decimals; the level follows a ten-minute fill-and-draw cycle. */
const level: SignalSpec[] = [
  sig('Unit code', HR, 2, 'uint16', 1, FIXED),
  sig('Decimal places', HR, 3, 'uint16', 3, FIXED),
  sig('Water level', HR, 4, 'int16', 2.5, wave(2.5, 1.2, 600, 0.005), { scale: 1000 }),
];

/**
 * An MQTT greenhouse climate sensor (the demo's MQTT device): it publishes by point name, so the
 * registers here only keep the values; the fan set point and the valve can be written from the cloud.
 */
const greenhouse: SignalSpec[] = [
  sig('Air temperature', HR, 0, 'float32AbCd', 24, wave(24, 4, 900, 0.05)),
  sig('Air humidity', HR, 2, 'float32AbCd', 70, walk(70, 40, 95, 0.2)),
  sig('CO2 concentration', HR, 4, 'float32AbCd', 650, walk(650, 400, 1500, 3)),
  sig('Light intensity', HR, 6, 'float32AbCd', 18000, walk(18000, 0, 60000, 150)),
  sig('Fan speed setpoint', HR, 8, 'uint16', 40, FIXED, { writable: true }),
  sig('Irrigation valve', 'coil', 0, 'bit', 0, FIXED, { writable: true }),
];

/**
 * `points` int16 holding registers from address 0, each a random walk around its own centre, for
 * load: the template for it is `points` int16 holding registers 0..points-1 on slave 1.
 */
export function genericProfile(points: number): SignalSpec[] {
  return Array.from({ length: points }, (_, i) => {
    const centre = 100 + ((i * 37) % 900);
    return {
      name: `Point ${i + 1}`,
      table: 'holdingRegister',
      address: i,
      encoding: 'int16',
      initial: centre,
      drift: walk(centre, centre - 100, centre + 100, 1),
    };
  });
}

export function profile(name: ProfileName, points = 50): SignalSpec[] {
  switch (name) {
    case 'thermo':
      return thermo;
    case 'meter':
      return meter;
    case 'flow':
      return flow;
    case 'plc':
      return plc;
    case 'pressure':
      return pressure;
    case 'level':
      return level;
    case 'greenhouse':
      return greenhouse;
    case 'generic':
      return genericProfile(points);
  }
}
