import { createServer, type Server, type Socket } from 'node:net';
import { TEMPLATE_LIMITS } from '@meridian/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import type { Telemetry } from '../telemetry/types.ts';
import { type ConnectionContext, DtuConnection, type PollingOptions } from './connection.ts';
import { type DeviceLinks, linksFor } from './links.ts';
import type { LinkHolder } from './node.ts';
import { TemplatePlans } from './plans.ts';
import { readProxyHeader } from './proxy.ts';
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
  /** Every connection starts with a PROXY protocol header from the load balancer (decision 0107). */
  proxyProtocol?: boolean;
}

export const DTU_DEFAULTS: Omit<DtuServerOptions, 'port'> = {
  host: '0.0.0.0',
  readTimeoutMs: 3000,
  retries: 1,
  networkEveryMs: 60_000,
  faultAfterPolls: 3,
  atTimeoutMs: 5000,
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

/** What the connections of one DTU port share. */
interface Port {
  db: Db;
  log: Logger;
  options: DtuServerOptions;
  plans: TemplatePlans;
  links: DeviceLinks;
  // A DTU that keeps failing to register as one of the cloud's devices (a wrong password, a disabled
  // device) is slowed on its own, so that it does not hold back the healthy DTUs behind the same NAT;
  // bytes that name no device (scanners, other protocols, made-up SNs) slow their whole address.
  refusedDevices: RegistrationThrottle;
  unnamed: RegistrationThrottle;
  sockets: Set<Socket>;
  connections: Set<DtuConnection>;
  context: ConnectionContext;
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
  const port: Port = {
    db,
    log,
    options,
    plans,
    links: linksFor(db),
    refusedDevices: new RegistrationThrottle(),
    unnamed: new RegistrationThrottle(20),
    sockets: new Set(),
    connections: new Set(),
    context: { telemetry, schedule, plans, log, options, holder: options.holder },
  };
  const server = createServer((socket) => accept(port, socket));
  server.on('error', (error) => log.error({ error }, 'DTU port error'));
  const bound = await listen(server, options);
  log.info({ port: bound }, 'DTU port listening');
  return {
    port: bound,
    schedule,
    connections: port.connections,
    async stop() {
      schedule.stop();
      // Their offline records say the cloud went away, not the device.
      for (const connection of port.connections) connection.close('restarted');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of port.sockets) socket.destroy();
      await closed;
      await Promise.all([...port.connections].map((c) => c.finished));
    },
  };
}

/** Listens on the configured port and host; the port bound. */
export async function listen(server: Server, options: { port: number; host: string }): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address();
  return typeof bound === 'object' && bound ? bound.port : options.port;
}

/** A new socket: behind a load balancer, its origin comes first in a PROXY header. */
function accept(port: Port, socket: Socket): void {
  port.sockets.add(socket);
  socket.on('error', (error) =>
    port.log.debug(
      { address: `${socket.remoteAddress}:${socket.remotePort}`, error: error.message },
      'DTU socket error',
    ),
  );
  if (!port.options.proxyProtocol) {
    admit(port, socket, socket.remoteAddress ?? 'unknown', socket.remotePort, null);
    return;
  }
  void readProxyHeader(socket, port.options.registrationTimeoutMs).then((origin) => {
    if (typeof origin === 'string') {
      port.sockets.delete(socket);
      if (origin === 'bad')
        record(port, `${socket.remoteAddress ?? 'unknown'}:${socket.remotePort ?? 0}`, {
          ok: false,
          result: 'malformed',
          sn: null,
          deviceId: null,
        });
      return;
    }
    admit(port, socket, origin.ip, origin.port, origin.rest);
    socket.resume();
  });
}

/** A connection from `ip`: an address that keeps sending bytes naming no device is cut off at once, the rest wait for registration. */
function admit(port: Port, socket: Socket, ip: string, remotePort: number | undefined, first: Buffer | null): void {
  const address = `${ip}:${remotePort ?? 0}`;
  const now = Date.now();
  if (port.unnamed.waitSeconds(ip, now) > 0) {
    if (port.unnamed.shouldLog(ip, now))
      record(port, address, { ok: false, result: 'throttled', sn: null, deviceId: null });
    socket.destroy();
    port.sockets.delete(socket);
    return;
  }
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 60_000);
  new DtuSocket(port, socket, ip, address, first);
}

/** Logs a registration attempt, without holding up the connection. */
function record(port: Port, address: string, outcome: Registration): void {
  const entry = outcome.ok
    ? { sn: outcome.sn, deviceId: outcome.device.id, result: 'accepted' as const }
    : { sn: outcome.sn, deviceId: outcome.deviceId, result: outcome.result };
  logRegistrations(port.db.kysely, [{ at: Date.now(), address, ...entry }]).catch((error: unknown) =>
    port.log.warn({ error }, 'registration not logged'),
  );
}

const EMPTY = Buffer.alloc(0);

/**
 * A copy of a few bytes kept for the life of a connection, in memory of its own: a small Buffer is
 * a slice of an 8 KiB pool, which it would keep whole, for every connected DTU.
 */
function own(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  copy.set(bytes);
  return copy;
}
const deviceKey = (ip: string, deviceId: number) => `${ip} ${deviceId}`;
const deviceOf = (outcome: Registration) => (outcome.ok ? outcome.device.id : outcome.deviceId);

/**
 * One socket of the DTU port: its first bytes are gathered until they name a device (or the line
 * goes quiet, or too many come, or the registration time runs out); once registered, the rest goes
 * to its DtuConnection.
 */
class DtuSocket {
  readonly #port: Port;
  readonly #socket: Socket;
  readonly #ip: string;
  readonly #address: string;
  /** Cleared and let go once the DTU registers, as are the registration bytes: a connected DTU keeps neither. */
  #deadline: NodeJS.Timeout | null;
  #pending: Buffer = EMPTY;
  #identifying = false;
  #connection: DtuConnection | null = null;
  #prefix: Buffer | null = null;
  #heartbeat: Buffer | null = null;
  #quiet: NodeJS.Timeout | null = null;

  constructor(port: Port, socket: Socket, ip: string, address: string, first: Buffer | null) {
    this.#port = port;
    this.#socket = socket;
    this.#ip = ip;
    this.#address = address;
    this.#deadline = setTimeout(
      () => this.#refuse({ ok: false, result: 'malformed', sn: null, deviceId: null }),
      port.options.registrationTimeoutMs,
    );
    socket.on('data', (chunk: Buffer) => this.#received(chunk));
    socket.on('close', () => this.#closed());
    // The DTU's bytes that came with the load balancer's header.
    if (first?.length) this.#received(first);
  }

  #received(chunk: Buffer): void {
    const connection = this.#connection;
    if (connection) {
      connection.counters.bytesIn += chunk.length;
      connection.receive(strip(chunk, this.#prefix, this.#heartbeat, connection));
      return;
    }
    this.#pending = Buffer.concat([this.#pending, chunk]);
    if (this.#identifying) return;
    if (this.#pending.length > REGISTRATION_MAX_BYTES) {
      this.#refuse({ ok: false, result: 'malformed', sn: null, deviceId: null });
      return;
    }
    if (this.#quiet) clearTimeout(this.#quiet);
    this.#quiet = setTimeout(() => this.#decide(true), this.#port.options.registrationQuietMs);
    this.#decide(false);
  }

  #closed(): void {
    this.#port.sockets.delete(this.#socket);
    this.#stopTimers();
    const connection = this.#connection;
    if (!connection) return;
    connection.closed();
    this.#port.connections.delete(connection);
    this.#port.links.delete(connection.deviceId, connection);
  }

  #stopTimers(): void {
    if (this.#deadline) clearTimeout(this.#deadline);
    if (this.#quiet) clearTimeout(this.#quiet);
    this.#deadline = null;
    this.#quiet = null;
  }

  /** Looks up who the bytes so far name; `final`: no more will come. */
  #decide(final: boolean): void {
    const socket = this.#socket;
    if (this.#identifying || this.#connection || socket.destroyed) return;
    this.#identifying = true;
    const seen = this.#pending.length;
    socket.pause();
    identify(this.#port.db.kysely, this.#pending, final)
      .then(async (outcome) => {
        this.#identifying = false;
        if (socket.destroyed) return;
        if (!outcome) {
          socket.resume();
          // Bytes that came while the lookup ran may complete the registration.
          if (this.#pending.length > seen) this.#decide(false);
          return;
        }
        const deviceId = deviceOf(outcome);
        if (deviceId !== null && this.#port.refusedDevices.waitSeconds(deviceKey(this.#ip, deviceId), Date.now()) > 0) {
          this.#throttled(outcome.sn, deviceId);
        } else if (outcome.ok) await this.#accept(outcome);
        else this.#refuse(outcome);
      })
      .catch((error: unknown) => {
        this.#port.log.error({ address: this.#address, error }, 'DTU registration failed');
        socket.destroy();
      });
  }

  #refuse(outcome: Registration): void {
    if (this.#connection || this.#socket.destroyed) return;
    this.#stopTimers();
    const deviceId = deviceOf(outcome);
    if (deviceId === null) this.#port.unnamed.fail(this.#ip, Date.now());
    else this.#port.refusedDevices.fail(deviceKey(this.#ip, deviceId), Date.now());
    record(this.#port, this.#address, outcome);
    this.#port.log.info(
      { address: this.#address, outcome: outcome.ok ? 'accepted' : outcome.result, sn: outcome.sn },
      'DTU refused',
    );
    this.#socket.destroy();
  }

  /** A device refused too often from this address is not heard again until its wait is over. */
  #throttled(sn: string | null, deviceId: number): void {
    this.#stopTimers();
    if (this.#port.refusedDevices.shouldLog(deviceKey(this.#ip, deviceId), Date.now())) {
      record(this.#port, this.#address, { ok: false, result: 'throttled', sn, deviceId });
    }
    this.#socket.destroy();
  }

  async #accept(outcome: Extract<Registration, { ok: true }>): Promise<void> {
    this.#stopTimers();
    const { device } = outcome;
    const port = this.#port;
    const at = Date.now();
    const conn = new DtuConnection(
      device.id,
      device.template_id,
      this.#socket,
      device.protocol === 'modbusTcp'
        ? 'tcp'
        : device.protocol === 'dlt645' || device.protocol === 'cjt188' || device.protocol === 'custom'
          ? device.protocol
          : 'rtu',
      Math.max(1, device.query_interval) * 1000,
      device.merge_length ?? TEMPLATE_LIMITS.registerMergeLength,
      port.context,
    );
    conn.usePoints(await port.plans.get(device.template_id));
    if (this.#socket.destroyed) return;
    this.#connection = conn;
    port.connections.add(conn);
    port.refusedDevices.clear(deviceKey(this.#ip, device.id));
    record(port, this.#address, outcome);
    this.#prefix = device.registration_mode === 'everyPacket' ? own(this.#pending.subarray(0, outcome.used)) : null;
    this.#heartbeat = device.heartbeat ? own(Buffer.from(device.heartbeat, 'hex')) : null;
    conn.counters.bytesIn += this.#pending.length;
    this.#pending = EMPTY;
    const previous = port.links.set(device.id, conn);
    previous?.close('replaced');
    conn.start(at, previous instanceof DtuConnection ? previous.finished : Promise.resolve());
    port.log.info({ address: this.#address, deviceId: device.id, replaced: Boolean(previous) }, 'DTU registered');
    this.#socket.resume();
  }
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
