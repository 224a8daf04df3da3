import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decodeMetering,
  parseFrame as parseWater,
  readOutcome as waterOutcome,
  readRequest as waterRead,
} from './cjt188.ts';
import { Cjt188Meter } from './cjt188-meter.ts';
import { KNOWN_IDENTIFIERS, parseFrame, readOutcome, readRequest as readRequest645 } from './dlt645.ts';
import { Dlt645Meter } from './dlt645-meter.ts';
import { type DtuOptions, SimulatedDtu } from './dtu.ts';
import { mbapFrame, parseMbap, parseRtu, readRequest, registersOf, rtuFrame, writeSingleRequest } from './modbus.ts';
import { profile } from './profiles.ts';
import { seeded } from './signals.ts';
import { ModbusSlave } from './slave.ts';
import { Ticker } from './stats.ts';
import { TestGateway } from './testing.ts';

const SN = 'SIM00000000000000001';
const PASSWORD = '12345678';

let gateway: TestGateway;
let port: number;
const started: SimulatedDtu[] = [];

beforeEach(async () => {
  gateway = new TestGateway();
  port = await gateway.listen();
});

afterEach(async () => {
  for (const dtu of started.splice(0)) dtu.stop();
  await gateway.close();
});

function dtu(options: Partial<DtuOptions> = {}): SimulatedDtu {
  const d = new SimulatedDtu({
    host: '127.0.0.1',
    port,
    sn: SN,
    password: PASSWORD,
    slaves: [new ModbusSlave(1, profile('thermo')), new ModbusSlave(2, profile('plc'))],
    reconnectMs: 50,
    heartbeatSeconds: 0,
    random: seeded(11),
    ticker: new Ticker(),
    ...options,
  });
  started.push(d);
  d.start();
  return d;
}

/** Reads one RTU reply of a read of `quantity` registers: address, fc, count, data, CRC. */
const registerReply = (quantity: number) => 5 + quantity * 2;

describe('a simulated DTU', () => {
  it('registers with its 20-character SN and 8-character password, then answers reads for each slave behind it', async () => {
    dtu();
    const peer = await gateway.accept();
    expect((await peer.read(28)).toString('ascii')).toBe(SN + PASSWORD);

    peer.write(rtuFrame(1, readRequest(3, 0, 2)));
    const thermo = parseRtu(await peer.read(registerReply(2)));
    expect(thermo?.address).toBe(1);
    const [humidity, temperature] = registersOf(thermo?.pdu ?? Buffer.alloc(0));
    expect(humidity / 10).toBeGreaterThanOrEqual(20);
    expect(humidity / 10).toBeLessThanOrEqual(95);
    expect(temperature / 10).toBeGreaterThan(-10);

    peer.write(rtuFrame(2, writeSingleRequest(6, 0, 85)));
    expect(await peer.read(8)).toEqual(rtuFrame(2, writeSingleRequest(6, 0, 85)));
    peer.write(rtuFrame(2, readRequest(3, 0, 1)));
    expect(registersOf(parseRtu(await peer.read(registerReply(1)))?.pdu ?? Buffer.alloc(0))).toEqual([85]);
  });

  it('puts together a request that arrives in pieces, and answers two requests sent in one packet', async () => {
    const d = dtu();
    const peer = await gateway.accept();
    await peer.read(28);
    const request = rtuFrame(1, readRequest(3, 1, 1));
    peer.write(request.subarray(0, 3));
    // The DTU has the first piece, and the rest arrives as another.
    await vi.waitFor(() => expect(d.stats.bytesIn).toBe(3));
    peer.write(request.subarray(3));
    expect(parseRtu(await peer.read(registerReply(1)))?.address).toBe(1);

    peer.write(Buffer.concat([rtuFrame(1, readRequest(3, 0, 1)), rtuFrame(2, readRequest(1, 0, 3))]));
    expect(parseRtu(await peer.read(registerReply(1)))?.address).toBe(1);
    expect(parseRtu(await peer.read(6))?.pdu[0]).toBe(1);
  });

  it('stays silent for a frame with a bad CRC and for an address no slave has, as an RS485 bus does', async () => {
    const d = dtu();
    const peer = await gateway.accept();
    await peer.read(28);
    const bad = rtuFrame(1, readRequest(3, 0, 1));
    bad[bad.length - 1] ^= 0xff;
    peer.write(bad);
    peer.write(rtuFrame(9, readRequest(3, 0, 1)));
    peer.write(rtuFrame(1, readRequest(3, 1, 1)));
    // The first bytes to come back are the reply to the third request.
    const reply = parseRtu(await peer.read(registerReply(1)));
    expect(reply?.address).toBe(1);
    expect(peer.unread).toBe(0);
    expect(d.stats.replies).toBe(1);
  });

  it('answers an exception, garbage, or a reply with a bad CRC when told to, then normally again', async () => {
    const d = dtu();
    const peer = await gateway.accept();
    await peer.read(28);
    const read = () => peer.write(rtuFrame(1, readRequest(3, 0, 1)));

    d.inject('exception');
    read();
    expect(parseRtu(await peer.read(5))?.pdu).toEqual(Buffer.from([0x83, 4]));

    d.inject('badCrc');
    read();
    const corrupted = await peer.read(registerReply(1));
    expect(corrupted[0]).toBe(1);
    expect(parseRtu(corrupted)).toBeUndefined();

    d.inject('garbage');
    const sentBefore = d.stats.bytesOut;
    read();
    // Garbage is 3 to 14 random bytes: read as many as the DTU sent.
    await vi.waitFor(() => expect(d.stats.bytesOut).toBeGreaterThan(sentBefore));
    const garbage = await peer.read(d.stats.bytesOut - sentBefore);
    expect(parseRtu(garbage)).toBeUndefined();
    // After the garbage, a proper reply once faults stop.
    read();
    expect(parseRtu(await peer.read(registerReply(1)))?.address).toBe(1);
    expect(d.stats.faults).toBe(3);
  });

  it('drops the link on a disconnect fault or no reply, and comes back registering again', async () => {
    const d = dtu();
    const first = await gateway.accept();
    await first.read(28);
    d.inject('noReply');
    d.inject('disconnect');
    first.write(rtuFrame(1, readRequest(3, 0, 1)));
    first.write(rtuFrame(1, readRequest(3, 0, 1)));
    const second = await gateway.accept();
    expect(first.unread).toBe(0);
    expect((await second.read(28)).toString('ascii')).toBe(SN + PASSWORD);
    expect(d.stats.connects).toBe(2);
  });

  it('sends its custom registration packet, before every packet when so configured', async () => {
    dtu({ registration: { hex: 'AA55010203', everyPacket: true } });
    const peer = await gateway.accept();
    expect((await peer.read(5)).toString('hex')).toBe('aa55010203');
    peer.write(rtuFrame(1, readRequest(3, 0, 1)));
    expect((await peer.read(5)).toString('hex')).toBe('aa55010203');
    expect(parseRtu(await peer.read(registerReply(1)))?.address).toBe(1);
  });

  it('beats with its heartbeat content while the link is idle', async () => {
    const d = dtu({ heartbeatSeconds: 1, heartbeatHex: 'FE', ticker: undefined });
    const peer = await gateway.accept();
    await peer.read(28);
    expect((await peer.read(1)).toString('hex')).toBe('fe');
    expect(d.stats.heartbeats).toBeGreaterThan(0);
  });

  it('speaks Modbus TCP through the DTU when configured so, keeping the transaction id', async () => {
    dtu({ framing: 'tcp' });
    const peer = await gateway.accept();
    await peer.read(28);
    peer.write(mbapFrame(0xbeef, 2, readRequest(1, 0, 3)));
    const reply = parseMbap(await peer.read(10));
    expect(reply).toMatchObject({ transaction: 0xbeef, unit: 2 });
    expect(reply?.pdu).toEqual(Buffer.from([1, 1, 0b001]));
  });
});

describe('a simulated DTU with DL/T 645 meters', () => {
  const energy = KNOWN_IDENTIFIERS['00010000'];
  const meters = () => [
    new Dlt645Meter({ address: '000000000001', values: { '00010000': 1234.56 } }),
    new Dlt645Meter({ address: '000000000002', values: { '00010000': 7.5 } }),
  ];

  async function readEnergy(peer: Awaited<ReturnType<TestGateway['accept']>>, address: string, length = 24) {
    peer.write(readRequest645(address, '00010000'));
    const parsed = parseFrame(await peer.read(length));
    if (parsed.kind !== 'frame') return parsed.kind;
    return readOutcome(parsed.frame, address, '00010000', energy);
  }

  it('answers each meter behind it by address, and reports an error answer and a bad checksum as such', async () => {
    const d = dtu({ framing: 'dlt645', slaves: [], meters: meters() });
    const peer = await gateway.accept();
    await peer.read(28);
    // The answer: 4 preamble bytes, 12 of frame, 4 of identifier and 4 of value.
    expect(await readEnergy(peer, '000000000001')).toEqual({ kind: 'value', value: 1234.56 });
    expect(await readEnergy(peer, '000000000002')).toEqual({ kind: 'value', value: 7.5 });

    d.inject('badCrc');
    expect(await readEnergy(peer, '000000000001')).toBe('corrupt');
    d.inject('exception');
    expect(await readEnergy(peer, '000000000001', 17)).toEqual({ kind: 'error', code: 1, causes: ['other'] });
    // The other meter is unaffected.
    expect(await readEnergy(peer, '000000000002')).toEqual({ kind: 'value', value: 7.5 });
  });
});

describe('a simulated DTU with CJ/T 188 water meters', () => {
  const waterMeters = () => [
    new Cjt188Meter({ address: '00000000000001', current: 123.45 }),
    new Cjt188Meter({ address: '00000000000002', current: 7.5 }),
  ];

  async function readFlow(peer: Awaited<ReturnType<TestGateway['accept']>>, address: string, length = 37) {
    peer.write(waterRead(0x10, address, '901f'));
    const parsed = parseWater(await peer.read(length));
    if (parsed.kind !== 'frame') return parsed.kind;
    const outcome = waterOutcome(parsed.frame, address, '901f');
    return outcome.kind === 'data' ? decodeMetering(outcome.data)?.current : outcome;
  }

  it('answers each water meter by address, and reports an error answer and a bad checksum as such', async () => {
    const d = dtu({ framing: 'cjt188', slaves: [], waterMeters: waterMeters() });
    const peer = await gateway.accept();
    await peer.read(28);
    // The answer: 2 preamble bytes, 13 of frame, 3 of identifier and SER and 19 of data.
    expect(await readFlow(peer, '00000000000001')).toBe(123.45);
    expect(await readFlow(peer, '00000000000002')).toBe(7.5);

    d.inject('badCrc');
    expect(await readFlow(peer, '00000000000001')).toBe('corrupt');
    d.inject('exception');
    expect(await readFlow(peer, '00000000000001', 18)).toEqual({ kind: 'error', status: 0x0100 });
    // The other meter is unaffected.
    expect(await readFlow(peer, '00000000000002')).toBe(7.5);
  });
});
