import type { Socket } from 'node:net';
import {
  type CustomProtocolDefinition,
  checkCustomAnswer,
  customAnswerLength,
  customLengthTaken,
  type DataFormat,
  expectedCustomHeader,
} from '@meridian/contracts';
import {
  decodeReading,
  type MeterReading,
  parseFrame as parseWaterFrame,
  readOutcome as waterOutcome,
  readRequest as waterRequest,
} from '@meridian/simulator/cjt188';
import { decodeValue, parseFrame, readOutcome, readRequest } from '@meridian/simulator/dlt645';
import { encodeRequest, type Framing, type ModbusRequest, parseReply } from '@meridian/simulator/modbus';

/** How the line behind a DTU is framed: Modbus RTU, Modbus TCP, DL/T 645-2007 or CJ/T 188-2004 meters, or a custom protocol. */
export type LineFraming = Framing | 'dlt645' | 'cjt188' | 'custom';

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

/** What the bytes received so far say about the answer awaited. */
type Step =
  | { kind: 'incomplete' }
  /** Another device's or an old request's answer, or noise: `used` bytes to drop before ours. */
  | { kind: 'skip'; used: number }
  | { kind: 'ok'; data: Buffer }
  | { kind: 'fail'; error: SlaveFailure };

/**
 * Reads a Modbus reply to `req`. The data answered is a view of the bytes received, not a copy:
 * it is decoded before the next bytes arrive, and nothing keeps it.
 */
function modbusReply(req: ModbusRequest, framing: Framing): (buf: Buffer) => Step {
  return (buf) => {
    const verdict = parseReply(req, buf, framing);
    if (verdict.kind === 'incomplete' || verdict.kind === 'ok') return verdict;
    if (verdict.kind === 'mismatch') return { kind: 'skip', used: verdict.used };
    if (verdict.kind === 'exception') return { kind: 'fail', error: new SlaveFailure('errorReply', verdict.code) };
    return { kind: 'fail', error: new SlaveFailure(verdict.kind) };
  };
}

/**
 * Reads a DL/T 645 meter's answer to a read of `di`: its value bytes, or its error byte as an
 * error reply; a frame with a bad checksum fails the read as a bad CRC does for Modbus.
 */
function meterReply(address: string, di: string, format: DataFormat): (buf: Buffer) => Step {
  return (buf) => {
    const parsed = parseFrame(buf);
    if (parsed.kind === 'incomplete') return parsed;
    if (parsed.kind === 'garbage') return { kind: 'skip', used: parsed.length };
    if (parsed.kind === 'corrupt')
      return { kind: 'fail', error: new SlaveFailure(parsed.reason === 'checksum' ? 'badCrc' : 'malformed') };
    const outcome = readOutcome(parsed.frame, address, di, format);
    if (outcome.kind === 'mismatch') return { kind: 'skip', used: parsed.length };
    if (outcome.kind === 'error')
      // An error byte of 0 still is an error answer: reported as "other" (bit 0).
      return { kind: 'fail', error: new SlaveFailure('errorReply', outcome.code || 1) };
    return { kind: 'ok', data: Buffer.from(parsed.frame.data.subarray(4)) };
  };
}

/**
 * Reads a CJ/T 188 meter's answer to a read of `di`: the data after the identifier and SER, or
 * its status word as an error reply; a bad checksum fails as a bad CRC, data that is not BCD of a
 * volume as a malformed reply.
 */
function waterReply(type: number, address: string, di: string): (buf: Buffer) => Step {
  return (buf) => {
    const parsed = parseWaterFrame(buf);
    if (parsed.kind === 'incomplete') return parsed;
    if (parsed.kind === 'garbage') return { kind: 'skip', used: parsed.length };
    if (parsed.kind === 'corrupt')
      return { kind: 'fail', error: new SlaveFailure(parsed.reason === 'checksum' ? 'badCrc' : 'malformed') };
    const outcome = waterOutcome(parsed.frame, address, di);
    if (outcome.kind === 'mismatch') return { kind: 'skip', used: parsed.length };
    if (outcome.kind === 'error') return { kind: 'fail', error: new SlaveFailure('errorReply', outcome.status || 1) };
    if (!decodeReading(type, outcome.data)) return { kind: 'fail', error: new SlaveFailure('malformed') };
    return { kind: 'ok', data: Buffer.from(outcome.data) };
  };
}

/**
 * Reads the answer of a custom protocol's device (decision 0140): bytes before its header are
 * noise, the answer is its fixed length from there, or the length its length byte says (decision
 * 0164; a length the protocol does not take is malformed); shorter waits for the rest until the
 * timeout ("truncated"); a wrong checksum fails as a bad CRC does for Modbus.
 */
function customReply(definition: CustomProtocolDefinition, address: number): (buf: Buffer) => Step {
  const header = Buffer.from(expectedCustomHeader(definition, address));
  return (buf) => {
    const start = buf.subarray(0, header.length);
    if (!start.equals(header.subarray(0, start.length))) return { kind: 'skip', used: 1 };
    const length = customAnswerLength(definition, buf);
    if (length !== undefined && !customLengthTaken(definition, length))
      return { kind: 'fail', error: new SlaveFailure('malformed') };
    if (length === undefined || buf.length < length) return { kind: 'incomplete' };
    const answer = buf.subarray(0, length);
    const check = checkCustomAnswer(definition, address, answer);
    if (check.kind === 'checksum') return { kind: 'fail', error: new SlaveFailure('badCrc') };
    if (check.kind !== 'ok') return { kind: 'fail', error: new SlaveFailure('malformed') };
    return { kind: 'ok', data: Buffer.from(answer) };
  };
}

/** An RTU request's frame and the reader of its reply. */
interface RtuRequest {
  frame: Buffer;
  read: (buf: Buffer) => Step;
}

/**
 * The RTU frames of the reads of shared plans (planner.ts readPlan) and the readers of their
 * replies: the same for every device of a template, made once rather than at every request.
 */
const rtuRequests = new WeakMap<ModbusRequest, RtuRequest>();

function rtuRequest(req: ModbusRequest): RtuRequest {
  if (req.data) return { frame: encodeRequest(req, 'rtu'), read: modbusReply(req, 'rtu') };
  let made = rtuRequests.get(req);
  if (!made) {
    made = { frame: encodeRequest(req, 'rtu'), read: modbusReply(req, 'rtu') };
    rtuRequests.set(req, made);
  }
  return made;
}

/** The bytes of a request before any answer came (shared: never written to). */
const NOTHING = Buffer.alloc(0);

interface Pending {
  /** How the answer of a Modbus or DL/T 645 request is read, or null for Data Debugging (raw bytes back). */
  read: ((buf: Buffer) => Step) | null;
  /** For an AT command: whether the bytes so far hold a whole answer. */
  complete?: (buf: Buffer) => boolean;
  buf: Buffer;
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
  /**
   * One timer for the connection's timeouts, re-armed (refresh) by every request rather than made
   * for each: it is not cleared when an answer comes, and a turn with nothing in flight does
   * nothing. A request with another timeout than the last one makes a new one.
   */
  #timer: NodeJS.Timeout | null = null;
  #timerMs = -1;
  readonly #timedOut = () => {
    const p = this.#pending;
    if (!p) return;
    if (!p.read && !p.complete && p.buf.length) return this.#settle(null, p.buf);
    this.#settle(new SlaveFailure(p.buf.length ? 'truncated' : 'noReply'));
  };

  readonly #socket: Socket;
  readonly #framing: LineFraming;
  readonly counters: LinkCounters;

  constructor(socket: Socket, framing: LineFraming, counters: LinkCounters) {
    this.#socket = socket;
    this.#framing = framing;
    this.counters = counters;
  }

  get busy(): boolean {
    return this.#pending !== null;
  }

  request(req: ModbusRequest, timeoutMs: number): Promise<Buffer> {
    const framing = this.#framing;
    if (framing === 'dlt645' || framing === 'cjt188' || framing === 'custom')
      return Promise.reject(new SlaveFailure('malformed'));
    if (framing === 'rtu') {
      const { frame, read } = rtuRequest(req);
      return this.#start(read, frame, timeoutMs);
    }
    this.#transaction = (this.#transaction + 1) & 0xffff;
    const framed = { ...req, transaction: this.#transaction };
    return this.#start(modbusReply(framed, framing), encodeRequest(framed, framing), timeoutMs);
  }

  /** Reads one data identifier of a DL/T 645 meter: its value in `format`. */
  async meterRead(address: string, di: string, format: DataFormat, timeoutMs: number): Promise<number> {
    const bytes = await this.#start(meterReply(address, di, format), readRequest(address, di), timeoutMs);
    return decodeValue(format, bytes) as number;
  }

  /**
   * Reads one data identifier (901F) of a CJ/T 188 meter: a water or gas meter's flows, a heat or
   * cooling meter's energy, power, flow and temperatures (decision 0158), its clock and status.
   */
  async waterRead(type: number, address: string, di: string, timeoutMs: number): Promise<MeterReading> {
    this.#transaction = (this.#transaction + 1) & 0xff;
    const request = waterRequest(type, address, di, this.#transaction);
    const bytes = await this.#start(waterReply(type, address, di), request, timeoutMs);
    return decodeReading(type, bytes) as MeterReading;
  }

  /** Sends a custom protocol's request to the device at `address`: its whole answer, checked. */
  customRead(definition: CustomProtocolDefinition, address: number, request: Buffer, timeoutMs: number) {
    return this.#start(customReply(definition, address), request, timeoutMs);
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
    read: Pending['read'],
    bytes: Buffer,
    timeoutMs: number,
    complete?: (buf: Buffer) => boolean,
  ): Promise<Buffer> {
    if (this.#pending) return Promise.reject(new Error('a request is already in flight'));
    if (this.#socket.destroyed) return Promise.reject(new SlaveFailure('closed'));
    return new Promise<Buffer>((resolve, reject) => {
      this.#arm(timeoutMs);
      this.#pending = { read, complete, buf: NOTHING, quiet: null, resolve, reject };
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
    if (!p.read) {
      if (p.quiet) clearTimeout(p.quiet);
      p.quiet = setTimeout(() => this.#settle(null, p.buf), 150);
      return;
    }
    // Bounded: every turn consumes at least one byte or returns.
    while (p.buf.length) {
      const step = p.read(p.buf);
      if (step.kind === 'incomplete') return;
      if (step.kind === 'skip') {
        // Another slave's or an old request's reply: drop it and keep waiting for ours.
        this.#count('mismatch');
        p.buf = p.buf.subarray(Math.max(1, step.used));
        continue;
      }
      if (step.kind === 'ok') this.#settle(null, step.data);
      else this.#settle(step.error);
      return;
    }
  }

  /** Times the request now starting out after `timeoutMs`. */
  #arm(timeoutMs: number): void {
    if (this.#timer && this.#timerMs === timeoutMs) {
      this.#timer.refresh();
      return;
    }
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(this.#timedOut, timeoutMs);
    this.#timerMs = timeoutMs;
  }

  /** The connection closed: whatever waits fails now rather than at its timeout. */
  close(): void {
    if (this.#pending) this.#settle(new SlaveFailure('closed'));
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #count(kind: FailureKind): void {
    this.counters.failures[kind] = (this.counters.failures[kind] ?? 0) + 1;
  }

  #settle(error: SlaveFailure | null, data?: Buffer): void {
    const p = this.#pending;
    if (!p) return;
    this.#pending = null;
    if (p.quiet) clearTimeout(p.quiet);
    if (error) {
      this.#count(error.kind);
      p.reject(error);
    } else p.resolve(data ?? Buffer.alloc(0));
  }
}
