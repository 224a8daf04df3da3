import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedDtu } from './dtu.ts';
import { bitsOf, parseRtu, readRequest, registersOf, rtuFrame, writeSingleRequest } from './modbus.ts';
import { exitsWith, peerRuns } from './peers.ts';
import { Ticker } from './stats.ts';
import { type Peer, TestGateway } from './testing.ts';

const PYTHON = '/usr/bin/python3';
const SCRIPT = path.join(import.meta.dirname, '../pymodbus/rtu_over_tcp_server.py');
const SN = 'RELAY000000000000001';

/**
 * Whether the slave script runs here: `--check` makes every import the server makes (pymodbus's
 * server needs `serial`, which Debian's python3-pymodbus only recommends) and exits.
 */
const pymodbus = peerRuns({
  name: "pymodbus's RTU-over-TCP slave",
  install: 'apt-get install -y --no-install-recommends python3-pymodbus python3-serial python3-serial-asyncio',
  runs: () => exitsWith(PYTHON, [SCRIPT, '--check']),
});

let slave: ChildProcess | undefined;
let slavePort = 0;
let gateway: TestGateway;
let dtu: SimulatedDtu;
/** The DTU's one connection to the test gateway, shared by the tests in order. */
let link: Promise<Peer>;

beforeAll(async () => {
  if (!pymodbus) return;
  const child = spawn(PYTHON, [SCRIPT, '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  slave = child;
  slavePort = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('pymodbus did not start')), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`pymodbus exited with ${code}`)));
  });
  gateway = new TestGateway();
  const port = await gateway.listen();
  dtu = new SimulatedDtu({
    host: '127.0.0.1',
    port,
    sn: SN,
    password: '12345678',
    relay: { host: '127.0.0.1', port: slavePort },
    heartbeatSeconds: 0,
    reconnectMs: 0,
    ticker: new Ticker(),
  });
  dtu.start();
}, 20_000);

afterAll(async () => {
  dtu?.stop();
  await gateway?.close();
  slave?.kill();
});

describe.runIf(pymodbus)('a DTU relaying to a pymodbus slave (not ours)', () => {
  it('registers with the gateway and carries an RTU read to pymodbus and its reply back', async () => {
    link = gateway.accept();
    const peer = await link;
    expect((await peer.read(28)).toString('ascii')).toBe(`${SN}12345678`);

    peer.write(rtuFrame(1, readRequest(3, 0, 3)));
    const holding = parseRtu(await peer.read(5 + 6));
    expect(holding?.address).toBe(1);
    expect(registersOf(holding?.pdu ?? Buffer.alloc(0))).toEqual([1234, 5678, 42]);

    peer.write(rtuFrame(1, readRequest(4, 2, 2)));
    expect(registersOf(parseRtu(await peer.read(5 + 4))?.pdu ?? Buffer.alloc(0))).toEqual([33, 44]);

    peer.write(rtuFrame(1, readRequest(1, 0, 8)));
    expect(bitsOf(parseRtu(await peer.read(6))?.pdu ?? Buffer.alloc(0), 8)).toEqual([
      true,
      false,
      true,
      true,
      false,
      false,
      false,
      true,
    ]);
  });

  it('writes a register on pymodbus and reads it back through the relay', async () => {
    const peer = await link;
    peer.write(rtuFrame(1, writeSingleRequest(6, 3, 777)));
    expect(await peer.read(8)).toEqual(rtuFrame(1, writeSingleRequest(6, 3, 777)));
    peer.write(rtuFrame(1, readRequest(3, 3, 1)));
    expect(registersOf(parseRtu(await peer.read(7))?.pdu ?? Buffer.alloc(0))).toEqual([777]);
  });
});
