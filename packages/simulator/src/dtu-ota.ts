import { type FirmwareIdentity, type OtaOptions, OtaReceiver } from './ota.ts';

/** The largest chunk a DTU takes in one `AT+OTADATA` (its receive buffer). */
export const DTU_OTA_CHUNK_MAX = 8192;

/** One network AT command line (password, `#`, command) and the bytes that followed it, for `AT+OTADATA`. */
export interface AtCommandLine {
  line: string;
  payload: Buffer | null;
}

const DATA_LINE = /#AT\+OTADATA=[^,]*,\d+,(\d+),/i;

/**
 * Splits the bytes of a DTU's link into network AT commands (docs/protocols/firmware-upgrade.md):
 * lines ended by CR LF, where an `AT+OTADATA=id,seq,length,crc` line is followed by `length` raw
 * bytes of firmware, as a modem's `AT+CIPSEND=<length>` is.
 */
export class AtStream {
  #buf: Buffer = Buffer.alloc(0);
  /** A data line whose bytes are still arriving, and how many it announced. */
  #waiting: { line: string; length: number } | null = null;

  /** Whether a command or its payload is partly received. */
  get busy(): boolean {
    return this.#buf.length > 0 || this.#waiting !== null;
  }

  reset(): void {
    this.#buf = Buffer.alloc(0);
    this.#waiting = null;
  }

  push(chunk: Buffer): AtCommandLine[] {
    this.#buf = this.#buf.length ? Buffer.concat([this.#buf, chunk]) : chunk;
    const out: AtCommandLine[] = [];
    // Bounded: every turn takes a line or a payload off the buffer, or stops.
    for (;;) {
      const waiting = this.#waiting;
      if (waiting) {
        if (this.#buf.length < waiting.length) break;
        out.push({ line: waiting.line, payload: Buffer.from(this.#buf.subarray(0, waiting.length)) });
        this.#buf = this.#buf.subarray(waiting.length);
        this.#waiting = null;
        continue;
      }
      const end = this.#buf.indexOf(0x0a);
      if (end < 0) {
        // Noise without a line end is dropped rather than held.
        if (this.#buf.length > 256) this.#buf = Buffer.alloc(0);
        break;
      }
      const line = this.#buf.toString('latin1', 0, end).replace(/\r$/, '');
      this.#buf = this.#buf.subarray(end + 1);
      const data = DATA_LINE.exec(line);
      const length = data ? Number(data[1]) : 0;
      if (data && length > 0 && length <= DTU_OTA_CHUNK_MAX) this.#waiting = { line, length };
      else out.push({ line, payload: null });
    }
    return out;
  }
}

/** How a DTU answers a firmware command, and whether it restarts into the new image afterwards. */
export interface AtAnswer {
  reply: string;
  restart: boolean;
}

const ok = (info: string): AtAnswer => ({ reply: `\r\n${info}\r\n\r\nOK\r\n`, restart: false });
const error = (info: string): AtAnswer => ({ reply: `\r\n${info}\r\n\r\nERROR\r\n`, restart: false });

/**
 * The firmware side of a simulated DTU: `AT+VER`, `AT+OTABEGIN`, `AT+OTADATA` and `AT+OTAEND`
 * (docs/protocols/firmware-upgrade.md), on the same receiver as the MQTT device (chunks kept by
 * transfer id across reconnections, CRC-32 per chunk, SHA-256 of the whole image at the end).
 */
export class DtuFirmware {
  readonly ota: OtaReceiver;
  #corrupt = 0;

  constructor(firmware: FirmwareIdentity & OtaOptions) {
    const { failVerification, chunkDelayMs, ...identity } = firmware;
    this.ota = new OtaReceiver(identity, { failVerification, chunkDelayMs });
  }

  /** The next `times` chunks arrive damaged (a byte flipped on the way), so their CRC fails. */
  corruptChunks(times = 1): void {
    this.#corrupt += times;
  }

  /** Whether the command (after `password#`) is a firmware command. */
  handles(command: string): boolean {
    return /^AT\+(VER|OTABEGIN|OTADATA|OTAEND)\b/i.test(command);
  }

  async command(command: string, payload: Buffer | null): Promise<AtAnswer> {
    const match = /^AT\+([A-Z]+)(?:=(.*))?$/i.exec(command);
    const name = (match?.[1] ?? '').toUpperCase();
    const args = (match?.[2] ?? '').split(',');
    const ota = this.ota;
    switch (name) {
      case 'VER': {
        const f = ota.firmware;
        return ok(`+VER:${f.series},${f.model},${f.version}`);
      }
      case 'OTABEGIN': {
        const [id = '', version, size, chunkSize, sha256] = args;
        const total = Math.ceil(Number(size) / Number(chunkSize));
        const begun = ota.begin(id, version, sha256, total);
        return begun.ok ? ok(`+OTABEGIN:${begun.next ?? 0}`) : error(`+OTABEGIN:${begun.error}`);
      }
      case 'OTADATA': {
        const [id = '', seq, , crc = ''] = args;
        await ota.pace();
        let data = payload;
        if (data && this.#corrupt > 0) {
          this.#corrupt--;
          data = Buffer.from(data);
          data[0] = (data[0] ?? 0) ^ 0xff;
        }
        const taken = ota.chunk(id, Number(seq), data, crc);
        return taken.ok ? ok(`+OTADATA:${seq}`) : error(`+OTADATA:${seq},${taken.error}`);
      }
      case 'OTAEND': {
        const ended = ota.end(args[0] ?? '');
        // Verified: the OK goes out, then the DTU restarts into the new image.
        return ended.ok ? { ...ok('+OTAEND:OK'), restart: true } : error(`+OTAEND:${ended.error}`);
      }
      default:
        return { reply: '\r\nERROR\r\n', restart: false };
    }
  }
}
