import { connect, type Socket } from 'node:net';
import { parseFrame as parseWaterFrame, errorAnswer as waterErrorAnswer } from './cjt188.ts';
import type { Cjt188Meter } from './cjt188-meter.ts';
import type { CustomDevice } from './custom-device.ts';
import { ERROR_BITS, errorAnswer, parseFrame } from './dlt645.ts';
import type { Dlt645Meter } from './dlt645-meter.ts';
import { AtStream, DtuFirmware } from './dtu-ota.ts';
import { EXCEPTION, exceptionPdu, mbapFrame, parseMbap, parseRtu, rtuFrame, rtuRequestLength } from './modbus.ts';
import type { FirmwareIdentity, OtaOptions } from './ota.ts';
import type { ModbusSlave } from './slave.ts';
import { Stats, sharedTicker, type Ticker } from './stats.ts';

/** A DL/T 645 or CJ/T 188 answer spoilt: its checksum, the byte before the final 16, flipped. */
function flipChecksum(bytes: Buffer): Buffer {
  bytes[bytes.length - 2] ^= 0xff;
  return bytes;
}

/** What a DTU can be told to do wrong, on demand or at random. */
export type Fault = 'noReply' | 'exception' | 'garbage' | 'badCrc' | 'disconnect';
export const FAULTS: readonly Fault[] = ['noReply', 'exception', 'garbage', 'badCrc', 'disconnect'];

export interface DtuOptions {
  host: string;
  port: number;
  /** The device SN (20 characters, or 15) and its 8-character communication password. */
  sn: string;
  password: string;
  /** A custom registration packet (hex) sent instead of SN + password; `everyPacket` puts it before every packet. */
  registration?: { hex: string; everyPacket?: boolean };
  /** Heartbeat content (hex; default ASCII "HB") and period; sent only when the link has been idle that long. */
  heartbeatHex?: string;
  heartbeatSeconds?: number;
  /** The slaves on the RS485 bus behind the DTU; ignored in relay mode. */
  slaves?: readonly ModbusSlave[];
  /** DL/T 645-2007 meters on the RS485 bus; used when `framing` is `dlt645`. */
  meters?: readonly Dlt645Meter[];
  /** CJ/T 188-2004 water meters on the bus; used when `framing` is `cjt188`. */
  waterMeters?: readonly Cjt188Meter[];
  /** Devices speaking a custom protocol (decision 0140); used when `framing` is `custom`. */
  customDevices?: readonly CustomDevice[];
  /**
   * `tcp`: requests and replies are Modbus TCP MBAP frames (a modbusTcp device); `rtu` (default):
   * RTU frames; `dlt645`: DL/T 645-2007 frames answered by `meters`; `cjt188`: CJ/T 188-2004
   * frames answered by `waterMeters`; `custom`: a custom protocol's frames answered by `customDevices`.
   */
  framing?: 'rtu' | 'tcp' | 'dlt645' | 'cjt188' | 'custom';
  /** Probability per request of each fault, e.g. `{ noReply: 0.01 }`. */
  faults?: Partial<Record<Fault, number>>;
  /** Pipe the bytes both ways to a real slave at host:port (a Modbus RTU-over-TCP server) instead of answering. */
  relay?: { host: string; port: number };
  /** The local address the DTU connects from (e.g. one of 127.0.0.0/8), as DTUs in the field each come from their own. */
  localAddress?: string;
  /** Reconnect after this long when the link drops (default 5 s, with jitter); 0 never reconnects. */
  reconnectMs?: number;
  /** The password before each network AT command (`www.usr.cn#AT+...`, USR's default). */
  commandPassword?: string;
  /** How long the DTU takes to restart after `AT+S` (default 1 s). */
  restartMs?: number;
  /** The firmware it runs, reported to `AT+VER` and upgradable by `AT+OTA...` (docs/protocols/firmware-upgrade.md). */
  firmware?: FirmwareIdentity & OtaOptions;
  stats?: Stats;
  ticker?: Ticker;
  random?: () => number;
}

/** The serial and server settings a DTU keeps, as network AT commands set them (docs/protocols/device-configuration.md). */
export interface DtuSettings {
  uart: { baudRate: number; dataBits: number; stopBits: number; parity: 'NONE' | 'ODD' | 'EVEN' };
  server: { host: string; port: number };
}

const PARITY_NAMES = new Set(['NONE', 'ODD', 'EVEN']);
const HEX = /^([0-9A-Fa-f]{2}){1,40}$/;

/**
 * A simulated DTU: a TCP client of the gateway that registers, beats when idle and answers the
 * Modbus requests the cloud sends for the slaves behind it, as a USR or Four-Faith DTU in
 * transparent mode does with an RS485 bus.
 */
export class SimulatedDtu {
  readonly options: DtuOptions;
  readonly stats: Stats;
  #socket: Socket | undefined;
  #upstream: Socket | undefined;
  #pending: Buffer = Buffer.alloc(0);
  #pendingAt = 0;
  #lastTraffic = 0;
  #stopped = false;
  #online = false;
  #reconnect: NodeJS.Timeout | undefined;
  readonly #queued: Fault[] = [];
  readonly #random: () => number;
  readonly #ticker: Ticker;
  readonly #slaves = new Map<number, ModbusSlave>();
  /** Resolves each time the link is up and the registration has been sent. */
  #onlineWaiters: (() => void)[] = [];
  /** Settings in force, and those set by AT commands that take effect at the next `AT+S`. */
  settings: DtuSettings;
  #staged: {
    uart?: DtuSettings['uart'];
    server?: DtuSettings['server'];
    heartbeatOn?: boolean;
    heartbeatHex?: string;
    heartbeatSeconds?: number;
    registrationOn?: boolean;
    registrationHex?: string;
  } = {};
  readonly #at = new AtStream();
  /** Commands are answered in order, a chunk's answer perhaps after a delay. */
  #atQueue: Promise<void> = Promise.resolve();
  /** The upgrade side, when the DTU has firmware. */
  readonly firmware: DtuFirmware | null;
  #ignoreCommands = false;
  #restarting = false;
  /** Every network AT command received, as sent (password and all), for tests and the demo's log. */
  readonly commands: string[] = [];

  constructor(options: DtuOptions) {
    this.options = options;
    this.stats = options.stats ?? new Stats();
    this.#random = options.random ?? Math.random;
    this.#ticker = options.ticker ?? sharedTicker;
    for (const s of options.slaves ?? []) this.#slaves.set(s.address, s);
    this.firmware = options.firmware ? new DtuFirmware(options.firmware) : null;
    this.settings = {
      uart: { baudRate: 9600, dataBits: 8, stopBits: 1, parity: 'NONE' },
      server: { host: options.host, port: options.port },
    };
  }

  /** Makes the DTU ignore network AT commands (no answer at all), as a DTU without them does. */
  ignoreCommands(ignore = true): void {
    this.#ignoreCommands = ignore;
  }

  get online(): boolean {
    return this.#online;
  }

  start(): void {
    this.#stopped = false;
    this.#ticker.add(this);
    this.#connect();
  }

  /** Resolves once connected and registered (at once when already so). */
  ready(): Promise<void> {
    if (this.#online) return Promise.resolve();
    return new Promise((resolve) => this.#onlineWaiters.push(resolve));
  }

  /** Makes the next `times` requests fail this way (`disconnect` drops the link at the next request). */
  inject(fault: Fault, times = 1): void {
    for (let i = 0; i < times; i++) this.#queued.push(fault);
  }

  /** Drops the link now, as a DTU losing power does; it comes back after the reconnect delay. */
  drop(): void {
    this.#socket?.destroy();
  }

  stop(): void {
    this.#stopped = true;
    this.#ticker.delete(this);
    clearTimeout(this.#reconnect);
    this.#socket?.destroy();
    this.#upstream?.destroy();
  }

  tick(now: number): void {
    const seconds = this.options.heartbeatSeconds ?? 60;
    if (!this.#online || seconds <= 0 || now - this.#lastTraffic < seconds * 1000) return;
    this.stats.heartbeats++;
    this.#send(Buffer.from(this.options.heartbeatHex ?? '4842', 'hex'));
  }

  #registration(): Buffer {
    const custom = this.options.registration;
    return custom ? Buffer.from(custom.hex, 'hex') : Buffer.from(this.options.sn + this.options.password, 'ascii');
  }

  #connect(): void {
    const { host, port, localAddress } = this.options;
    const socket = connect({ host, port, noDelay: true, ...(localAddress ? { localAddress } : {}) });
    this.#socket = socket;
    socket.on('connect', () => {
      this.stats.connects++;
      this.stats.connected++;
      this.#online = true;
      this.#pending = Buffer.alloc(0);
      this.#write(this.#registration());
      if (this.options.relay) this.#openUpstream();
      for (const w of this.#onlineWaiters.splice(0)) w();
    });
    socket.on('data', (chunk) => this.#received(chunk));
    socket.on('error', () => {
      this.stats.errors++;
    });
    socket.on('close', () => {
      if (this.#online) {
        this.stats.connected--;
        this.stats.disconnects++;
      }
      this.#online = false;
      if (this.#socket === socket) this.#socket = undefined;
      this.#upstream?.destroy();
      this.#at.reset();
      if (this.#restarting) {
        this.#restarting = false;
        if (!this.#stopped) this.#reconnect = setTimeout(() => this.#connect(), this.options.restartMs ?? 1000);
        return;
      }
      const delay = this.options.reconnectMs ?? 5000;
      if (this.#stopped || delay <= 0) return;
      this.#reconnect = setTimeout(() => this.#connect(), delay * (0.5 + this.#random()));
    });
  }

  #openUpstream(): void {
    const relay = this.options.relay;
    if (!relay) return;
    const upstream = connect({ host: relay.host, port: relay.port, noDelay: true });
    this.#upstream = upstream;
    upstream.on('data', (chunk) => {
      this.stats.replies++;
      this.#send(chunk);
    });
    upstream.on('error', () => {
      this.stats.errors++;
    });
    upstream.on('close', () => {
      if (this.#upstream === upstream) this.#upstream = undefined;
    });
  }

  #received(chunk: Buffer): void {
    this.stats.bytesIn += chunk.length;
    this.#lastTraffic = Date.now();
    if (this.options.relay) {
      this.stats.requests++;
      this.#upstream?.write(chunk);
      return;
    }
    // An RTU slave treats a silence as the end of a frame: a fragment left over from long ago is dropped.
    if (this.#pending.length > 0 && this.#lastTraffic - this.#pendingAt > 500) this.#pending = Buffer.alloc(0);
    if (this.#at.busy || /^[\x21-\x7e]{0,20}#AT/i.test(chunk.toString('latin1', 0, 24))) {
      this.#atReceived(chunk);
      return;
    }
    this.#pending = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    this.#pendingAt = this.#lastTraffic;
    if (this.options.framing === 'tcp') this.#drainMbap();
    else if (this.options.framing === 'dlt645') this.#drainDlt645();
    else if (this.options.framing === 'cjt188') this.#drainCjt188();
    else if (this.options.framing === 'custom') this.#drainCustom();
    else this.#drainRtu();
  }

  /** Network AT commands, one per line behind the command password: answered `OK` or `ERROR`. */
  #atReceived(chunk: Buffer): void {
    for (const { line, payload } of this.#at.push(chunk)) {
      this.commands.push(line);
      if (this.#ignoreCommands) continue;
      const hash = line.indexOf('#');
      const command = line.slice(hash + 1);
      const allowed = line.slice(0, hash) === (this.options.commandPassword ?? 'www.usr.cn');
      const firmware = allowed && this.firmware?.handles(command) ? this.firmware : null;
      this.#atQueue = this.#atQueue.then(async () => {
        if (firmware) {
          const answer = await firmware.command(command, payload);
          this.#send(Buffer.from(answer.reply, 'latin1'));
          if (answer.restart) this.#reboot();
          return;
        }
        const ok = allowed && this.#atCommand(command);
        this.#send(Buffer.from(ok ? '\r\nOK\r\n' : '\r\nERROR\r\n', 'latin1'));
      });
    }
  }

  /** Stages one command's setting; false for a command or value this DTU does not take. */
  #atCommand(command: string): boolean {
    const match = /^AT\+([A-Z]+)(?:=(.*))?$/i.exec(command);
    if (!match) return false;
    const name = (match[1] as string).toUpperCase();
    const args = (match[2] ?? '').split(',');
    const on = (v: string | undefined) => (v === 'ON' ? true : v === 'OFF' ? false : undefined);
    const st = this.#staged;
    switch (name) {
      case 'UART': {
        const [baud, data, stop, parity] = args;
        const uart = { baudRate: Number(baud), dataBits: Number(data), stopBits: Number(stop), parity };
        if (!(uart.baudRate >= 1200 && uart.baudRate <= 230400) || ![7, 8].includes(uart.dataBits)) return false;
        if (![1, 2].includes(uart.stopBits) || !PARITY_NAMES.has(parity ?? '')) return false;
        st.uart = uart as DtuSettings['uart'];
        return true;
      }
      case 'HEARTEN':
        st.heartbeatOn = on(args[0]);
        return st.heartbeatOn !== undefined;
      case 'HEARTDT':
        if (!HEX.test(args[0] ?? '')) return false;
        st.heartbeatHex = args[0];
        return true;
      case 'HEARTTM': {
        const seconds = Number(args[0]);
        if (!Number.isInteger(seconds) || seconds < 1 || seconds > 65535) return false;
        st.heartbeatSeconds = seconds;
        return true;
      }
      case 'REGEN':
        st.registrationOn = on(args[0]);
        return st.registrationOn !== undefined;
      case 'REGDT':
        if (!HEX.test(args[0] ?? '')) return false;
        st.registrationHex = args[0];
        return true;
      case 'SOCKA': {
        const [proto, host, port] = args;
        if (proto !== 'TCP' || !host || !(Number(port) >= 1 && Number(port) <= 65535)) return false;
        st.server = { host, port: Number(port) };
        return true;
      }
      case 'S':
        this.#restart();
        return true;
      default:
        return false;
    }
  }

  /** `AT+S`: the staged settings take effect, and the DTU restarts and connects again with them. */
  #restart(): void {
    const st = this.#staged;
    this.#staged = {};
    if (st.uart) this.settings.uart = st.uart;
    if (st.server) {
      this.settings.server = st.server;
      this.options.host = st.server.host;
      this.options.port = st.server.port;
    }
    if (st.heartbeatOn === false) this.options.heartbeatSeconds = 0;
    else if (st.heartbeatOn) {
      if (st.heartbeatHex) this.options.heartbeatHex = st.heartbeatHex;
      if (st.heartbeatSeconds) this.options.heartbeatSeconds = st.heartbeatSeconds;
    }
    if (st.registrationOn === false) delete this.options.registration;
    else if (st.registrationOn && st.registrationHex)
      this.options.registration = {
        hex: st.registrationHex,
        everyPacket: this.options.registration?.everyPacket ?? false,
      };
    this.#reboot();
  }

  /** The OK goes out first; the link drops once it is written, and the DTU connects again after `restartMs`. */
  #reboot(): void {
    this.#restarting = true;
    setImmediate(() => this.#socket?.end());
  }

  #drainRtu(): void {
    while (this.#pending.length >= 2) {
      const length = rtuRequestLength(this.#pending);
      if (length === undefined) {
        // A function we cannot size: the whole chunk as one frame, as a slave would after the silence.
        const whole = parseRtu(this.#pending);
        this.#pending = Buffer.alloc(0);
        if (whole) this.#answer(whole.address, whole.pdu, (pdu) => rtuFrame(whole.address, pdu));
        return;
      }
      if (this.#pending.length < length) return;
      const frame = this.#pending.subarray(0, length);
      this.#pending = this.#pending.subarray(length);
      const request = parseRtu(frame);
      // A frame with a bad CRC is ignored by every slave on the bus, so no reply at all.
      if (request) this.#answer(request.address, request.pdu, (pdu) => rtuFrame(request.address, pdu));
    }
  }

  #drainMbap(): void {
    while (this.#pending.length >= 6) {
      const total = 6 + this.#pending.readUInt16BE(4);
      if (this.#pending.length < total) return;
      const frame = this.#pending.subarray(0, total);
      this.#pending = this.#pending.subarray(total);
      const request = parseMbap(frame);
      if (request) this.#answer(request.unit, request.pdu, (pdu) => mbapFrame(request.transaction, request.unit, pdu));
    }
  }

  /** DL/T 645 frames: every meter sees each one; the one it names answers, a bad checksum gets no answer. */
  #drainDlt645(): void {
    while (this.#pending.length > 0) {
      const parsed = parseFrame(this.#pending);
      if (parsed.kind === 'incomplete') return;
      const frame = this.#pending.subarray(0, parsed.length);
      this.#pending = this.#pending.subarray(parsed.length);
      if (parsed.kind !== 'frame') continue;
      this.stats.requests++;
      for (const meter of this.options.meters ?? []) {
        const reply = meter.handle(frame);
        if (reply) this.#answerDlt645(meter.address, reply);
      }
    }
  }

  #answerDlt645(address: string, reply: Buffer): void {
    this.#answerOrFail(() => reply, {
      exception: () => errorAnswer(address, ERROR_BITS.other),
      corrupt: flipChecksum,
    });
  }

  /** CJ/T 188 frames: as for DL/T 645, every meter sees each one and the one it names answers. */
  #drainCjt188(): void {
    while (this.#pending.length > 0) {
      const parsed = parseWaterFrame(this.#pending);
      if (parsed.kind === 'incomplete') return;
      const frame = this.#pending.subarray(0, parsed.length);
      this.#pending = this.#pending.subarray(parsed.length);
      if (parsed.kind !== 'frame') continue;
      this.stats.requests++;
      for (const meter of this.options.waterMeters ?? []) {
        const reply = meter.handle(frame);
        if (!reply) continue;
        // The error answer a meter gives to a request it cannot serve: its status with bit 8 set.
        const ser = parsed.frame.data[2] ?? 0;
        this.#answerOrFail(() => reply, {
          exception: () => waterErrorAnswer(meter.type, meter.address, ser, meter.data.status | 0x0100),
          corrupt: flipChecksum,
        });
      }
    }
  }

  /**
   * A custom protocol has no framing of its own to split requests by: the bytes received so far
   * are one request (the gateway sends one at a time), offered to each device; a device that takes
   * it answers. Unclaimed bytes are dropped once they are longer than any frame may be.
   */
  #drainCustom(): void {
    const request = this.#pending;
    for (const device of this.options.customDevices ?? []) {
      const reply = device.handle(request);
      if (!reply) continue;
      this.#pending = Buffer.alloc(0);
      this.stats.requests++;
      this.#answerOrFail(() => reply, {
        // A custom protocol describes no error answer: the device sends nothing of use, a frame too short.
        exception: () => reply.subarray(0, 1),
        corrupt: (bytes) => {
          bytes[bytes.length - 1] ^= 0xff;
          return bytes;
        },
      });
      return;
    }
    if (request.length > 512) this.#pending = Buffer.alloc(0);
  }

  #answer(address: number, pdu: Buffer, frame: (pdu: Buffer) => Buffer): void {
    this.stats.requests++;
    const slave = this.#slaves.get(address);
    // Broadcast (address 0) writes reach every slave and none answers; nobody answers an absent address.
    if (address === 0) {
      for (const s of this.#slaves.values()) s.handle(pdu);
      return;
    }
    if (!slave) return;
    this.#answerOrFail(() => frame(slave.handle(pdu)), {
      exception: () => frame(exceptionPdu(pdu[0], EXCEPTION.slaveDeviceFailure)),
      // RTU: the last CRC byte flipped; an MBAP frame has no CRC, so it arrives one byte short instead.
      corrupt: (bytes) => {
        if (this.options.framing === 'tcp') return bytes.subarray(0, bytes.length - 1);
        bytes[bytes.length - 1] ^= 0xff;
        return bytes;
      },
    });
  }

  /**
   * The one fault switch of every protocol: sends the answer (`reply`, built only when it goes
   * out, so that a slave does not act on a request it "did not hear"), or the fault drawn for this
   * request: silence, a dropped link, the protocol's error answer, noise, or a corrupted answer.
   */
  #answerOrFail(reply: () => Buffer, spoil: { exception: () => Buffer; corrupt: (reply: Buffer) => Buffer }): void {
    const fault = this.#fault();
    if (fault) this.stats.faults++;
    switch (fault) {
      case 'noReply':
        return;
      case 'disconnect':
        this.drop();
        return;
      case 'exception':
        this.#send(spoil.exception());
        return;
      case 'garbage': {
        const bytes = Buffer.alloc(3 + Math.floor(this.#random() * 12));
        for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(this.#random() * 256);
        this.#send(bytes);
        return;
      }
      case 'badCrc':
        this.#send(spoil.corrupt(reply()));
        return;
      case undefined:
        this.stats.replies++;
        this.#send(reply());
    }
  }

  #fault(): Fault | undefined {
    const queued = this.#queued.shift();
    if (queued) return queued;
    const odds = this.options.faults;
    if (!odds) return undefined;
    for (const f of FAULTS) {
      const p = odds[f];
      if (p && this.#random() < p) return f;
    }
    return undefined;
  }

  #send(bytes: Buffer): void {
    const custom = this.options.registration;
    this.#write(custom?.everyPacket ? Buffer.concat([this.#registration(), bytes]) : bytes);
  }

  #write(bytes: Buffer): void {
    const socket = this.#socket;
    if (!socket || socket.destroyed) return;
    this.stats.bytesOut += bytes.length;
    this.#lastTraffic = Date.now();
    socket.write(bytes);
  }
}
