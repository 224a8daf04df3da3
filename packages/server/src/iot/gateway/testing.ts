import { connect, type Socket } from 'node:net';
import { type DtuOptions, SimulatedDtu } from '@meridian/simulator';
import { crc16 } from '@meridian/simulator/modbus';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import type {
  DeviceReadings,
  FaultReason,
  NetworkStats,
  OfflineReason,
  Telemetry,
  Transport,
} from '../telemetry/types.ts';
import { DTU_DEFAULTS, type DtuServer, type DtuServerOptions, startDtuServer } from './server.ts';

/**
 * The DTU port of a test: loopback, a free port, a short registration wait, and telemetry recorded
 * unless the test passes its own; `options` override any of it.
 */
export function startTestDtuServer(
  db: Db,
  log: Logger,
  options: Partial<DtuServerOptions> = {},
  telemetry: Telemetry = new RecordingTelemetry(),
): Promise<DtuServer> {
  return startDtuServer(db, log, telemetry, {
    ...DTU_DEFAULTS,
    host: '127.0.0.1',
    port: 0,
    registrationQuietMs: 50,
    ...options,
  });
}

/**
 * A simulated DTU connected to the test's DTU port and started: no heartbeat, a quick reconnect and
 * restart; `options` override any of it. The caller stops it.
 */
export function startTestDtu(
  server: DtuServer,
  options: Pick<DtuOptions, 'sn' | 'password'> & Partial<DtuOptions>,
): SimulatedDtu {
  const dtu = new SimulatedDtu({
    host: '127.0.0.1',
    port: server.port,
    heartbeatSeconds: 0,
    reconnectMs: 100,
    restartMs: 200,
    ...options,
  });
  dtu.start();
  return dtu;
}

/** What the gateway told telemetry, in order, for the tests to read. */
export class RecordingTelemetry implements Telemetry {
  readonly batches: DeviceReadings[] = [];
  readonly events: Array<{
    deviceId: number;
    event: 'online' | 'offline' | 'fault' | 'recovered';
    reason?: OfflineReason | FaultReason;
    via?: Transport;
  }> = [];
  readonly stats: Array<{ deviceId: number } & NetworkStats> = [];
  async record(batch: DeviceReadings): Promise<void> {
    this.batches.push(batch);
  }
  async online(deviceId: number, _at: number, via: Transport): Promise<void> {
    this.events.push({ deviceId, event: 'online', via });
  }
  async offline(deviceId: number, _at: number, reason: OfflineReason): Promise<void> {
    this.events.push({ deviceId, event: 'offline', reason });
  }
  async fault(deviceId: number, _at: number, reason: FaultReason): Promise<void> {
    this.events.push({ deviceId, event: 'fault', reason });
  }
  async recovered(deviceId: number): Promise<void> {
    this.events.push({ deviceId, event: 'recovered' });
  }
  async network(deviceId: number, stats: NetworkStats): Promise<void> {
    this.stats.push({ deviceId, ...stats });
  }
  async close(): Promise<void> {}
}

/** What a slave does with the next requests: answer, stay silent, or answer wrongly. */
export type SlaveFault = 'none' | 'noReply' | 'exception' | 'badCrc' | 'truncated' | 'wrongSlave';

/**
 * A Modbus slave of the test: four tables of 16-bit registers and bits, the requests it saw, and
 * a fault to play. Answers RTU frames, or MBAP frames when `tcp`.
 */
export class TestSlave {
  readonly holding = new Map<number, number>();
  readonly input = new Map<number, number>();
  readonly coils = new Map<number, number>();
  readonly discrete = new Map<number, number>();
  readonly requests: Array<{ fn: number; address: number; count: number }> = [];
  fault: SlaveFault = 'none';
  exceptionCode = 2;
  readonly address: number;
  constructor(address: number) {
    this.address = address;
  }

  /** Sets holding registers from `address` on, from big-endian bytes. */
  setBytes(address: number, bytes: Buffer, table: 'holding' | 'input' = 'holding'): void {
    for (let i = 0; i < bytes.length; i += 2) this[table].set(address + i / 2, bytes.readUInt16BE(i));
  }

  /** The reply PDU (function code onwards) to a request PDU, or null to stay silent. */
  answer(pdu: Buffer): Buffer | null {
    const fn = pdu[0] as number;
    const address = pdu.readUInt16BE(1);
    const count = fn === 5 || fn === 6 ? 1 : pdu.readUInt16BE(3);
    this.requests.push({ fn, address, count });
    if (this.fault === 'noReply') return null;
    if (this.fault === 'exception') return Buffer.from([fn | 0x80, this.exceptionCode]);
    if (fn === 1 || fn === 2) {
      const table = fn === 1 ? this.coils : this.discrete;
      const data = Buffer.alloc(Math.ceil(count / 8));
      for (let i = 0; i < count; i++)
        if (table.get(address + i)) data[i >> 3] = (data[i >> 3] as number) | (1 << (i & 7));
      return Buffer.concat([Buffer.from([fn, data.length]), data]);
    }
    if (fn === 3 || fn === 4) {
      const table = fn === 3 ? this.holding : this.input;
      const data = Buffer.alloc(count * 2);
      for (let i = 0; i < count; i++) data.writeUInt16BE(table.get(address + i) ?? 0, i * 2);
      return Buffer.concat([Buffer.from([fn, data.length]), data]);
    }
    if (fn === 5) this.coils.set(address, pdu.readUInt16BE(3) === 0xff00 ? 1 : 0);
    if (fn === 6) this.holding.set(address, pdu.readUInt16BE(3));
    if (fn === 15)
      for (let i = 0; i < count; i++) this.coils.set(address + i, ((pdu[6 + (i >> 3)] as number) >> (i & 7)) & 1);
    if (fn === 16) for (let i = 0; i < count; i++) this.holding.set(address + i, pdu.readUInt16BE(6 + i * 2));
    return pdu.subarray(0, 5);
  }
}

export interface TestDtu {
  socket: Socket;
  /** Every chunk the DTU received from the cloud. */
  received: Buffer[];
  /** Resolves when the cloud closes the connection. */
  closed: Promise<void>;
  send(bytes: Buffer): void;
  close(): void;
}

/**
 * A DTU of the test: connects, sends `registration`, then relays the cloud's requests to its
 * slaves and their replies back (RTU, or MBAP frames when `tcp`). `before` is sent ahead of every
 * reply (a registration packet repeated before every packet).
 */
export async function connectDtu(
  port: number,
  registration: Buffer,
  slaves: readonly TestSlave[],
  options: { tcp?: boolean; before?: Buffer; mutate?: (reply: Buffer) => Buffer } = {},
): Promise<TestDtu> {
  const socket = connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => undefined);
  const received: Buffer[] = [];
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const reply = (frame: Buffer) => {
    const bytes = options.mutate ? options.mutate(frame) : frame;
    socket.write(options.before ? Buffer.concat([options.before, bytes]) : bytes);
  };
  socket.on('data', (frame: Buffer) => {
    received.push(frame);
    const unit = options.tcp ? frame[6] : frame[0];
    const slave = slaves.find((s) => s.address === unit);
    if (!slave || frame.length < (options.tcp ? 12 : 8)) return;
    if (!options.tcp && crc16(frame) !== 0) return;
    const pdu = options.tcp ? frame.subarray(7) : frame.subarray(1, frame.length - 2);
    const answer = slave.answer(pdu);
    if (!answer) return;
    if (options.tcp) {
      const head = Buffer.alloc(7);
      frame.copy(head, 0, 0, 4);
      head.writeUInt16BE(answer.length + 1, 4);
      head[6] = slave.fault === 'wrongSlave' ? (unit as number) + 1 : (unit as number);
      return void reply(Buffer.concat([head, answer]));
    }
    const out = Buffer.alloc(answer.length + 3);
    out[0] = slave.fault === 'wrongSlave' ? (unit as number) + 1 : (unit as number);
    answer.copy(out, 1);
    const crc = crc16(out, 0, answer.length + 1);
    out.writeUInt16LE(crc, answer.length + 1);
    if (slave.fault === 'badCrc') out[out.length - 1] = (out[out.length - 1] as number) ^ 0xff;
    reply(slave.fault === 'truncated' ? out.subarray(0, out.length - 2) : out);
  });
  socket.write(registration);
  return { socket, received, closed, send: (bytes) => socket.write(bytes), close: () => socket.destroy() };
}

/** The default registration: the SN padded to 20 characters, then the 8-character password. */
export const registrationOf = (sn: string, password: string) => Buffer.from(sn.padEnd(20, ' ') + password, 'latin1');

/** A template of slave 1 covering every register type, with a set point written through formulas. */
export function plantTemplate(name: string): Record<string, unknown> {
  const p = (change: Record<string, unknown>) => ({
    slaveIndex: 1,
    registerLength: 1,
    readWrite: 'readOnly',
    dataType: 'numeric',
    registerType: 'holdingRegister',
    ...change,
  });
  return {
    name,
    protocol: 'modbusRtu',
    slaves: [{ index: 1, name: 'Controller', address: 1 }],
    points: [
      p({ name: 'Humidity', registerAddress: 0, variant: 'uint16', formula: 'x / 10', precision: 1 }),
      p({ name: 'Temperature', registerAddress: 1, variant: 'int16', formula: 'x / 10', precision: 1 }),
      p({ name: 'Energy Total', registerAddress: 2, registerLength: 2, variant: 'float32CdAb', precision: 2 }),
      p({
        name: 'Setpoint',
        registerAddress: 10,
        variant: 'int16',
        readWrite: 'readWrite',
        formula: 'x / 10',
        inverseFormula: 'x * 10',
        precision: 1,
      }),
      p({
        name: 'Run Flag',
        registerAddress: 20,
        variant: 'bit',
        bitIndex: 3,
        dataType: 'switch',
        readWrite: 'readWrite',
      }),
      p({
        name: 'Pump Switch',
        registerType: 'coil',
        registerAddress: 0,
        variant: 'bit',
        dataType: 'switch',
        readWrite: 'readWrite',
      }),
      p({ name: 'Alarm Input', registerType: 'discreteInput', registerAddress: 0, variant: 'bit', dataType: 'switch' }),
      p({
        name: 'Flow Rate',
        registerType: 'inputRegister',
        registerAddress: 0,
        registerLength: 2,
        variant: 'uint32AbCd',
      }),
    ],
  };
}

/** The slave behind plantTemplate, with known values. */
export function plantSlave(): TestSlave {
  const slave = new TestSlave(1);
  slave.holding.set(0, 655); // 65.5 %RH
  slave.holding.set(1, 0xff38); // -20.0 °C
  slave.setBytes(2, Buffer.from('00004148', 'hex')); // 12.5 in CD AB order
  slave.holding.set(10, 215); // 21.5
  slave.holding.set(20, 0b1000);
  slave.coils.set(0, 1);
  slave.input.set(0, 1);
  slave.input.set(1, 2); // 65538
  return slave;
}
