import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** The firmware a simulated device runs and reports (docs/protocols/firmware-upgrade.md). */
export interface FirmwareIdentity {
  series: string;
  model: string;
  version: string;
}

export interface OtaOptions {
  /** Reports a failed SHA-256 check at `end`, as a device whose flash write went wrong. */
  failVerification?: boolean;
  /** Milliseconds before each chunk is acknowledged (a slow link), so that a test can cut a transfer. */
  chunkDelayMs?: number;
}

interface Partial {
  version: string;
  sha256: string;
  chunks: Buffer[];
  total: number;
}

type Reply = Record<string, unknown>;

/**
 * The device side of a chunked upgrade: keeps the chunks of a transfer by its id (across
 * reconnections, as a device keeps them in flash), checks each chunk's CRC-32, verifies the whole
 * image's SHA-256 at `end` and then runs the new version.
 */
export class OtaReceiver {
  firmware: FirmwareIdentity;
  readonly options: OtaOptions;
  readonly #partials = new Map<string, Partial>();
  /** Every chunk received, by sequence number, for tests that check where a transfer resumed. */
  readonly received: number[] = [];

  constructor(firmware: FirmwareIdentity, options: OtaOptions = {}) {
    this.firmware = { ...firmware };
    this.options = options;
  }

  /** Handles one message from `devices/{sn}/ota`; resolves with the reply, and whether the new version now runs. */
  async handle(payload: Buffer): Promise<{ reply: Reply | null; upgraded: boolean }> {
    let m: Record<string, unknown>;
    try {
      m = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
    } catch {
      return { reply: null, upgraded: false };
    }
    const id = typeof m.id === 'string' ? m.id : null;
    if (!id) return { reply: null, upgraded: false };
    if (m.op === 'begin') {
      const begun = this.begin(id, m.version, m.sha256, Number(m.chunks));
      return { reply: { id, op: 'begin', ...begun }, upgraded: false };
    }
    if (m.op === 'chunk') {
      await this.pace();
      const seq = Number(m.seq);
      const data = typeof m.data === 'string' ? Buffer.from(m.data, 'base64') : null;
      const taken = this.chunk(id, seq, data, typeof m.crc32 === 'string' ? m.crc32 : '');
      return { reply: { id, op: 'chunk', seq, ...taken }, upgraded: false };
    }
    if (m.op === 'end') {
      const ended = this.end(id);
      return { reply: { id, op: 'end', ...ended }, upgraded: ended.ok };
    }
    return { reply: null, upgraded: false };
  }

  /** Waits `chunkDelayMs` before a chunk is taken (a slow link). */
  async pace(): Promise<void> {
    if (this.options.chunkDelayMs) await new Promise((r) => setTimeout(r, this.options.chunkDelayMs));
  }

  /** Opens (or reopens) a transfer: how many of its chunks are held already. */
  begin(id: string, version: unknown, sha256: unknown, total: number): Verdict & { next?: number } {
    if (typeof version !== 'string' || typeof sha256 !== 'string' || !Number.isInteger(total) || total < 1)
      return { ok: false, error: 'bad begin' };
    let partial = this.#partials.get(id);
    if (!partial || partial.sha256 !== sha256) {
      partial = { version, sha256, chunks: [], total };
      this.#partials.set(id, partial);
    }
    return { ok: true, next: partial.chunks.length };
  }

  /** Stores chunk `seq` when its CRC-32 (8 lower-case hex digits) is right and it comes in order. */
  chunk(id: string, seq: number, data: Buffer | null, crc: string): Verdict {
    const partial = this.#partials.get(id);
    if (!partial || !data) return { ok: false, error: 'no transfer' };
    if (crc32(data).toString(16).padStart(8, '0') !== crc.toLowerCase()) return { ok: false, error: 'crc' };
    // Chunks arrive in order; one sent again after a lost ack replaces the one held.
    if (!Number.isInteger(seq) || seq < 0 || seq > partial.chunks.length) return { ok: false, error: 'out of order' };
    partial.chunks[seq] = data;
    partial.chunks.length = seq + 1;
    this.received.push(seq);
    return { ok: true };
  }

  /** Verifies the whole image's SHA-256; the new version runs when it matches. */
  end(id: string): Verdict {
    const partial = this.#partials.get(id);
    if (!partial || partial.chunks.length !== partial.total) return { ok: false, error: 'image incomplete' };
    this.#partials.delete(id);
    const sha = createHash('sha256').update(Buffer.concat(partial.chunks)).digest('hex');
    if (this.options.failVerification || sha !== partial.sha256) return { ok: false, error: 'sha256 mismatch' };
    this.firmware = { ...this.firmware, version: partial.version };
    return { ok: true };
  }
}

/** What the device says of one step: done, or why not. */
export type Verdict = { ok: true; error?: undefined } | { ok: false; error: string };
