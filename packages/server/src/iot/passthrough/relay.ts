import { createServer, type Socket } from 'node:net';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { DtuConnection, type PassthroughLine } from '../gateway/connection.ts';
import { linksFor } from '../gateway/links.ts';
import { readProxyHeader } from '../gateway/proxy.ts';
import { listen } from '../gateway/server.ts';
import { strategyByToken } from './repository.ts';

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
  return {
    port,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const end of [...ends]) end('stopped');
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/**
 * Reads the token line (after `first`, the bytes that came with a PROXY header): the token, and
 * the bytes that came after it; null when none came in time.
 */
function tokenLine(
  socket: Socket,
  timeoutMs: number,
  first: Buffer = Buffer.alloc(0),
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
      if (newline >= 0 && newline <= TOKEN_LINE_MAX)
        finish({ token: buf.subarray(0, newline).toString('latin1').trim(), rest: buf.subarray(newline + 1) });
      else if (buf.length > TOKEN_LINE_MAX) finish(null);
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
  if (!(link instanceof DtuConnection) || link.isClosed) return refuse('offline', strategyId);
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
