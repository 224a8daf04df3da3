import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fleetFromArgs } from './cli.ts';
import { parseRtu, readRequest, rtuFrame } from './modbus.ts';
import { TestGateway } from './testing.ts';

const CLI = path.join(import.meta.dirname, 'cli.ts');
let gateway: TestGateway | undefined;

afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

describe('the simulator command line', () => {
  it('builds a fleet of DTUs with SNs of the prefix padded to 20 characters and MQTT devices', () => {
    const { fleet } = fleetFromArgs([
      '--dtus',
      '3',
      '--sn-prefix',
      'LOAD',
      '--mqtt',
      'mqtt://127.0.0.1:1',
      '--mqtt-devices',
      '2',
    ]);
    expect(fleet.dtus.map((d) => d.options.sn)).toEqual([
      'LOAD0000000000000001',
      'LOAD0000000000000002',
      'LOAD0000000000000003',
    ]);
    expect(fleet.mqttDevices.map((d) => d.options.sn)).toEqual(['LOADM000000000000001', 'LOADM000000000000002']);
    expect(fleet.dtus[0].options.password).toBe('12345678');
  });

  it('starts the SNs at --sn-start, so that several simulator processes share one fleet by ranges', () => {
    const first = fleetFromArgs(['--dtus', '2', '--sn-prefix', 'CLU']).fleet;
    const second = fleetFromArgs(['--dtus', '2', '--sn-prefix', 'CLU', '--sn-start', '3']).fleet;
    expect([...first.dtus, ...second.dtus].map((d) => d.options.sn)).toEqual([
      'CLU00000000000000001',
      'CLU00000000000000002',
      'CLU00000000000000003',
      'CLU00000000000000004',
    ]);
    const spread = fleetFromArgs(['--dtus', '2', '--sn-start', '255', '--source-net', '127.1.0.0/16']).fleet;
    expect(spread.dtus.map((d) => d.options.localAddress)).toEqual(['127.1.0.255', '127.1.1.0']);
    const mqtt = fleetFromArgs(['--sn-start', '10', '--mqtt', 'mqtt://127.0.0.1:1', '--mqtt-devices', '1']).fleet;
    expect(mqtt.mqttDevices.map((d) => d.options.sn)).toEqual(['SIMM0000000000000010']);
  });

  it('plays the six demo devices with --demo', () => {
    const { fleet } = fleetFromArgs(['--demo']);
    expect(fleet.dtus).toHaveLength(5);
    expect(fleet.mqttDevices.map((d) => d.options.sn)).toEqual(['MERIDIANDEMO00000006']);
  });

  it.each([
    [['--gateway', 'nowhere'], '--gateway: expected host:port'],
    [['--dtus', 'many'], '--dtus: expected a number, not many'],
    [['--profile', 'toaster'], '--profile: one of thermo, meter, flow, plc, pressure, level, greenhouse, generic'],
    [['--framing', 'ascii'], '--framing: rtu or tcp'],
    [
      ['--faults', 'fire:0.1'],
      '--faults: expected name:probability with a name of noReply, exception, garbage, badCrc, disconnect, not fire:0.1',
    ],
    [['--faults', 'noReply:2'], 'not noReply:2'],
    [['--registration', 'XYZ'], '--registration: hexadecimal, at most 40 bytes'],
    [['--registration', 'AA'.repeat(41)], '--registration: hexadecimal, at most 40 bytes'],
    [['--sn-prefix', 'P'.repeat(20), '--dtus', '1'], 'the SN prefix leaves no room for a number in 20 characters'],
    [['--sn-start', '0'], '--sn-start: expected a whole number from 1, not 0'],
    [['--sn-start', '1.5'], '--sn-start: expected a whole number from 1, not 1.5'],
    [['--source-net', '127.1.0.0', '--dtus', '1'], '--source-net: expected a.b.c.d/bits, not 127.1.0.0'],
    [
      ['--source-net', '127.1.0.0/30', '--dtus', '4'],
      '--source-net: 127.1.0.0/30 has 4 addresses, too few for DTU number 4',
    ],
  ])('refuses %j with a message', (args, message) => {
    expect(() => fleetFromArgs(args)).toThrow(message);
  });

  it('runs DTUs against a gateway for --duration seconds, printing counters, and exits cleanly', async () => {
    gateway = new TestGateway();
    const port = await gateway.listen();
    const child = spawn(
      process.execPath,
      [
        CLI,
        '--gateway',
        `127.0.0.1:${port}`,
        '--dtus',
        '3',
        '--duration',
        '2',
        '--stats',
        '1',
        '--source-net',
        '127.7.0.0/24',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const peers = await Promise.all([gateway.accept(), gateway.accept(), gateway.accept()]);
    const sns = await Promise.all(peers.map(async (p) => (await p.read(28)).toString('ascii').slice(0, 20)));
    expect(sns.sort()).toEqual(['SIM00000000000000001', 'SIM00000000000000002', 'SIM00000000000000003']);
    // Each DTU from its own address of --source-net, DTU n from the n-th.
    const from = new Map(peers.map((p, i) => [sns[i], p.socket.remoteAddress]));
    expect([...from.entries()].sort()).toEqual([
      ['SIM00000000000000001', '127.7.0.1'],
      ['SIM00000000000000002', '127.7.0.2'],
      ['SIM00000000000000003', '127.7.0.3'],
    ]);
    peers[0].write(rtuFrame(1, readRequest(3, 0, 50)));
    expect(parseRtu(await peers[0].read(105))?.address).toBe(1);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(output).toContain('simulating 3 DTUs and 0 MQTT devices');
    expect(output).toMatch(/connected 3 \| connects 3/);
    expect(output).toContain('(stopped: 2s elapsed)');
  }, 20_000);

  it('says what to give when there is nothing to simulate', async () => {
    const child = spawn(process.execPath, [CLI], { stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
    expect(errors).toContain('nothing to simulate: give --dtus, --mqtt-devices, --relay or --demo');
  });
});
