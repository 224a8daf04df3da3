import type { Socket } from 'node:net';
import { encodeRequest, type Framing, type ModbusRequest, parseReply } from '@meridian/simulator/modbus';

/** Why a request to a slave failed; each maps to the spec's message (service.ts). */
export type FailureKind = 'noReply' | 'errorReply' | 'badCrc' | 'truncated' | 'mismatch' | 'malformed' | 'closed';

export class SlaveFailure extends Error {
  readonly kind: FailureKind;
  readonly exceptionCode: number;
  constructor(kind: FailureKind, exceptionCode = 0) {
    super(exceptionCode ? `${kind} ${exceptionCode}` : kind);
    this.name = 'SlaveFailure';
    this.kind = kind;
    this.exceptionCode = exceptionCode;
  }
}

/** What each connection counts, for the logs and the network statistics. */
export interface LinkCounters {
  bytesIn: number;
  bytesOut: number;
  heartbeats: number;
  /** Replies refused, by kind. */
  failures: Partial<Record<FailureKind, number>>;
}

interface Pending {
  /** A Modbus request, or null for Data Debugging (raw bytes back). */
  req: ModbusRequest | null;
  /** For an AT command: whether the bytes so far hold a whole answer. */
  complete?: (buf: Buffer) => boolean;
  buf: Buffer;
  timer: NodeJS.Timeout;
  quiet: NodeJS.Timeout | null;
  resolve(data: Buffer): void;
  reject(error: SlaveFailure): void;
}

/**
 * One request in flight on a DTU's link, and the bytes that answer it: a Modbus reply parsed as it
 * arrives (a truncated frame waits for the rest until the timeout), or, for Data Debugging,
 * whatever comes back until the line is quiet. Bytes that arrive with nothing in flight are
 * heartbeats or noise and are dropped.
 */
export class Exchange {
  #pending: Pending | null = null;
  #transaction = 0;

  readonly #socket: Socket;
  readonly #framing: Framing;
  readonly counters: LinkCounters;

  constructor(socket: Socket, framing: Framing, counters: LinkCounters) {
    this.#socket = socket;
    this.#framing = framing;
    this.counters = counters;
  }

  get busy(): boolean {
    return this.#pending !== null;
  }

  request(req: ModbusRequest, timeoutMs: number): Promise<Buffer> {
    this.#transaction = (this.#transaction + 1) & 0xffff;
    const framed = this.#framing === 'tcp' ? { ...req, transaction: this.#transaction } : req;
    return this.#start(framed, encodeRequest(framed, this.#framing), timeoutMs);
  }

  /** Sends bytes as they are; resolves with what came back once the line has been quiet for `quietMs`. */
  raw(payload: Buffer, timeoutMs: number): Promise<Buffer> {
    return this.#start(null, payload, timeoutMs);
  }

  /** Sends a network AT command; resolves with the bytes that came back once `complete` says they hold the answer. */
  command(payload: Buffer, complete: (buf: Buffer) => boolean, timeoutMs: number): Promise<Buffer> {
    return this.#start(null, payload, timeoutMs, complete);
  }

  #start(
    req: ModbusRequest | null,
    bytes: Buffer,
    timeoutMs: number,
    complete?: (buf: Buffer) => boolean,
  ): Promise<Buffer> {
    if (this.#pending) return Promise.reject(new Error('a request is already in flight'));
    if (this.#socket.destroyed) return Promise.reject(new SlaveFailure('closed'));
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        const p = this.#pending;
        if (!p) return;
        if (!p.req && !p.complete && p.buf.length) return this.#settle(null, p.buf);
        this.#settle(new SlaveFailure(p.buf.length ? 'truncated' : 'noReply'));
      }, timeoutMs);
      this.#pending = { req, complete, buf: Buffer.alloc(0), timer, quiet: null, resolve, reject };
      this.counters.bytesOut += bytes.length;
      this.#socket.write(bytes);
    });
  }

  /** Bytes from the DTU, after registration prefixes and heartbeats were taken off. */
  receive(chunk: Buffer): void {
    const p = this.#pending;
    if (!p) {
      if (chunk.length) this.counters.heartbeats++;
      return;
    }
    p.buf = p.buf.length ? Buffer.concat([p.buf, chunk]) : chunk;
    if (p.complete) {
      if (p.complete(p.buf)) this.#settle(null, p.buf);
      return;
    }
    if (!p.req) {
      if (p.quiet) clearTimeout(p.quiet);
      p.quiet = setTimeout(() => this.#settle(null, p.buf), 150);
      return;
    }
    // Bounded: every turn consumes at least one byte or returns.
    while (p.buf.length) {
      const verdict = parseReply(p.req, p.buf, this.#framing);
      if (verdict.kind === 'incomplete') return;
      if (verdict.kind === 'mismatch') {
        // Another slave's or an old request's reply: drop it and keep waiting for ours.
        this.#count('mismatch');
        p.buf = p.buf.subarray(Math.max(1, verdict.used));
        continue;
      }
      if (verdict.kind === 'ok') this.#settle(null, Buffer.from(verdict.data));
      else if (verdict.kind === 'exception') this.#settle(new SlaveFailure('errorReply', verdict.code));
      else this.#settle(new SlaveFailure(verdict.kind));
      return;
    }
  }

  /** The connection closed: whatever waits fails now rather than at its timeout. */
  close(): void {
    if (this.#pending) this.#settle(new SlaveFailure('closed'));
  }

  #count(kind: FailureKind): void {
    this.counters.failures[kind] = (this.counters.failures[kind] ?? 0) + 1;
  }

  #settle(error: SlaveFailure | null, data?: Buffer): void {
    const p = this.#pending;
    if (!p) return;
    this.#pending = null;
    clearTimeout(p.timer);
    if (p.quiet) clearTimeout(p.quiet);
    if (error) {
      this.#count(error.kind);
      p.reject(error);
    } else p.resolve(data ?? Buffer.alloc(0));
  }
}
