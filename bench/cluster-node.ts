// One process of the cluster bench (bench/cluster.ts), spawned with an IPC channel:
// - `gateway`: a Meridian gateway process as `--services=gateway` runs its DTU port and its lease
//   (the DTU server, the telemetry writer, the commands it serves by NOTIFY), on PostgreSQL;
// - `peer`: the same DTUs polled the way FUXA and Node-RED poll, with modbus-serial: one client and
//   one timer per device, no storage;
// - `floor`: the least any poller can do, the bound under both: the same reads as bytes written
//   from prebuilt frames, one timer for all, replies counted by length and thrown away.
// It answers the parent's questions (connections, a mark, the figures since the mark, writes).
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import net from 'node:net';
import path from 'node:path';
import { TEMPLATE_LIMITS } from '@meridian/contracts';
import modbusSerial from 'modbus-serial';
import pino from 'pino';
import { commandsFor, reachDevice } from '../packages/server/src/iot/gateway/commands.ts';
import { gatewayNodeFor } from '../packages/server/src/iot/gateway/node.ts';
import { DTU_DEFAULTS, startDtuServer } from '../packages/server/src/iot/gateway/server.ts';
import { telemetryFor } from '../packages/server/src/iot/telemetry/index.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { openDatabase } from '../packages/server/src/platform/db/database.ts';
import { encodeRequest } from '../packages/simulator/src/modbus.ts';
import { percentile } from './load.ts';

export type NodeQuestion =
  | { type: 'connections' }
  | { type: 'mark' }
  | { type: 'figures' }
  | { type: 'write'; deviceIds: number[]; pointId: number; count: number }
  | { type: 'stop' };

export interface NodeFigures {
  cpuSeconds: number;
  seconds: number;
  peakRss: number;
  rssAtMark: number;
  /** Read requests since the mark: Meridian's polls times their blocks, or those the peer got answered. */
  requests: number;
  /** Heap, external and array buffers after a full collection: what the devices keep, without the garbage. */
  retained: number;
  p50: number;
  p99: number;
  connections: number;
}

/** modbus-serial is CommonJS: its module is the class that its typings call the default export. */
const ModbusRTU = modbusSerial as unknown as (typeof modbusSerial)['default'];
const POINTS = Number(process.env.POINTS ?? 50);
const INTERVAL_MS = Number(process.env.INTERVAL_S ?? 10) * 1000;
/** The reads of one poll: 50 registers in blocks of the default merge length (32), as Meridian plans them. */
const BLOCKS: Array<[number, number]> = Array.from(
  { length: Math.ceil(POINTS / TEMPLATE_LIMITS.registerMergeLength) },
  (_, i) => {
    const start = i * TEMPLATE_LIMITS.registerMergeLength;
    return [start, Math.min(TEMPLATE_LIMITS.registerMergeLength, POINTS - start)];
  },
);
const role = process.env.ROLE;
const port = Number(process.env.PORT);
const log = pino({ level: 'silent' });

interface Running {
  connections(): number;
  /** Each poll's lateness in ms since the last call (Meridian), or the requests answered (the peer). */
  take(): { lateness: number[]; requests: number };
  write?(deviceIds: number[], pointId: number, count: number): Promise<number[]>;
  stop(): Promise<void>;
}

async function gateway(): Promise<Running> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }, 'bench');
  const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
  const holder = gatewayNodeFor(db, config, log);
  const telemetry = telemetryFor(db, config, log);
  const server = await startDtuServer(db, log, telemetry, {
    ...DTU_DEFAULTS,
    host: '127.0.0.1',
    port,
    holder,
    proxyProtocol: config.DTU_PROXY_PROTOCOL === 'on',
  });
  // As the lease service does once the ports are bound: the lease, and the commands for this name.
  await holder.start();
  const commands = commandsFor(db, log);
  await commands.serve(holder.name);
  return {
    connections: () => server.connections.size,
    take() {
      const lateness = server.schedule.takeLateness();
      // Each poll is one read per block.
      return { lateness, requests: lateness.length * BLOCKS.length };
    },
    /** Writes issued on this process, one after another, through whatever link reaches each device. */
    async write(deviceIds, pointId, count) {
      const latencies: number[] = [];
      for (let i = 0; i < count; i++) {
        const deviceId = deviceIds[i % deviceIds.length] as number;
        const started = performance.now();
        const link = await reachDevice(db, deviceId, log);
        if (!link) throw new Error(`device ${deviceId} is not reached from ${holder.name}`);
        await link.write(pointId, i % 100);
        latencies.push(performance.now() - started);
      }
      return latencies;
    },
    async stop() {
      await commands.close();
      holder.unblock();
      await holder.stop();
      await server.stop();
      await telemetry.close();
      await db.close();
    },
  };
}

/** The FUXA / Node-RED way: per device, its own modbus-serial client and its own setInterval. */
async function peer(): Promise<Running> {
  const timers = new Set<NodeJS.Timeout>();
  let requests = 0;
  let connections = 0;
  const server = net.createServer((socket) => {
    // The DTU speaks first: its registration packet (SN and password), then Modbus RTU frames.
    socket.once('data', () => {
      connections++;
      const client = new ModbusRTU();
      client
        // RTU over TCP, the frames a DTU carries: modbus-serial's "telnet" port, on the socket the DTU opened.
        .connectTelnet('', { socket })
        .then(() => {
          client.setID(1);
          client.setTimeout(3000);
          // The same reads as Meridian's: the registers in blocks of the merge length, one after another.
          const timer = setInterval(async () => {
            try {
              for (const [start, length] of BLOCKS) {
                await client.readHoldingRegisters(start, length);
                requests++;
              }
            } catch {
              // No answer in time: the next tick tries again.
            }
          }, INTERVAL_MS);
          timers.add(timer);
          socket.once('close', () => {
            connections--;
            clearInterval(timer);
            timers.delete(timer);
          });
        })
        .catch(() => socket.destroy());
    });
    socket.on('error', () => undefined);
  });
  server.maxConnections = 100_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    connections: () => connections,
    take() {
      const n = requests;
      requests = 0;
      return { lateness: [], requests: n };
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The floor: what the reads cost and keep with nothing but the sockets. Each device's poll is its
 * blocks one after another, the same frames every time; one timer walks the devices in slices so
 * that each is polled every interval; a reply is complete at its length (5 bytes + 2 per register).
 */
async function floor(): Promise<Running> {
  const frames = BLOCKS.map(([start, length]) => ({
    frame: encodeRequest({ slave: 1, fn: 3, address: start, count: length }, 'rtu'),
    replyLength: 5 + 2 * length,
  }));
  interface Line {
    socket: net.Socket;
    block: number;
    got: number;
  }
  const lines: Line[] = [];
  let requests = 0;
  const send = (line: Line) => {
    line.got = 0;
    line.socket.write((frames[line.block] as (typeof frames)[number]).frame);
  };
  const server = net.createServer((socket) => {
    socket.once('data', () => {
      const line: Line = { socket, block: -1, got: 0 };
      lines.push(line);
      socket.on('data', (chunk: Buffer) => {
        if (line.block < 0) return;
        line.got += chunk.length;
        if (line.got < (frames[line.block] as (typeof frames)[number]).replyLength) return;
        requests++;
        if (++line.block < frames.length) send(line);
        else line.block = -1;
      });
      socket.once('close', () => lines.splice(lines.indexOf(line), 1));
    });
    socket.on('error', () => undefined);
  });
  server.maxConnections = 100_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const TICK_MS = 100;
  let next = 0;
  const timer = setInterval(() => {
    // A tick polls its share of the devices: all of them once per interval.
    const share = Math.ceil((lines.length * TICK_MS) / INTERVAL_MS);
    for (let i = 0; i < share && lines.length; i++) {
      const line = lines[next++ % lines.length] as Line;
      if (line.block >= 0) continue; // still answering the last poll
      line.block = 0;
      send(line);
    }
  }, TICK_MS);
  return {
    connections: () => lines.length,
    take() {
      const n = requests;
      requests = 0;
      return { lateness: [], requests: n };
    },
    async stop() {
      clearInterval(timer);
      for (const line of lines) line.socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Memory kept after a full collection (the children run with --expose-gc). */
function retained(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
}

const running = role === 'peer' ? await peer() : role === 'floor' ? await floor() : await gateway();
let cpu0 = process.cpuUsage();
let at0 = performance.now();
let rssAtMark = process.memoryUsage().rss;
let peakRss = rssAtMark;
setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 500).unref();

/** BENCH_PROFILE_DIR: a CPU profile of the measured window only (mark to figures), one file per process. */
const profileDir = process.env.BENCH_PROFILE_DIR;
const profiler = profileDir ? new Session() : undefined;
profiler?.connect();

const answer = (message: unknown) => process.send?.(message);
process.on('message', async (question: NodeQuestion) => {
  try {
    if (question.type === 'connections') answer({ connections: running.connections() });
    else if (question.type === 'mark') {
      running.take();
      cpu0 = process.cpuUsage();
      at0 = performance.now();
      rssAtMark = process.memoryUsage().rss;
      peakRss = rssAtMark;
      if (profiler) {
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
        // And where the window's memory is allocated, collected or not.
        await profiler.post('HeapProfiler.enable');
        await profiler.post('HeapProfiler.startSampling', {
          samplingInterval: 16_384,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
      }
      answer({ marked: true });
    } else if (question.type === 'figures') {
      const cpu = process.cpuUsage(cpu0);
      const { lateness, requests } = running.take();
      if (profiler && profileDir) {
        const { profile } = await profiler.post('Profiler.stop');
        fs.mkdirSync(profileDir, { recursive: true });
        fs.writeFileSync(path.join(profileDir, `${process.env.GATEWAY_ID}.cpuprofile`), JSON.stringify(profile));
        const { profile: heap } = await profiler.post('HeapProfiler.stopSampling');
        fs.writeFileSync(path.join(profileDir, `${process.env.GATEWAY_ID}.heapprofile`), JSON.stringify(heap));
      }
      lateness.sort((a, b) => a - b);
      const figures: NodeFigures = {
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        seconds: (performance.now() - at0) / 1000,
        peakRss: Math.max(peakRss, process.memoryUsage().rss),
        rssAtMark,
        requests,
        retained: retained(),
        p50: percentile(lateness, 0.5),
        p99: percentile(lateness, 0.99),
        connections: running.connections(),
      };
      if (process.env.BENCH_MEMORY_DEBUG)
        console.error(
          process.env.GATEWAY_ID,
          JSON.stringify(process.memoryUsage()),
          (await import('node:v8'))
            .getHeapSpaceStatistics()
            .map(
              (x) =>
                `${x.space_name} ${(x.space_size / 2 ** 20).toFixed(1)}/${(x.space_used_size / 2 ** 20).toFixed(1)}`,
            )
            .join(', '),
          fs.readFileSync('/proc/self/status', 'utf8').match(/Threads:\s+\d+/)?.[0],
          fs
            .readFileSync('/proc/self/smaps', 'utf8')
            .split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)
            .map((m) => ({ head: m.split('\n')[0], rss: Number(m.match(/\nRss:\s+(\d+)/)?.[1] ?? 0) }))
            .sort((a, b) => b.rss - a.rss)
            .slice(0, 8)
            .map((m) => `${m.rss} kB ${m.head}`)
            .join(' | '),
        );
      answer(figures);
    } else if (question.type === 'write') {
      if (!running.write) throw new Error('this process takes no writes');
      answer({ latencies: await running.write(question.deviceIds, question.pointId, question.count) });
    } else if (question.type === 'stop') {
      await running.stop();
      // Exits on its own, so that a --cpu-prof profile is written.
      process.send?.({ stopped: true }, () => process.exit(0));
    }
  } catch (error) {
    answer({ error: error instanceof Error ? error.message : String(error) });
  }
});
if (process.env.BENCH_MEMORY_DEBUG)
  console.error(process.env.GATEWAY_ID, 'ready', JSON.stringify(process.memoryUsage()));
answer({ ready: true, rss: process.memoryUsage().rss, retained: retained() });
