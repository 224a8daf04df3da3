import {
  bitAt,
  bitsReply,
  decodeRequest,
  EXCEPTION,
  exceptionPdu,
  FC,
  type FunctionCode,
  registersReply,
  wordsOf,
  writeReply,
} from './modbus.ts';
import { advance, type Drift, seeded } from './signals.ts';

export type Table = 'coil' | 'discreteInput' | 'holdingRegister' | 'inputRegister';

/** How a value sits in registers: the template variants a simulated slave can serve. */
export type Encoding =
  | 'bit'
  | 'uint16'
  | 'int16'
  | 'uint32AbCd'
  | 'uint32CdAb'
  | 'int32AbCd'
  | 'int32CdAb'
  | 'float32AbCd'
  | 'float32CdAb'
  | 'float64';

/** One value of a slave: where it lives, how it is encoded, how it moves. */
export interface SignalSpec {
  name: string;
  table: Table;
  address: number;
  encoding: Encoding;
  /** Raw = value × scale before integer encodings (a transmitter reporting tenths has 10). */
  scale?: number;
  initial: number;
  drift: Drift;
  /** For `bit` in a register: which bit of the word (0-15). */
  bitIndex?: number;
  /** May be written by name (MQTT commands); Modbus writes reach any holding register or coil, as on most devices. */
  writable?: boolean;
}

interface Signal extends SignalSpec {
  value: number;
}

const WORDS: Record<Encoding, number> = {
  bit: 1,
  uint16: 1,
  int16: 1,
  uint32AbCd: 2,
  uint32CdAb: 2,
  int32AbCd: 2,
  int32CdAb: 2,
  float32AbCd: 2,
  float32CdAb: 2,
  float64: 4,
};

/** The table each function code reads or writes. */
const TABLE_OF: Record<FunctionCode, Table> = {
  1: 'coil',
  2: 'discreteInput',
  3: 'holdingRegister',
  4: 'inputRegister',
  5: 'coil',
  6: 'holdingRegister',
  15: 'coil',
  16: 'holdingRegister',
};

const scratch = Buffer.alloc(8);

/** The 16-bit words of a value, in register order. */
export function encodeWords(encoding: Encoding, value: number, scale = 1): number[] {
  const raw = value * scale;
  switch (encoding) {
    case 'bit':
      return [raw ? 1 : 0];
    case 'uint16':
    case 'int16':
      return [Math.round(raw) & 0xffff];
    case 'uint32AbCd':
    case 'int32AbCd':
    case 'uint32CdAb':
    case 'int32CdAb': {
      const n = Math.round(raw) >>> 0;
      const hi = n >>> 16;
      const lo = n & 0xffff;
      return encoding.endsWith('AbCd') ? [hi, lo] : [lo, hi];
    }
    case 'float32AbCd':
    case 'float32CdAb': {
      scratch.writeFloatBE(raw, 0);
      const hi = scratch.readUInt16BE(0);
      const lo = scratch.readUInt16BE(2);
      return encoding === 'float32AbCd' ? [hi, lo] : [lo, hi];
    }
    case 'float64':
      scratch.writeDoubleBE(raw, 0);
      return [0, 2, 4, 6].map((o) => scratch.readUInt16BE(o));
  }
}

/** The value the words hold, the inverse of encodeWords. */
export function decodeWords(encoding: Encoding, words: readonly number[], scale = 1): number {
  const w = (i: number) => words[i] ?? 0;
  switch (encoding) {
    case 'bit':
      return w(0) ? 1 : 0;
    case 'uint16':
      return w(0) / scale;
    case 'int16':
      return ((w(0) << 16) >> 16) / scale;
    case 'uint32AbCd':
    case 'int32AbCd':
    case 'uint32CdAb':
    case 'int32CdAb': {
      const [hi, lo] = encoding.endsWith('AbCd') ? [w(0), w(1)] : [w(1), w(0)];
      const n = ((hi << 16) | lo) >>> 0;
      return (encoding.startsWith('int') ? n | 0 : n) / scale;
    }
    case 'float32AbCd':
    case 'float32CdAb': {
      const [hi, lo] = encoding === 'float32AbCd' ? [w(0), w(1)] : [w(1), w(0)];
      scratch.writeUInt16BE(hi, 0);
      scratch.writeUInt16BE(lo, 2);
      return scratch.readFloatBE(0) / scale;
    }
    case 'float64':
      for (let i = 0; i < 4; i++) scratch.writeUInt16BE(w(i), i * 2);
      return scratch.readDoubleBE(0) / scale;
  }
}

export interface SlaveOptions {
  /** Answer exception 02 for addresses no signal covers (a real device does); otherwise they read 0. */
  strict?: boolean;
  seed?: number;
}

/**
 * A Modbus slave: four tables of values, answering function codes 1-6, 15 and 16. Values are
 * advanced lazily at each read (see signals.ts); writes set registers and the signals on them.
 */
export class ModbusSlave {
  readonly address: number;
  readonly strict: boolean;
  readonly #signals: Signal[] = [];
  readonly #bits = { coil: new Map<number, number>(), discreteInput: new Map<number, number>() };
  readonly #words = { holdingRegister: new Map<number, number>(), inputRegister: new Map<number, number>() };
  readonly #random: () => number;
  readonly #phase: number;
  #last = Date.now();

  constructor(address: number, signals: readonly SignalSpec[], options: SlaveOptions = {}) {
    this.address = address;
    this.strict = options.strict ?? false;
    this.#random = seeded(options.seed ?? address * 7919);
    this.#phase = this.#random() * 2 * Math.PI;
    for (const spec of signals) {
      const signal = { ...spec, value: spec.initial };
      this.#signals.push(signal);
      this.#store(signal);
    }
  }

  /** The current engineering value of a signal by name, after advancing to `now`. */
  value(name: string, now = Date.now()): number | undefined {
    this.advanceTo(now);
    return this.#signals.find((s) => s.name === name)?.value;
  }

  /** Sets a writable signal by name; false when there is no such signal or it is read-only. */
  set(name: string, value: number): boolean {
    const signal = this.#signals.find((s) => s.name === name);
    if (!signal?.writable) return false;
    signal.value = value;
    this.#store(signal);
    return true;
  }

  get signals(): readonly SignalSpec[] {
    return this.#signals;
  }

  advanceTo(now: number): void {
    const dt = (now - this.#last) / 1000;
    // A clock that went back (or a caller replaying time) restarts the drift from there.
    if (dt < 0) this.#last = now;
    if (dt < 0.2) return;
    this.#last = now;
    for (const s of this.#signals) {
      const next = advance(s.drift, s.value, dt, now / 1000, this.#phase, this.#random);
      if (next !== s.value) {
        s.value = next;
        this.#store(s);
      }
    }
  }

  /** Answers one request PDU with a response PDU (possibly an exception). */
  handle(pdu: Uint8Array, now = Date.now()): Buffer {
    const decoded = decodeRequest(pdu);
    if (!decoded.ok) return exceptionPdu(pdu[0], decoded.exception);
    const req = decoded.request;
    const { fn, address, count } = req;
    const data = req.data ?? new Uint8Array(0);
    const table = TABLE_OF[fn];
    if (!this.#known(table, address, count)) return exceptionPdu(fn, EXCEPTION.illegalDataAddress);
    switch (fn) {
      case FC.readCoils:
      case FC.readDiscreteInputs: {
        this.advanceTo(now);
        const bits = this.#bits[fn === FC.readCoils ? 'coil' : 'discreteInput'];
        return bitsReply(
          fn,
          Array.from({ length: count }, (_, i) => bits.get(address + i) ?? 0),
        );
      }
      case FC.readHoldingRegisters:
      case FC.readInputRegisters: {
        this.advanceTo(now);
        const words = this.#words[fn === FC.readHoldingRegisters ? 'holdingRegister' : 'inputRegister'];
        return registersReply(
          fn,
          Array.from({ length: count }, (_, i) => words.get(address + i) ?? 0),
        );
      }
      case FC.writeSingleCoil:
      case FC.writeMultipleCoils:
        this.#writeBits(
          address,
          Array.from({ length: count }, (_, i) =>
            fn === FC.writeSingleCoil ? (data[0] === 0xff ? 1 : 0) : bitAt(data, i),
          ),
        );
        return writeReply(req);
      case FC.writeSingleRegister:
      case FC.writeMultipleRegisters:
        this.#writeWords(address, wordsOf(data));
        return writeReply(req);
    }
  }

  #known(table: Table, start: number, quantity: number): boolean {
    if (!this.strict) return start + quantity <= 0x10000;
    const map = table === 'coil' || table === 'discreteInput' ? this.#bits[table] : this.#words[table];
    for (let a = start; a < start + quantity; a++) if (!map.has(a)) return false;
    return true;
  }

  #writeBits(start: number, bits: number[]): void {
    bits.forEach((b, i) => {
      this.#bits.coil.set(start + i, b);
    });
    for (const s of this.#signals) {
      if (s.table === 'coil' && s.address >= start && s.address < start + bits.length)
        s.value = bits[s.address - start];
    }
  }

  #writeWords(start: number, words: number[]): void {
    const map = this.#words.holdingRegister;
    words.forEach((w, i) => {
      map.set(start + i, w);
    });
    const end = start + words.length;
    for (const s of this.#signals) {
      const size = WORDS[s.encoding];
      if (s.table !== 'holdingRegister' || s.address + size <= start || s.address >= end) continue;
      const mine = Array.from({ length: size }, (_, i) => map.get(s.address + i) ?? 0);
      s.value = s.encoding === 'bit' ? (mine[0] >> (s.bitIndex ?? 0)) & 1 : decodeWords(s.encoding, mine, s.scale);
    }
  }

  #store(s: Signal): void {
    if (s.table === 'coil' || s.table === 'discreteInput') {
      this.#bits[s.table].set(s.address, s.value ? 1 : 0);
      return;
    }
    const map = this.#words[s.table];
    if (s.encoding === 'bit') {
      const mask = 1 << (s.bitIndex ?? 0);
      const word = map.get(s.address) ?? 0;
      map.set(s.address, s.value ? word | mask : word & ~mask);
      return;
    }
    encodeWords(s.encoding, s.value, s.scale).forEach((w, i) => {
      map.set(s.address + i, w);
    });
  }
}
