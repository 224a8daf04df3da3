// Passthrough (decision 0113): PC software relaying raw bytes through the passthrough port with the
// serial device behind a DTU, at 1 MB/s, against the same traffic over a direct TCP pair in the same run;
// and (decision 0163) the same PC landing on a gateway process that does not hold the DTU, handed
// over the direct TCP hop to the one that does.
import { connect, createServer, type Socket } from 'node:net';
import pino from 'pino';
import { allMigrations } from '../packages/server/src/features.ts';
import { DTU_DEFAULTS, startDtuServer } from '../packages/server/src/iot/gateway/server.ts';
import { PASSTHROUGH_DEFAULTS, startPassthroughServer } from '../packages/server/src/iot/passthrough/relay.ts';
import { insertStrategy } from '../packages/server/src/iot/passthrough/repository.ts';
import { telemetryFor } from '../packages/server/src/iot/telemetry/index.ts';
import { claimLink, takeNode } from '../packages/server/src/iot/telemetry/leases-repository.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { embeddedTestDatabase, seedFleet } from './fleet.ts';
import { percentile } from './load.ts';
import type { Figure } from './run.ts';

const MESSAGE = 1024;
/** 1 MB/s: ten messages of 1 KiB every 10 ms. */
const BURST = 10;
const EVERY_MS = 10;
const SECONDS = Number(process.env.BENCH_PASSTHROUGH_SECONDS ?? 5);
const ADDED_P99_LIMIT_MS = 20;
const SN = 'PASSBENCH00000000001';
const PASSWORD = '12345678';
const TOKEN = 'bench-passthrough-token';

/** A serial device that answers every byte with itself, behind a DTU registered by SN and password. */
function echoing(socket: Socket): void {
  socket.setNoDelay(true);
  socket.on('data', (chunk: Buffer) => socket.write(chunk));
  socket.on('error', () => undefined);
}

/**
 * Sends 1 KiB messages at 1 MB/s for SECONDS over `socket` (already past any token line) and
 * returns each message's round trip in milliseconds, from its write to the last byte of its echo.
 */
async function roundTrips(socket: Socket): Promise<number[]> {
  const total = (SECONDS * 1000 * BURST) / EVERY_MS;
  const sentAt: number[] = [];
  const trips: number[] = [];
  let received = 0;
  const done = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      const before = Math.floor(received / MESSAGE);
      received += chunk.length;
      const after = Math.floor(received / MESSAGE);
      const now = performance.now();
      for (let i = before; i < after; i++) trips.push(now - (sentAt[i] ?? now));
      if (after >= total) resolve();
    });
  });
  const payload = Buffer.alloc(MESSAGE, 0x5a);
  let sent = 0;
  // Bounded: `total` messages in bursts.
  const timer = setInterval(() => {
    for (let i = 0; i < BURST && sent < total; i++, sent++) {
      sentAt.push(performance.now());
      socket.write(payload);
    }
    if (sent >= total) clearInterval(timer);
  }, EVERY_MS);
  await done;
  return trips.sort((a, b) => a - b);
}

function connected(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.setNoDelay(true);
    socket.once('error', reject);
  });
}

export async function passthrough(): Promise<Figure[]> {
  const target = await embeddedTestDatabase();
  const config = loadConfig({ DATABASE_URL: target.url, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }, 'bench');
  const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
  const log = pino({ level: 'silent' });
  const direct = createServer(echoing);
  try {
    await migrateToLatest(db, allMigrations);
    const fleet = await seedFleet(db, {
      account: 'bench_passthrough',
      devices: 1,
      points: 1,
      protocol: 'modbusRtu',
      variant: 'int16',
      storage: 'none',
      formula: 'x',
      precision: 0,
      interval: 3600,
      cloudConfig: true,
      sn: () => SN,
      password: PASSWORD,
    });
    await insertStrategy(db.kysely, {
      owner_id: fleet.owner,
      name: 'bench',
      kind: 'pc',
      enabled: true,
      device_id: fleet.devices[0] ?? 0,
      token: TOKEN,
      allow_list: '[]',
      at: Date.now(),
    });
    const telemetry = telemetryFor(db, config, log);
    // A short read timeout: the first poll, echoed back as nonsense, gives the line up quickly.
    const dtuPort = await startDtuServer(db, log, telemetry, {
      ...DTU_DEFAULTS,
      host: '127.0.0.1',
      port: 0,
      readTimeoutMs: 200,
      retries: 0,
    });
    const hop = { secret: 'bench-passthrough-relay-secret', host: '127.0.0.1', port: 0 };
    const relay = await startPassthroughServer(db, log, {
      ...PASSTHROUGH_DEFAULTS,
      host: '127.0.0.1',
      port: 0,
      relay: { ...hop, node: 'bench-y' },
    });
    // Another gateway process: its own database handle, so it holds no link and hands the PC over.
    const other = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
    const entry = await startPassthroughServer(other, log, {
      ...PASSTHROUGH_DEFAULTS,
      host: '127.0.0.1',
      port: 0,
      relay: { ...hop, node: 'bench-x' },
    });
    const now = Date.now();
    await takeNode(db.kysely, { name: 'bench-y', instance: 'bench', started_at: now, alive_until: now + 3_600_000 });
    await claimLink(db.kysely, fleet.devices[0] ?? 0, 'bench-y', 'tcp', now);
    const dtu = await connected(dtuPort.port);
    echoing(dtu);
    dtu.write(SN + PASSWORD);
    // Bounded: the DTU registers within the registration wait.
    for (let i = 0; i < 200 && dtuPort.connections.size === 0; i++) await new Promise((r) => setTimeout(r, 25));

    const pc = await connected(relay.port);
    pc.write(`${TOKEN}\n`);
    const relayed = await roundTrips(pc);
    const ended = new Promise((resolve) => pc.once('close', resolve));
    pc.destroy();
    await ended;
    const handed = await connected(entry.port);
    handed.write(`${TOKEN}\n`);
    const hopped = await roundTrips(handed);
    handed.destroy();

    await new Promise<void>((resolve) => direct.listen(0, '127.0.0.1', resolve));
    const address = direct.address();
    const peer = await connected(typeof address === 'object' && address ? address.port : 0);
    const straight = await roundTrips(peer);
    peer.destroy();

    dtu.destroy();
    await entry.stop();
    await other.close();
    await relay.stop();
    await dtuPort.stop();
    await telemetry.close();

    const added = percentile(relayed, 0.99) - percentile(straight, 0.99);
    const addedByHop = percentile(hopped, 0.99) - percentile(straight, 0.99);
    const label = `1 KiB messages at 1 MB/s for ${SECONDS} s, echoed by the device`;
    console.log(
      `passthrough (${label}): p99 round trip ${percentile(relayed, 0.99).toFixed(2)} ms through the gateway, ${percentile(straight, 0.99).toFixed(2)} ms direct; ${percentile(hopped, 0.99).toFixed(2)} ms through another gateway process and the hop; ${relayed.length} messages`,
    );
    return [
      {
        name: `passthrough added latency limit over added p99 (${label})`,
        value: ADDED_P99_LIMIT_MS,
        unit: 'ms',
        peer: 'p99 round trip through the gateway minus a direct TCP pair’s',
        peerValue: Math.max(added, 1),
        target: { ratio: 1, meaning: `added p99 under ${ADDED_P99_LIMIT_MS} ms` },
      },
      {
        name: `passthrough across gateway processes: added latency limit over added p99 (${label})`,
        value: ADDED_P99_LIMIT_MS,
        unit: 'ms',
        peer: 'p99 round trip through another gateway process and the hop minus a direct TCP pair’s',
        peerValue: Math.max(addedByHop, 1),
        target: { ratio: 1, meaning: `added p99 under ${ADDED_P99_LIMIT_MS} ms` },
      },
    ];
  } finally {
    direct.close();
    await db.close();
    await target.drop();
  }
}
