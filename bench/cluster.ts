// The cluster on paper, measured (issue 28, decision 0131): two gateway processes behind nginx's
// stream port polling 20,000 DTUs of 50 points every 10 s on PostgreSQL, against one gateway
// process polling 10,000 in the same run; a write issued on a process that does not hold the
// device (it goes by NOTIFY to the holder) against the same write on the holder; and the peer, the
// same fleet polled the way FUXA and Node-RED poll (modbus-serial, one client and one timer per
// device). BENCH_CLUSTER_DTUS scales the cluster's fleet (the single process and the peer poll half).
import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { allMigrations } from '../packages/server/src/features.ts';
import { closeCommands, reachDevice } from '../packages/server/src/iot/gateway/commands.ts';
import { type Db, openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { createTestDatabase } from '../packages/server/test/db.ts';
import { descriptorLimit, NGINX, renderNginx } from '../packages/server/test/nginx.ts';
import { freePort } from '../packages/server/test/processes.ts';
import type { NodeFigures, NodeQuestion } from './cluster-node.ts';
import { seedFleet } from './fleet.ts';
import { percentile } from './load.ts';
import type { Figure } from './run.ts';

const DTUS = Number(process.env.BENCH_CLUSTER_DTUS ?? 20_000);
const SINGLE = Math.floor(DTUS / 2);
const WRITES = Number(process.env.BENCH_CLUSTER_WRITES ?? 200);
/** Writes sent first and not measured: the first opens the LISTEN connection and warms the paths. */
const WARM_UP = 5;
const POINTS = 50;
const INTERVAL_S = 10;
/** Two poll rounds measured, after every DTU has connected and one round has settled. */
const MEASURE_MS = 2 * INTERVAL_S * 1000;
const LATENESS_LIMIT_MS = 500;
/** Each gateway process's PostgreSQL pool, as docs/deploy.md sets it (BENCH_CLUSTER_POOL to try others). */
const GATEWAY_POOL = Number(process.env.BENCH_CLUSTER_POOL ?? 20);
const SN_PREFIX = 'CLU';
const PASSWORD = '12345678';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = pino({ level: 'silent' });
const snOf = (n: number) => SN_PREFIX + String(n).padStart(20 - SN_PREFIX.length, '0');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bench process (bench/cluster-node.ts) and its answers, one question at a time. */
interface BenchNode {
  name: string;
  port: number;
  child: ChildProcess;
  readyRss: number;
  readyRetained: number;
  ask<T>(question: NodeQuestion): Promise<T>;
}

async function startNode(
  name: string,
  role: 'gateway' | 'peer' | 'floor',
  env: Record<string, string>,
): Promise<BenchNode> {
  const port = await freePort();
  const child = fork(path.join(repoRoot, 'bench/cluster-node.ts'), [], {
    env: {
      PATH: process.env.PATH ?? '',
      // Profiling the processes, e.g. BENCH_NODE_OPTIONS=--cpu-prof.
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      // Or only the measured window: BENCH_PROFILE_DIR=/tmp/profiles.
      ...(process.env.BENCH_PROFILE_DIR ? { BENCH_PROFILE_DIR: process.env.BENCH_PROFILE_DIR } : {}),
      ...(process.env.BENCH_MEMORY_DEBUG ? { BENCH_MEMORY_DEBUG: '1' } : {}),
      ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
      ROLE: role,
      PORT: String(port),
      GATEWAY_ID: name,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Every process, the peer's and the floor's too, with the V8 flags of a deployed gateway
    // process (docs/deploy.md): a young generation of at most 8 MiB a half.
    execArgv: ['--expose-gc', '--max-semi-space-size=8'],
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const exited = () => reject(new Error(`${name} exited`));
      child.once('exit', exited);
      child.once('message', (message: T & { error?: string }) => {
        child.off('exit', exited);
        if (message.error) reject(new Error(`${name}: ${message.error}`));
        else resolve(message);
      });
    });
  const ready = await next<{ rss: number; retained: number }>();
  return {
    name,
    port,
    child,
    readyRss: ready.rss,
    readyRetained: ready.retained,
    ask<T>(question: NodeQuestion) {
      const answer = next<T>();
      child.send(question);
      return answer;
    },
  };
}

async function stopNode(node: BenchNode): Promise<void> {
  if (node.child.exitCode !== null) return;
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  await node.ask({ type: 'stop' }).catch(() => undefined);
  await Promise.race([exited, pause(10_000)]);
  node.child.kill('SIGKILL');
}

/** Connections the simulator opens per second, over all its processes. */
const RAMP = 1000;
/** The loopback range the simulated DTUs connect from, DTU n from its n-th address. */
const SOURCE_NET = '127.1.0.0/16';

/** A simulated fleet: its simulator processes, each its own SN range. */
interface Simulator {
  processes: ChildProcess[];
  kill(signal: NodeJS.Signals): void;
}

/**
 * The simulator against `port`: `dtus` SNs from the first, in as many processes as keep each
 * under half this machine's descriptor limit (one descriptor per DTU), each its own SN range.
 */
function simulate(port: number, dtus: number): Simulator {
  const perProcess = Math.floor(descriptorLimit() / 2);
  const count = Math.ceil(dtus / perProcess);
  const processes = Array.from({ length: count }, (_, i) => {
    const first = i * perProcess;
    const child = spawn(
      process.execPath,
      [
        path.join(repoRoot, 'packages/simulator/src/cli.ts'),
        ...[
          '--gateway',
          `127.0.0.1:${port}`,
          '--dtus',
          String(Math.min(perProcess, dtus - first)),
          '--sn-prefix',
          SN_PREFIX,
        ],
        ...['--sn-start', String(first + 1), '--password', PASSWORD, '--points', String(POINTS)],
        ...['--ramp', String(Math.ceil(RAMP / count)), '--stats', '0'],
        // Each DTU from its own loopback address, as in the field: not 20,000 behind one address.
        ...['--source-net', SOURCE_NET],
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    // A simulator process that ends before the bench stops it leaves its DTUs unconnected: say so.
    child.once('exit', (code, signal) => {
      if (!child.killed)
        console.log(`cluster bench: simulator of SNs ${first + 1}.. exited (${signal ?? `code ${code}`})`);
    });
    return child;
  });
  return {
    processes,
    kill(signal) {
      for (const child of processes) child.kill(signal);
    },
  };
}

async function stopSimulator(simulator: Simulator): Promise<void> {
  await Promise.all(
    simulator.processes.map(async (child) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await Promise.race([exited, pause(10_000)]);
      child.kill('SIGKILL');
    }),
  );
}

/** Waits until the nodes hold `want` DTUs between them, saying how far they got every 10 s. */
async function untilConnected(nodes: BenchNode[], want: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  let said = Date.now();
  for (;;) {
    const counts = await Promise.all(nodes.map((n) => n.ask<{ connections: number }>({ type: 'connections' })));
    const n = counts.reduce((sum, c) => sum + c.connections, 0);
    if (n >= want) return;
    if (Date.now() > deadline) throw new Error(`only ${n} of ${want} simulated DTUs connected in time`);
    if (Date.now() - said > 10_000) {
      said = Date.now();
      console.log(`cluster bench: ${n.toLocaleString('en')} of ${want.toLocaleString('en')} DTUs connected`);
    }
    await pause(500);
  }
}

/** Connected, one round settled, then `MEASURE_MS` measured: each node's figures. */
async function measure(nodes: BenchNode[], dtus: number): Promise<NodeFigures[]> {
  await untilConnected(nodes, dtus, 60_000 + dtus * 10);
  await pause(INTERVAL_S * 1000);
  await Promise.all(nodes.map((n) => n.ask({ type: 'mark' })));
  await pause(MEASURE_MS);
  return Promise.all(nodes.map((n) => n.ask<NodeFigures>({ type: 'figures' })));
}

const cpuPerThousandDtus = (f: NodeFigures[], dtus: number) =>
  (f.reduce((sum, x) => sum + x.cpuSeconds / x.seconds, 0) * 100 * 1000) / dtus;
const cpuMsPerThousandRequests = (f: NodeFigures) => (f.cpuSeconds * 1000) / (f.requests / 1000);
const kibPerDevice = (f: NodeFigures, node: BenchNode) => (f.peakRss - node.readyRss) / 1024 / f.connections;
/** What each device keeps, collected garbage aside. */
const retainedKibPerDevice = (f: NodeFigures, node: BenchNode) =>
  (f.retained - node.readyRetained) / 1024 / f.connections;
const mib = (bytes: number) => bytes / 2 ** 20;

/** Writes issued on the bench process, an API process's part: reachDevice finds no local link and asks the holder. */
async function writesFromElsewhere(db: Db, deviceIds: number[], pointId: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < WARM_UP + WRITES; i++) {
    const deviceId = deviceIds[i % deviceIds.length] as number;
    const started = performance.now();
    const link = await reachDevice(db, deviceId, log);
    if (!link) throw new Error(`device ${deviceId} is not reached through its holder`);
    await link.write(pointId, i % 100);
    if (i >= WARM_UP) latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

export async function cluster(): Promise<Figure[]> {
  if (!process.env.TEST_PG_URL) {
    console.log('cluster bench: skipped, it needs PostgreSQL (TEST_PG_URL)');
    return [];
  }
  const engine = process.env.TEST_ENGINE;
  process.env.TEST_ENGINE = 'postgres';
  const target = await createTestDatabase().finally(() => {
    process.env.TEST_ENGINE = engine;
  });
  const db = openDatabase(target.url, { poolMax: 4 });
  const nodes: BenchNode[] = [];
  const simulators: Simulator[] = [];
  let nginx: ChildProcess | undefined;
  const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-nginx-'));
  // PG_POOL_MAX as docs/deploy.md sets it for gateway processes (the default on 2 cores is 4): the
  // registrations, the writer's flushes and the network figures of 10,000 DTUs share the pool.
  const env = {
    DATABASE_URL: target.url,
    POINTS: String(POINTS),
    INTERVAL_S: String(INTERVAL_S),
    PG_POOL_MAX: String(GATEWAY_POOL),
  };
  /** A process of `role` alone against the single process's fleet: its figures, then it is stopped. */
  const pollAlone = async (name: string, role: 'peer' | 'floor') => {
    const node = await startNode(name, role, env);
    nodes.push(node);
    const simulator = simulate(node.port, SINGLE);
    simulators.push(simulator);
    const [figures] = (await measure([node], SINGLE)) as [NodeFigures];
    await stopSimulator(simulator);
    await stopNode(node);
    return { node, figures };
  };
  try {
    await migrateToLatest(db, allMigrations);
    // The simulator's `generic` profile: int16 holding registers 0..49 on slave 1. Latest values only.
    const fleet = await seedFleet(db, {
      account: 'bench_cluster',
      devices: DTUS,
      points: POINTS,
      protocol: 'modbusRtu',
      variant: 'int16',
      storage: 'none',
      formula: 'x / 10',
      precision: 1,
      interval: INTERVAL_S,
      cloudConfig: true,
      sn: (n) => snOf(n + 1),
      password: PASSWORD,
    });
    // The point written: the first, made writable.
    const written = fleet.points[0] as number;
    await db.kysely.updateTable('template_points').set({ read_write: 'readWrite' }).where('id', '=', written).execute();

    // One gateway process, DTUs straight to it; writes issued on it, for devices it holds.
    const one = await startNode('bench-one', 'gateway', env);
    nodes.push(one);
    let simulator = simulate(one.port, SINGLE);
    simulators.push(simulator);
    const [single] = (await measure([one], SINGLE)) as [NodeFigures];
    const local = (
      await one.ask<{ latencies: number[] }>({
        type: 'write',
        deviceIds: fleet.devices.slice(0, 20),
        pointId: written,
        count: WARM_UP + WRITES,
      })
    ).latencies
      .slice(WARM_UP)
      .sort((a, b) => a - b);
    await stopSimulator(simulator);
    await stopNode(one);

    // Two gateway processes behind nginx's stream port (the repository's configuration).
    const [gwA, gwB] = await Promise.all([
      startNode('bench-gw-a', 'gateway', { ...env, DTU_PROXY_PROTOCOL: 'on' }),
      startNode('bench-gw-b', 'gateway', { ...env, DTU_PROXY_PROTOCOL: 'on' }),
    ]);
    nodes.push(gwA as BenchNode, gwB as BenchNode);
    const stream = await freePort();
    const conf = path.join(nginxDir, 'nginx.conf');
    fs.writeFileSync(
      conf,
      renderNginx(nginxDir, {
        http: await freePort(),
        dtu: stream,
        api: [await freePort()],
        gateways: [(gwA as BenchNode).port, (gwB as BenchNode).port],
        dtus: DTUS,
      }),
    );
    nginx = spawn(NGINX, ['-p', nginxDir, '-c', conf, '-e', path.join(nginxDir, 'error.log')], { stdio: 'ignore' });
    await pause(500);
    simulator = simulate(stream, DTUS);
    simulators.push(simulator);
    const pair = await measure([gwA as BenchNode, gwB as BenchNode], DTUS);
    // Writes issued here for devices held by each gateway process, as an API process issues them.
    const held = await db.kysely.selectFrom('device_links').select(['device_id', 'node']).limit(1000).execute();
    const targets = [
      ...held.filter((h) => h.node === 'bench-gw-a').slice(0, 10),
      ...held.filter((h) => h.node === 'bench-gw-b').slice(0, 10),
    ].map((h) => h.device_id);
    const routed = await writesFromElsewhere(db, targets, written);
    await stopSimulator(simulator);
    await Promise.all([stopNode(gwA as BenchNode), stopNode(gwB as BenchNode)]);

    // The peer: the single process's fleet polled by modbus-serial, a client and a timer per device.
    const { node: peerNode, figures: peer } = await pollAlone('bench-peer', 'peer');
    // The floor under both: the same reads from prebuilt frames, one timer, replies thrown away.
    const { node: floorNode, figures: least } = await pollAlone('bench-floor', 'floor');

    const clusterP99 = Math.max(...pair.map((f) => f.p99));
    const oneLabel = `one gateway process, ${single.connections.toLocaleString('en')} DTUs`;
    const pairLabel = `2 gateway processes behind nginx, ${pair.reduce((s, f) => s + f.connections, 0).toLocaleString('en')} DTUs (${pair.map((f) => f.connections.toLocaleString('en')).join(' + ')})`;
    console.log(
      `cluster: ${pairLabel}: p99 lateness ${pair.map((f) => Math.round(f.p99)).join(' / ')} ms, RSS ${pair.map((f) => mib(f.peakRss).toFixed(0)).join(' / ')} MiB, ${cpuPerThousandDtus(pair, DTUS).toFixed(2)}% of a core per thousand DTUs; ${oneLabel}: p99 ${Math.round(single.p99)} ms, RSS ${mib(single.peakRss).toFixed(0)} MiB, ${cpuPerThousandDtus([single], SINGLE).toFixed(2)}% per thousand DTUs`,
    );
    console.log(
      `cluster writes (${WRITES} each): through NOTIFY to the holder p50 ${percentile(routed, 0.5).toFixed(1)} ms p99 ${percentile(routed, 0.99).toFixed(1)} ms; on the holder p50 ${percentile(local, 0.5).toFixed(1)} ms p99 ${percentile(local, 0.99).toFixed(1)} ms`,
    );
    console.log(
      `cluster peer (modbus-serial, ${peer.connections.toLocaleString('en')} devices): ${peer.requests.toLocaleString('en')} requests, ${cpuMsPerThousandRequests(peer).toFixed(1)} CPU ms per thousand, ${kibPerDevice(peer, peerNode).toFixed(1)} KiB RSS and ${retainedKibPerDevice(peer, peerNode).toFixed(1)} KiB retained per device; Meridian: ${single.requests.toLocaleString('en')} requests, ${cpuMsPerThousandRequests(single).toFixed(1)} CPU ms per thousand, ${kibPerDevice(single, one).toFixed(1)} KiB RSS and ${retainedKibPerDevice(single, one).toFixed(1)} KiB retained per device`,
    );
    console.log(
      `cluster floor (prebuilt frames, one timer, ${least.connections.toLocaleString('en')} devices): ${least.requests.toLocaleString('en')} requests, ${cpuMsPerThousandRequests(least).toFixed(1)} CPU ms per thousand, ${kibPerDevice(least, floorNode).toFixed(1)} KiB RSS and ${retainedKibPerDevice(least, floorNode).toFixed(1)} KiB retained per device`,
    );
    return [
      {
        name: `poll lateness p99 (${pairLabel})`,
        value: clusterP99,
        unit: 'ms',
        peer: oneLabel,
        peerValue: Math.max(single.p99, 1),
      },
      {
        name: `DTU poll lateness limit over the cluster's p99 lateness (${pairLabel})`,
        value: LATENESS_LIMIT_MS,
        unit: 'ms',
        peer: 'p99 poll lateness, the later of the two processes',
        peerValue: Math.max(clusterP99, 1),
        target: { ratio: 1, meaning: `p99 lateness under ${LATENESS_LIMIT_MS} ms` },
      },
      {
        name: `peak RSS per gateway process, the larger (${pairLabel})`,
        value: mib(Math.max(...pair.map((f) => f.peakRss))),
        unit: 'MiB',
        peer: oneLabel,
        peerValue: mib(single.peakRss),
      },
      {
        name: `CPU per thousand DTUs, % of a core (${pairLabel})`,
        value: cpuPerThousandDtus(pair, DTUS) * 100,
        unit: '1/100 %',
        peer: oneLabel,
        peerValue: cpuPerThousandDtus([single], SINGLE) * 100,
      },
      {
        name: 'write p50, issued on a process that does not hold the device (NOTIFY to the holder)',
        value: percentile(routed, 0.5),
        unit: 'ms',
        peer: 'the same write on the holder',
        peerValue: Math.max(percentile(local, 0.5), 0.1),
      },
      {
        name: 'write p99, issued on a process that does not hold the device (NOTIFY to the holder)',
        value: percentile(routed, 0.99),
        unit: 'ms',
        peer: 'the same write on the holder',
        peerValue: Math.max(percentile(local, 0.99), 0.1),
      },
      {
        name: `CPU per thousand requests, modbus-serial poller (a client and a timer per device, ${peer.connections.toLocaleString('en')} devices)`,
        value: cpuMsPerThousandRequests(peer),
        unit: 'CPU ms',
        peer: `Meridian's gateway process (${oneLabel})`,
        peerValue: cpuMsPerThousandRequests(single),
        target: { ratio: 4, meaning: 'Meridian spends at least 4x less CPU per request' },
      },
      {
        name: `memory per device, modbus-serial poller (${peer.connections.toLocaleString('en')} devices)`,
        value: kibPerDevice(peer, peerNode),
        unit: 'KiB',
        peer: `Meridian's gateway process (${oneLabel})`,
        peerValue: kibPerDevice(single, one),
        target: { ratio: 5, meaning: 'Meridian holds at least 5x less memory per device' },
      },
      {
        name: `CPU per thousand requests, the floor (prebuilt frames, one timer, nothing kept, ${least.connections.toLocaleString('en')} devices)`,
        value: cpuMsPerThousandRequests(least),
        unit: 'CPU ms',
        peer: `Meridian's gateway process (${oneLabel})`,
        peerValue: cpuMsPerThousandRequests(single),
      },
      {
        name: `retained memory per device, the floor (${least.connections.toLocaleString('en')} devices)`,
        value: retainedKibPerDevice(least, floorNode),
        unit: 'KiB',
        peer: `Meridian's gateway process (${oneLabel})`,
        peerValue: retainedKibPerDevice(single, one),
      },
    ];
  } finally {
    for (const simulator of simulators) simulator.kill('SIGKILL');
    for (const node of nodes) node.child.kill('SIGKILL');
    nginx?.kill('SIGTERM');
    fs.rmSync(nginxDir, { recursive: true, force: true });
    await closeCommands(db);
    await db.close();
    await target.drop();
  }
}
