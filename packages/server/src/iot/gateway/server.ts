import { createServer, type Socket } from 'node:net';
import { TEMPLATE_LIMITS } from '@meridian/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import type { Telemetry } from '../telemetry/types.ts';
import { DtuConnection, type PollingOptions } from './connection.ts';
import { linksFor } from './links.ts';
import type { LinkHolder } from './node.ts';
import { TemplatePlans } from './plans.ts';
import { identify, type Registration } from './registration.ts';
import { logRegistrations } from './repository.ts';
import { PollSchedule } from './schedule.ts';
import { RegistrationThrottle } from './throttle.ts';

export interface DtuServerOptions extends PollingOptions {
  port: number;
  host: string;
  /** A connection that has not registered within this time is closed. */
  registrationTimeoutMs: number;
  /** A short first packet is decided once the line has been quiet this long. */
  registrationQuietMs: number;
  /** This process's lease on the links it holds (decision 0048); absent, none is kept. */
  holder?: LinkHolder;
}

export const DTU_DEFAULTS: Omit<DtuServerOptions, 'port'> = {
  host: '0.0.0.0',
  readTimeoutMs: 3000,
  retries: 1,
  networkEveryMs: 60_000,
  faultAfterPolls: 3,
  registrationTimeoutMs: 30_000,
  registrationQuietMs: 500,
};

/** More bytes than any registration before it is decided: a flood of garbage is cut off. */
const REGISTRATION_MAX_BYTES = 64;

export interface DtuServer {
  port: number;
  schedule: PollSchedule;
  /** The registered connections of this process. */
  connections: Set<DtuConnection>;
  stop(): Promise<void>;
}

/** The DTU port: accepts DTUs, registers them, replaces a device's older connection, and polls them. */
export async function startDtuServer(
  db: Db,
  log: Logger,
  telemetry: Telemetry,
  options: DtuServerOptions,
): Promise<DtuServer> {
  const schedule = new PollSchedule();
  const plans = new TemplatePlans(db, log);
  const links = linksFor(db);
  // A DTU that keeps failing to register as one of the cloud's devices (a wrong password, a disabled
  // device) is slowed on its own, so that it does not hold back the healthy DTUs behind the same NAT;
  // bytes that name no device (scanners, other protocols, made-up SNs) slow their whole address.
  const refusedDevices = new RegistrationThrottle();
  const unnamed = new RegistrationThrottle(20);
  const deviceKey = (ip: string, deviceId: number) => `${ip} ${deviceId}`;
  const deviceOf = (outcome: Registration) => (outcome.ok ? outcome.device.id : outcome.deviceId);
  const sockets = new Set<Socket>();
  const connections = new Set<DtuConnection>();
  const context = { telemetry, schedule, plans, log, options, holder: options.holder };

  const record = (address: string, outcome: Registration) => {
    const entry = outcome.ok
      ? { sn: outcome.sn, deviceId: outcome.device.id, result: 'accepted' as const }
      : { sn: outcome.sn, deviceId: outcome.deviceId, result: outcome.result };
    logRegistrations(db.kysely, [{ at: Date.now(), address, ...entry }]).catch((error: unknown) =>
      log.warn({ error }, 'registration not logged'),
    );
  };

  function handle(socket: Socket): void {
    const ip = socket.remoteAddress ?? 'unknown';
    const address = `${ip}:${socket.remotePort ?? 0}`;
    sockets.add(socket);
    socket.on('error', (error) => log.debug({ address, error: error.message }, 'DTU socket error'));
    const now = Date.now();
    if (unnamed.waitSeconds(ip, now) > 0) {
      if (unnamed.shouldLog(ip, now)) record(address, { ok: false, result: 'throttled', sn: null, deviceId: null });
      socket.destroy();
      sockets.delete(socket);
      return;
    }
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 60_000);
    let pending = Buffer.alloc(0);
    let identifying = false;
    let connection: DtuConnection | null = null;
    let prefix: Buffer | null = null;
    let heartbeat: Buffer | null = null;
    let quiet: NodeJS.Timeout | null = null;
    const deadline = setTimeout(
      () => refuse({ ok: false, result: 'malformed', sn: null, deviceId: null }),
      options.registrationTimeoutMs,
    );

    function refuse(outcome: Registration): void {
      if (connection || socket.destroyed) return;
      clearTimeout(deadline);
      if (quiet) clearTimeout(quiet);
      const deviceId = deviceOf(outcome);
      if (deviceId === null) unnamed.fail(ip, Date.now());
      else refusedDevices.fail(deviceKey(ip, deviceId), Date.now());
      record(address, outcome);
      log.info({ address, outcome: outcome.ok ? 'accepted' : outcome.result, sn: outcome.sn }, 'DTU refused');
      socket.destroy();
    }

    /** A device refused too often from this address is not heard again until its wait is over. */
    function throttled(sn: string | null, deviceId: number): void {
      clearTimeout(deadline);
      if (quiet) clearTimeout(quiet);
      if (refusedDevices.shouldLog(deviceKey(ip, deviceId), Date.now())) {
        record(address, { ok: false, result: 'throttled', sn, deviceId });
      }
      socket.destroy();
    }

    async function accept(outcome: Extract<Registration, { ok: true }>): Promise<void> {
      clearTimeout(deadline);
      if (quiet) clearTimeout(quiet);
      const { device } = outcome;
      const at = Date.now();
      const conn = new DtuConnection(
        device.id,
        device.template_id,
        socket,
        device.protocol === 'modbusTcp' ? 'tcp' : 'rtu',
        Math.max(1, device.query_interval) * 1000,
        device.merge_length ?? TEMPLATE_LIMITS.registerMergeLength,
        context,
      );
      conn.usePoints(await plans.get(device.template_id));
      if (socket.destroyed) return;
      connection = conn;
      connections.add(conn);
      refusedDevices.clear(deviceKey(ip, device.id));
      record(address, outcome);
      prefix = device.registration_mode === 'everyPacket' ? pending.subarray(0, outcome.used) : null;
      heartbeat = device.heartbeat ? Buffer.from(device.heartbeat, 'hex') : null;
      conn.counters.bytesIn += pending.length;
      const previous = links.set(device.id, conn);
      previous?.close('replaced');
      conn.start(at, previous instanceof DtuConnection ? previous.finished : Promise.resolve());
      log.info({ address, deviceId: device.id, replaced: Boolean(previous) }, 'DTU registered');
      socket.resume();
    }

    function decide(final: boolean): void {
      if (identifying || connection || socket.destroyed) return;
      identifying = true;
      const seen = pending.length;
      socket.pause();
      identify(db.kysely, pending, final)
        .then(async (outcome) => {
          identifying = false;
          if (socket.destroyed) return;
          if (!outcome) {
            socket.resume();
            // Bytes that came while the lookup ran may complete the registration.
            if (pending.length > seen) decide(false);
            return;
          }
          const deviceId = deviceOf(outcome);
          if (deviceId !== null && refusedDevices.waitSeconds(deviceKey(ip, deviceId), Date.now()) > 0) {
            throttled(outcome.sn, deviceId);
          } else if (outcome.ok) await accept(outcome);
          else refuse(outcome);
        })
        .catch((error: unknown) => {
          log.error({ address, error }, 'DTU registration failed');
          socket.destroy();
        });
    }

    socket.on('data', (chunk: Buffer) => {
      if (connection) {
        connection.counters.bytesIn += chunk.length;
        connection.receive(strip(chunk, prefix, heartbeat, connection));
        return;
      }
      pending = Buffer.concat([pending, chunk]);
      if (identifying) return;
      if (pending.length > REGISTRATION_MAX_BYTES)
        return refuse({ ok: false, result: 'malformed', sn: null, deviceId: null });
      if (quiet) clearTimeout(quiet);
      quiet = setTimeout(() => decide(true), options.registrationQuietMs);
      decide(false);
    });

    socket.on('close', () => {
      sockets.delete(socket);
      clearTimeout(deadline);
      if (quiet) clearTimeout(quiet);
      if (!connection) return;
      connection.closed();
      connections.delete(connection);
      links.delete(connection.deviceId, connection);
    });
  }

  const server = createServer(handle);
  server.on('error', (error) => log.error({ error }, 'DTU port error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address();
  const port = typeof bound === 'object' && bound ? bound.port : options.port;
  log.info({ port }, 'DTU port listening');

  return {
    port,
    schedule,
    connections,
    async stop() {
      schedule.stop();
      // Their offline records say the cloud went away, not the device.
      for (const connection of connections) connection.close('restarted');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      await Promise.all([...connections].map((c) => c.finished));
    },
  };
}

/** Takes the registration prefix ("before every packet") and heartbeats off a chunk. */
function strip(chunk: Buffer, prefix: Buffer | null, heartbeat: Buffer | null, connection: DtuConnection): Buffer {
  let out = chunk;
  if (prefix && out.length >= prefix.length && out.subarray(0, prefix.length).equals(prefix))
    out = out.subarray(prefix.length);
  // Bounded: every turn removes a whole heartbeat from the front.
  while (heartbeat && out.length >= heartbeat.length && out.subarray(0, heartbeat.length).equals(heartbeat)) {
    out = out.subarray(heartbeat.length);
    connection.counters.heartbeats++;
  }
  return out;
}
