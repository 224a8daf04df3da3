#!/usr/bin/env node
// The simulator's command line (docs/simulator.md): `node packages/simulator/src/cli.ts --help`.
import { parseArgs } from 'node:util';
import { FAULTS, type Fault } from './dtu.ts';
import { demoFleet, type Fleet, snFor, syntheticFleet } from './fleet.ts';
import { PROFILE_NAMES, type ProfileName } from './profiles.ts';

const HELP = `Meridian device simulator

  --gateway host:port        the DTU port of the gateway (default 127.0.0.1:15000)
  --dtus N                   simulated DTUs (default 0)
  --sn-prefix TEXT           SNs are the prefix and a number, 20 characters (default SIM)
  --sn-start N               the number of the first SN, DTUs and MQTT devices (default 1)
  --source-net a.b.c.d/bits  each DTU connects from its own address of this range, DTU n from the
                             n-th (e.g. 127.1.0.0/16 on loopback; default: the system's choice)
  --password TEXT            communication password of every device (default 12345678)
  --profile NAME             register map: ${PROFILE_NAMES.join(', ')} (default generic)
  --points N                 points of the generic profile: int16 holding registers 0..N-1 (default 50)
  --slaves N                 slaves behind each DTU, addresses 1..N (default 1)
  --framing rtu|tcp          Modbus RTU, or Modbus TCP (MBAP) frames through the DTU (default rtu)
  --faults f:p,...           per-request odds of ${FAULTS.join(', ')} (e.g. noReply:0.01,badCrc:0.005)
  --heartbeat S              heartbeat after S idle seconds (default 60; 0 none)
  --registration HEX         custom registration packet instead of SN + password
  --every-packet             send the registration packet before every packet
  --mqtt URL                 the MQTT broker (e.g. mqtt://127.0.0.1:1883)
  --mqtt-devices N           simulated MQTT devices (default 0)
  --mqtt-prefix TEXT         SN prefix of the MQTT devices (default: the SN prefix and M)
  --interval S               seconds between MQTT publications (default 10)
  --relay host:port          one DTU (--sn, --password) piping bytes to a Modbus RTU-over-TCP server
  --sn SN                    the SN of the relay DTU (default: the first synthetic SN)
  --demo                     play the demo devices (docs/simulator.md) against --gateway and --mqtt
  --ramp N                   connections opened per second (default 500)
  --duration S               stop after S seconds (default: run until Ctrl+C)
  --stats S                  print the counters every S seconds (default 5)
  --seed N                   seed of the value drift (default 1)`;

function hostPort(text: string, option: string): { host: string; port: number } {
  const at = text.lastIndexOf(':');
  const port = Number(text.slice(at + 1));
  if (at < 1 || !Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${option}: expected host:port`);
  return { host: text.slice(0, at), port };
}

function count(text: string | undefined, fallback: number, option: string): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${option}: expected a number, not ${text}`);
  return n;
}

export function faultOdds(text: string | undefined): Partial<Record<Fault, number>> {
  const odds: Partial<Record<Fault, number>> = {};
  for (const part of (text ?? '').split(',').filter(Boolean)) {
    const [name, p] = part.split(':');
    const fault = FAULTS.find((f) => f === name);
    const probability = Number(p);
    if (!fault || !(probability >= 0 && probability <= 1)) {
      throw new Error(`--faults: expected name:probability with a name of ${FAULTS.join(', ')}, not ${part}`);
    }
    odds[fault] = probability;
  }
  return odds;
}

/** Parses the command line into a fleet; throws with a message for the user on a bad option. */
export function fleetFromArgs(args: string[]): { fleet: Fleet; duration: number; statsEvery: number; ramp: number } {
  const { values: v } = parseArgs({
    args,
    strict: true,
    options: {
      gateway: { type: 'string' },
      dtus: { type: 'string' },
      'sn-prefix': { type: 'string' },
      'sn-start': { type: 'string' },
      'source-net': { type: 'string' },
      password: { type: 'string' },
      profile: { type: 'string' },
      points: { type: 'string' },
      slaves: { type: 'string' },
      framing: { type: 'string' },
      faults: { type: 'string' },
      heartbeat: { type: 'string' },
      registration: { type: 'string' },
      'every-packet': { type: 'boolean' },
      mqtt: { type: 'string' },
      'mqtt-devices': { type: 'string' },
      'mqtt-prefix': { type: 'string' },
      interval: { type: 'string' },
      relay: { type: 'string' },
      sn: { type: 'string' },
      demo: { type: 'boolean' },
      ramp: { type: 'string' },
      duration: { type: 'string' },
      stats: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const gateway = hostPort(v.gateway ?? '127.0.0.1:15000', '--gateway');
  const run = {
    duration: count(v.duration, 0, '--duration'),
    statsEvery: count(v.stats, 5, '--stats'),
    ramp: count(v.ramp, 500, '--ramp'),
  };
  if (v.demo) return { fleet: demoFleet(gateway, v.mqtt ?? 'mqtt://127.0.0.1:1883'), ...run };

  const profile = PROFILE_NAMES.find((p) => p === (v.profile ?? 'generic'));
  if (!profile) throw new Error(`--profile: one of ${PROFILE_NAMES.join(', ')}`);
  const framing = v.framing ?? 'rtu';
  if (framing !== 'rtu' && framing !== 'tcp') throw new Error('--framing: rtu or tcp');
  const registration = v.registration?.replace(/\s+/g, '');
  if (registration !== undefined && !/^([0-9A-Fa-f]{2}){1,40}$/.test(registration)) {
    throw new Error('--registration: hexadecimal, at most 40 bytes');
  }
  const snPrefix = v['sn-prefix'] ?? 'SIM';
  const snStart = count(v['sn-start'], 1, '--sn-start');
  if (!Number.isInteger(snStart) || snStart < 1)
    throw new Error(`--sn-start: expected a whole number from 1, not ${v['sn-start']}`);
  const plan = {
    ...gateway,
    dtus: count(v.dtus, 0, '--dtus'),
    snPrefix,
    snStart,
    sourceNet: v['source-net'],
    password: v.password ?? '12345678',
    profile: profile as ProfileName,
    points: Math.max(1, count(v.points, 50, '--points')),
    slaves: Math.max(1, count(v.slaves, 1, '--slaves')),
    framing: framing as 'rtu' | 'tcp',
    faults: faultOdds(v.faults),
    heartbeatSeconds: count(v.heartbeat, 60, '--heartbeat'),
    registration: registration ? { hex: registration, everyPacket: v['every-packet'] ?? false } : undefined,
    mqttUrl: v.mqtt,
    mqttDevices: count(v['mqtt-devices'], 0, '--mqtt-devices'),
    mqttPrefix: v['mqtt-prefix'] ?? `${snPrefix}M`,
    interval: Math.max(1, count(v.interval, 10, '--interval')),
    seed: count(v.seed, 1, '--seed'),
  };
  if (v.relay) {
    const fleet = syntheticFleet({ ...plan, dtus: 0, mqttDevices: 0 });
    fleet.addDtu({
      host: plan.host,
      port: plan.port,
      sn: v.sn ?? snFor(snPrefix, snStart),
      password: plan.password,
      heartbeatSeconds: plan.heartbeatSeconds,
      registration: plan.registration,
      relay: hostPort(v.relay, '--relay'),
    });
    return { fleet, ...run };
  }
  return { fleet: syntheticFleet(plan), ...run };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return;
  }
  let parsed: ReturnType<typeof fleetFromArgs>;
  try {
    parsed = fleetFromArgs(args);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error('(--help lists the options)');
    process.exitCode = 2;
    return;
  }
  const { fleet, duration, statsEvery, ramp } = parsed;
  if (fleet.dtus.length + fleet.mqttDevices.length === 0) {
    console.error('nothing to simulate: give --dtus, --mqtt-devices, --relay or --demo (--help lists the options)');
    process.exitCode = 2;
    return;
  }
  const started = Date.now();
  const line = () => `[${Math.round((Date.now() - started) / 1000)}s] ${fleet.stats.line()}`;
  console.log(`simulating ${fleet.dtus.length} DTUs and ${fleet.mqttDevices.length} MQTT devices`);
  const printer = statsEvery > 0 ? setInterval(() => console.log(line()), statsEvery * 1000) : undefined;
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(printer);
    await fleet.stop();
    console.log(`${line()} (stopped: ${why})`);
    // Sockets closed by stop() may still be flushing; nothing else should keep the process.
    setTimeout(() => process.exit(0), 200).unref();
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  if (duration > 0) setTimeout(() => void stop(`${duration}s elapsed`), duration * 1000);
  await fleet.start(ramp);
}

if (import.meta.main) await main();
