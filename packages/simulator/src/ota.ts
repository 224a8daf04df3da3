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
    if (m.op === 'begin') return { reply: this.#begin(id, m), upgraded: false };
    if (m.op === 'chunk') {
      if (this.options.chunkDelayMs) await new Promise((r) => setTimeout(r, this.options.chunkDelayMs));
      return { reply: this.#chunk(id, m), upgraded: false };
    }
    if (m.op === 'end') return this.#end(id);
    return { reply: null, upgraded: false };
  }

  #begin(id: string, m: Record<string, unknown>): Reply {
    const total = Number(m.chunks);
    if (typeof m.version !== 'string' || typeof m.sha256 !== 'string' || !Number.isInteger(total) || total < 1)
      return { id, op: 'begin', ok: false, error: 'bad begin' };
    let partial = this.#partials.get(id);
    if (!partial || partial.sha256 !== m.sha256) {
      partial = { version: m.version, sha256: m.sha256, chunks: [], total };
      this.#partials.set(id, partial);
    }
    return { id, op: 'begin', ok: true, next: partial.chunks.length };
  }

  #chunk(id: string, m: Record<string, unknown>): Reply {
    const partial = this.#partials.get(id);
    const seq = Number(m.seq);
    if (!partial || typeof m.data !== 'string') return { id, op: 'chunk', seq, ok: false, error: 'no transfer' };
    const data = Buffer.from(m.data, 'base64');
    if (crc32(data).toString(16).padStart(8, '0') !== m.crc32) return { id, op: 'chunk', seq, ok: false, error: 'crc' };
    // Chunks arrive in order; one sent again after a lost ack replaces the one held.
    if (seq > partial.chunks.length) return { id, op: 'chunk', seq, ok: false, error: 'out of order' };
    partial.chunks[seq] = data;
    partial.chunks.length = seq + 1;
    this.received.push(seq);
    return { id, op: 'chunk', seq, ok: true };
  }

  #end(id: string): { reply: Reply; upgraded: boolean } {
    const partial = this.#partials.get(id);
    if (!partial || partial.chunks.length !== partial.total)
      return { reply: { id, op: 'end', ok: false, error: 'image incomplete' }, upgraded: false };
    this.#partials.delete(id);
    const sha = createHash('sha256').update(Buffer.concat(partial.chunks)).digest('hex');
    if (this.options.failVerification || sha !== partial.sha256)
      return { reply: { id, op: 'end', ok: false, error: 'sha256 mismatch' }, upgraded: false };
    this.firmware = { ...this.firmware, version: partial.version };
    return { reply: { id, op: 'end', ok: true }, upgraded: true };
  }
}
