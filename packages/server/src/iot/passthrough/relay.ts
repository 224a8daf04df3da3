import { createHash, timingSafeEqual } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { DtuConnection, type PassthroughLine } from '../gateway/connection.ts';
import { linksFor } from '../gateway/links.ts';
import { readProxyHeader } from '../gateway/proxy.ts';
import { listen } from '../gateway/server.ts';
import { forgetRelay, recordRelay, relayOfDevice, strategyByToken } from './repository.ts';

export interface PassthroughOptions {
  port: number;
  host: string;
  /** How long a client has to send its token line. */
  tokenTimeoutMs: number;
  /** Bytes a session may have waiting for a slow side (the DTU's link or the PC) before it is closed. */
  bufferCap: number;
  /**
   * Every connection starts with a PROXY protocol header from nginx (DTU_PROXY_PROTOCOL=on,
   * decision 0138): the allow-list and the logs then see the PC's address, not nginx's.
   */
  proxyProtocol?: boolean;
  /** Several gateway processes on PostgreSQL: the direct hop to the process holding the DTU (decision 0163). */
  relay?: RelayOptions;
}

/**
 * The hop between gateway processes (decision 0163): a PC client landing on a process that does
 * not hold its DTU is handed, over one TCP connection, to the live process named in `device_links`.
 */
export interface RelayOptions {
  /** The same in every gateway process (PASSTHROUGH_RELAY_SECRET): a hop without it is refused. */
  secret: string;
  /** Where this process takes hops: loopback or the private network, as the others reach it. */
  host: string;
  port: number;
  /** This process's lease name, beside which the address is recorded. */
  node: string;
  /**
   * Takes a group hop (decision 0167): the process holding a group's management DTU bridging an
   * edge DTU this process holds. `rest` is what came after the hop's first line.
   */
  groupHop?: (socket: Socket, strategyId: number, edgeId: number, rest: Buffer) => void;
}

export const PASSTHROUGH_DEFAULTS: Omit<PassthroughOptions, 'port'> = {
  host: '0.0.0.0',
  tokenTimeoutMs: 10_000,
  bufferCap: 1024 * 1024,
};

/** A token line is at most this long: more bytes without a newline end the connection. */
const TOKEN_LINE_MAX = 128;

/** Why a client was refused or a session ended; logged with the strategy and the address. */
export type SessionEnd =
  | 'proxyHeader'
  | 'noToken'
  | 'unknownToken'
  | 'address'
  | 'offline'
  | 'busy'
  | 'overflow'
  | 'clientLeft'
  | 'deviceGone'
  | 'stopped';

export interface PassthroughServer {
  port: number;
  /** Where this process takes hops from the others, when it does. */
  relayPort?: number;
  stop(): Promise<void>;
}

/** A set of strategy ids kept per database handle (one per app in the tests' shared process). */
export function strategiesPerDb(): (db: Kysely<Database>) => Set<number> {
  const byDb = new WeakMap<object, Set<number>>();
  return (db) => {
    let set = byDb.get(db);
    if (!set) {
      set = new Set();
      byDb.set(db, set);
    }
    return set;
  };
}

/** The strategies with a PC client connected on this process (for the list's "in session"), by database handle. */
export const sessionsFor = strategiesPerDb();

/** An IPv4 client seen over a dual-stack socket is `::ffff:a.b.c.d`: the allow-list names `a.b.c.d`. */
const plainAddress = (address: string | undefined) => (address ?? '').replace(/^::ffff:/, '');

/**
 * The passthrough port (decision 0113): the user's PC software connects, sends its strategy's
 * token and a newline, and from then on its bytes go raw to the serial device behind the
 * strategy's DTU and the device's bytes come back, while the DTU's polling pauses.
 */
export async function startPassthroughServer(
  db: Db,
  log: Logger,
  options: PassthroughOptions,
): Promise<PassthroughServer> {
  const sockets = new Set<Socket>();
  const ends = new Set<(reason: SessionEnd) => void>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', (error) => log.debug({ error: error.message }, 'passthrough socket error'));
    socket.setNoDelay(true);
    void admit(db, log, options, socket, ends);
  });
  server.on('error', (error) => log.error({ error }, 'passthrough port error'));
  const port = await listen(server, options);
  log.info({ port }, 'passthrough port listening');
  const hops = options.relay ? await startHops(db, log, options, options.relay, sockets, ends) : undefined;
  return {
    port,
    ...(hops ? { relayPort: hops.port } : {}),
    async stop() {
      const closed = [server, ...(hops ? [hops.server] : [])].map(
        (s) => new Promise<void>((resolve) => s.close(() => resolve())),
      );
      for (const end of [...ends]) end('stopped');
      for (const socket of sockets) socket.destroy();
      await Promise.all(closed);
      if (hops && options.relay)
        await forgetRelay(db.kysely, options.relay.node, hops.address).catch((error: unknown) =>
          log.warn({ error }, 'passthrough relay address not forgotten'),
        );
    },
  };
}

/** What one process sends first to another on a hop: the secret, the PC's address and its token. */
const HOP_WORD = 'MERIDIAN-HOP';
/** A group's hop (decision 0167): the secret, the group strategy and the edge DTU it bridges. */
const GROUP_WORD = 'MERIDIAN-GROUP';
const HOP_LINE_MAX = 512;

/** The first line of a group hop from the management DTU's process to an edge DTU's. */
export const groupHopLine = (secret: string, strategyId: number, edgeId: number) =>
  `${GROUP_WORD} ${secret} ${strategyId} ${edgeId}\n`;

/** A hop's socket, either side: no delay, and a peer gone without a word is noticed by keepalive. */
export function hopSocket(socket: Socket): Socket {
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 10_000);
  return socket;
}

/** Opens a hop to another gateway process's `host:port` and sends its first line once connected. */
export function dialHop(relay: string, firstLine: string, connected: (peer: Socket) => void): Socket {
  const colon = relay.lastIndexOf(':');
  const peer = hopSocket(connect({ host: relay.slice(0, colon), port: Number(relay.slice(colon + 1)) }));
  peer.once('connect', () => {
    peer.write(firstLine);
    connected(peer);
  });
  return peer;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The hop listener: the other gateway processes hand it PC clients whose DTU this process holds.
 * Each hop starts with one line, `MERIDIAN-HOP <secret> <PC address> <token>`; the session then
 * runs as if the PC had connected here (allow-list, busy, polling paused).
 */
async function startHops(
  db: Db,
  log: Logger,
  options: PassthroughOptions,
  relay: RelayOptions,
  sockets: Set<Socket>,
  ends: Set<(reason: SessionEnd) => void>,
): Promise<{ server: Server; port: number; address: string }> {
  const expected = digest(relay.secret);
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', (error) => log.debug({ error: error.message }, 'passthrough hop socket error'));
    hopSocket(socket);
    void (async () => {
      const line = await tokenLine(socket, options.tokenTimeoutMs, undefined, HOP_LINE_MAX);
      const [word, secret, ...args] = line?.token.split(' ') ?? [];
      const trusted = Boolean(line && secret && timingSafeEqual(digest(secret), expected));
      const [first, ...more] = args;
      if (trusted && line && word === HOP_WORD && first)
        return serve(db, log, options, socket, {
          address: first,
          token: more.join(' '),
          rest: line.rest,
          ends,
          hop: true,
        });
      const [strategyId, edgeId] = args.map(Number);
      if (trusted && line && word === GROUP_WORD && relay.groupHop && strategyId && edgeId && args.length === 2)
        return relay.groupHop(socket, strategyId, edgeId, line.rest);
      log.warn({ address: plainAddress(socket.remoteAddress) }, 'passthrough hop refused: not from a gateway process');
      socket.destroy();
    })();
  });
  server.on('error', (error) => log.error({ error }, 'passthrough hop port error'));
  const port = await listen(server, { host: relay.host, port: relay.port });
  const address = `${relay.host}:${port}`;
  await recordRelay(db.kysely, relay.node, address, Date.now());
  log.info({ address, gateway: relay.node }, 'passthrough hops from other gateway processes taken here');
  return { server, port, address };
}

/**
 * Reads the token line (after `first`, the bytes that came with a PROXY header): the token, and
 * the bytes that came after it; null when none came in time.
 */
export function tokenLine(
  socket: Socket,
  timeoutMs: number,
  first: Buffer = Buffer.alloc(0),
  max = TOKEN_LINE_MAX,
): Promise<{ token: string; rest: Buffer } | null> {
  return new Promise((resolve) => {
    let buf = Buffer.alloc(0);
    let done = false;
    const finish = (outcome: { token: string; rest: Buffer } | null) => {
      done = true;
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.pause();
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      const newline = buf.indexOf(0x0a);
      if (newline >= 0 && newline <= max)
        finish({ token: buf.subarray(0, newline).toString('latin1').trim(), rest: buf.subarray(newline + 1) });
      else if (buf.length > max) finish(null);
    };
    const onClose = () => finish(null);
    const timer = setTimeout(() => finish(null), timeoutMs);
    socket.on('data', onData);
    socket.on('close', onClose);
    if (first.length) onData(first);
    // Paused after a PROXY header: the token is read from here on.
    if (!done && socket.readableFlowing === false) socket.resume();
  });
}

async function admit(
  db: Db,
  log: Logger,
  options: PassthroughOptions,
  socket: Socket,
  ends: Set<(reason: SessionEnd) => void>,
): Promise<void> {
  let address = plainAddress(socket.remoteAddress);
  const refuse = (reason: SessionEnd, strategyId?: number) => {
    log.info({ address, strategyId, reason }, 'passthrough client refused');
    socket.destroy();
  };
  let first: Buffer | undefined;
  if (options.proxyProtocol) {
    const origin = await readProxyHeader(socket, options.tokenTimeoutMs);
    if (origin === 'gone') return;
    if (origin === 'bad') return refuse('proxyHeader');
    address = plainAddress(origin.ip);
    first = origin.rest;
  }
  const line = await tokenLine(socket, options.tokenTimeoutMs, first);
  if (!line?.token) return refuse('noToken');
  await serve(db, log, options, socket, { address, token: line.token, rest: line.rest, ends, hop: false });
}

/**
 * Runs a PC client's session once its token is read: here when this process holds the DTU's
 * link, else (not already a hop) through a hop to the live process that holds it.
 */
async function serve(
  db: Db,
  log: Logger,
  options: PassthroughOptions,
  socket: Socket,
  client: { address: string; token: string; rest: Buffer; ends: Set<(reason: SessionEnd) => void>; hop: boolean },
): Promise<void> {
  const { address, ends } = client;
  const refuse = (reason: SessionEnd, strategyId?: number) => {
    log.info({ address, strategyId, reason }, 'passthrough client refused');
    socket.destroy();
  };
  const line = { token: client.token, rest: client.rest };
  if (!line.token) return refuse('noToken');
  const strategy = await strategyByToken(db.kysely, line.token).catch((error: unknown) => {
    log.error({ error }, 'passthrough strategy not read');
    return undefined;
  });
  if (!strategy) return refuse('unknownToken');
  const strategyId = Number(strategy.id);
  const allowed = JSON.parse(strategy.allow_list) as string[];
  if (allowed.length && !allowed.includes(address)) return refuse('address', strategyId);
  const sessions = sessionsFor(db.kysely);
  if (sessions.has(strategyId)) return refuse('busy', strategyId);
  const link = linksFor(db).get(Number(strategy.device_id));
  if (!(link instanceof DtuConnection) || link.isClosed) {
    if (client.hop || !options.relay) return refuse('offline', strategyId);
    const holder = await relayOfDevice(db.kysely, Number(strategy.device_id), Date.now()).catch((error: unknown) => {
      log.error({ error }, 'passthrough holder not read');
      return undefined;
    });
    if (!holder || holder.node === options.relay.node) return refuse('offline', strategyId);
    return hop(log, socket, {
      node: holder.node,
      relay: holder.address,
      secret: options.relay.secret,
      pc: address,
      strategyId,
      line,
    });
  }
  if (socket.destroyed) return;
  new Session({
    log,
    cap: options.bufferCap,
    socket,
    link,
    strategyId,
    address,
    first: line.rest,
    sessions,
    ends,
  }).open();
}

/** One PC client relaying raw bytes with one DTU's serial device. */
class Session {
  #line: PassthroughLine | null = null;
  #early: Buffer[] = [];
  #earlyBytes = 0;
  #ended = false;
  readonly #end = (reason: SessionEnd) => this.end(reason);
  readonly log: Logger;
  readonly cap: number;
  readonly socket: Socket;
  readonly link: DtuConnection;
  readonly strategyId: number;
  readonly address: string;
  readonly sessions: Set<number>;
  readonly ends: Set<(reason: SessionEnd) => void>;

  constructor(s: {
    log: Logger;
    cap: number;
    socket: Socket;
    link: DtuConnection;
    strategyId: number;
    address: string;
    first: Buffer;
    sessions: Set<number>;
    ends: Set<(reason: SessionEnd) => void>;
  }) {
    this.log = s.log;
    this.cap = s.cap;
    this.socket = s.socket;
    this.link = s.link;
    this.strategyId = s.strategyId;
    this.address = s.address;
    this.sessions = s.sessions;
    this.ends = s.ends;
    if (s.first.length) this.#keep(s.first);
  }

  open(): void {
    this.sessions.add(this.strategyId);
    this.ends.add(this.#end);
    this.socket.on('data', (chunk: Buffer) => this.#fromClient(chunk));
    this.socket.on('close', () => this.end('clientLeft'));
    this.socket.resume();
    this.link
      .openPassthrough({ fromDevice: (chunk) => this.#fromDevice(chunk), deviceGone: () => this.end('deviceGone') })
      .then((line) => {
        if (this.#ended) {
          line.release();
          return;
        }
        this.#line = line;
        this.log.info(
          { strategyId: this.strategyId, deviceId: this.link.deviceId, address: this.address },
          'passthrough session started; polling paused',
        );
        for (const chunk of this.#early.splice(0)) this.#fromClient(chunk);
      })
      .catch(() => this.end(this.link.isClosed ? 'offline' : 'busy'));
  }

  /** Bytes sent before the line was granted wait, within the buffer cap. */
  #keep(chunk: Buffer): void {
    this.#early.push(chunk);
    this.#earlyBytes += chunk.length;
    if (this.#earlyBytes > this.cap) this.end('overflow');
  }

  #fromClient(chunk: Buffer): void {
    if (this.#ended) return;
    const line = this.#line;
    if (!line) {
      this.#keep(chunk);
      return;
    }
    // A PC that sends faster than the DTU's link carries: past the cap, the session closes; polling and other DTUs go on.
    if (line.send(chunk) > this.cap) this.end('overflow');
  }

  #fromDevice(chunk: Buffer): void {
    if (this.#ended) return;
    this.socket.write(chunk);
    if (this.socket.writableLength > this.cap) this.end('overflow');
  }

  end(reason: SessionEnd): void {
    if (this.#ended) return;
    this.#ended = true;
    this.sessions.delete(this.strategyId);
    this.ends.delete(this.#end);
    this.#line?.release();
    this.log[reason === 'overflow' ? 'warn' : 'info'](
      { strategyId: this.strategyId, deviceId: this.link.deviceId, address: this.address, reason },
      reason === 'overflow'
        ? 'passthrough session closed: more bytes waiting than the buffer cap'
        : 'passthrough session ended; polling resumes',
    );
    this.socket.destroy();
  }
}

/**
 * Hands a PC client to the gateway process holding its DTU (decision 0163): one TCP connection,
 * its first line the secret, the PC's address and the token, then the bytes piped both ways with
 * the sockets' own backpressure. Either side closing closes the other.
 */
function hop(
  log: Logger,
  socket: Socket,
  to: {
    node: string;
    relay: string;
    secret: string;
    pc: string;
    strategyId: number;
    line: { token: string; rest: Buffer };
  },
): void {
  const peer = dialHop(to.relay, `${HOP_WORD} ${to.secret} ${to.pc} ${to.line.token}\n`, () => {
    if (to.line.rest.length) peer.write(to.line.rest);
    socket.pipe(peer);
    peer.pipe(socket);
    log.info(
      { strategyId: to.strategyId, gateway: to.node },
      'passthrough client handed to the gateway holding its DTU',
    );
  });
  const close = () => {
    peer.destroy();
    socket.destroy();
  };
  peer.on('error', (error) => {
    log.info({ strategyId: to.strategyId, gateway: to.node, error: error.message }, 'passthrough hop failed');
    close();
  });
  peer.on('close', close);
  socket.on('close', close);
}
