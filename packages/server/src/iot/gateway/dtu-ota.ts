import { crc32 } from 'node:zlib';
import { AppError } from '../../platform/http/errors.ts';
import { atFrame } from './at-commands.ts';
import { type Exchange, SlaveFailure } from './exchange.ts';
import type { FirmwareReport, FirmwareTransfer } from './links.ts';

/** A chunk refused for its CRC is sent again this many times. */
const CRC_RETRIES = 3;

/** A DTU's answer to one firmware command: its `+NAME:...` line and whether it ended `OK`. */
interface Answer {
  ok: boolean;
  info: string;
}

/** The answer once the bytes hold an `OK` or `ERROR` line, else null (still arriving). */
export function parseAnswer(reply: Buffer, name: string): Answer | null {
  const text = reply.toString('latin1');
  if (!text.includes('\n')) return null;
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  // Only a terminated line counts: the last element of the split is what follows the last LF.
  const whole = lines.slice(0, -1);
  const verdict = whole.find((l) => /^(OK|ERR)/i.test(l));
  if (!verdict) return null;
  const prefix = `+${name}:`;
  const info = whole.find((l) => l.toUpperCase().startsWith(prefix))?.slice(prefix.length) ?? '';
  return { ok: /^OK$/i.test(verdict), info: info.slice(0, 60) };
}

/**
 * Firmware commands over a DTU's TCP link (docs/protocols/firmware-upgrade.md, "DTUs"): network AT
 * commands behind the command password like configuration, the chunk's raw bytes right after its
 * `AT+OTADATA` line, one command in flight, each answered within `timeoutMs`.
 */
export class DtuFirmwareSession {
  readonly #exchange: Exchange;
  readonly #password: string;
  readonly #timeoutMs: number;

  constructor(exchange: Exchange, password: string, timeoutMs: number) {
    this.#exchange = exchange;
    this.#password = password;
    this.#timeoutMs = timeoutMs;
  }

  /** `AT+VER`: the series, model and version the DTU runs. */
  async report(): Promise<FirmwareReport> {
    const answer = await this.#ask('VER', 'AT+VER');
    const [series = '', model = '', version = ''] = answer.info.split(',').map((s) => s.trim());
    if (!answer.ok || !series || !model || !version)
      throw new AppError(502, 'upgrade.failed.rejected', { params: { reason: answer.info || 'AT+VER' } });
    return { series, model, version };
  }

  /**
   * Sends the image from the chunks both sides hold, and `AT+OTAEND`; resolves once the DTU
   * verified the SHA-256 (it restarts into the image then). Rejects with an `upgrade.failed.*` AppError.
   */
  async send(t: FirmwareTransfer): Promise<void> {
    const chunks = Math.ceil(t.bytes.length / t.chunkSize);
    const begun = await this.#ask(
      'OTABEGIN',
      `AT+OTABEGIN=${t.id},${t.version},${t.bytes.length},${t.chunkSize},${t.sha256}`,
    );
    const next = Number(begun.info);
    if (!begun.ok || !Number.isInteger(next))
      throw new AppError(502, 'upgrade.failed.rejected', { params: { reason: begun.info || 'ERROR' } });
    // Resume from what both sides hold: a DTU that lost its partial image starts again.
    let seq = Math.max(0, Math.min(t.from, next, chunks));
    if (seq !== t.from) await t.onAck(seq);
    let retries = 0;
    while (seq < chunks) {
      const data = t.bytes.subarray(seq * t.chunkSize, (seq + 1) * t.chunkSize);
      const crc = crc32(data).toString(16).padStart(8, '0');
      const answer = await this.#ask('OTADATA', `AT+OTADATA=${t.id},${seq},${data.length},${crc}`, data);
      if (!answer.ok) {
        if (++retries > CRC_RETRIES) throw new AppError(502, 'upgrade.failed.crc', { params: { seq } });
        continue;
      }
      retries = 0;
      seq++;
      await t.onAck(seq);
    }
    const ended = await this.#ask('OTAEND', `AT+OTAEND=${t.id}`);
    if (!ended.ok) throw new AppError(502, 'upgrade.failed.verify', { params: { reason: ended.info || 'ERROR' } });
  }

  async #ask(name: string, command: string, payload?: Buffer): Promise<Answer> {
    const line = atFrame(this.#password, command);
    let reply: Buffer;
    try {
      reply = await this.#exchange.command(
        payload ? Buffer.concat([line, payload]) : line,
        (buf) => parseAnswer(buf, name) !== null,
        this.#timeoutMs,
      );
    } catch (error) {
      if (error instanceof SlaveFailure && error.kind === 'closed') throw new AppError(409, 'upgrade.failed.offline');
      throw new AppError(504, 'upgrade.failed.noAck', { params: { seconds: Math.ceil(this.#timeoutMs / 1000) } });
    }
    return parseAnswer(reply, name) ?? { ok: false, info: '' };
  }
}

/**
 * One pass of a DTU's upgrade: it says what it runs first (stored through `onReport`); a DTU that
 * verified the image before has restarted, and its version is the answer. Otherwise the image goes
 * (from the chunks both hold) and, once verified, the DTU restarts: the pass ends with
 * `upgrade.restarting`, and the next connection's pass reads the new version.
 */
export async function upgradeDtu(session: DtuFirmwareSession, t: FirmwareTransfer): Promise<string> {
  const report = await session.report();
  await t.onReport?.(report);
  if (t.verified) return report.version;
  await session.send(t);
  throw new AppError(202, 'upgrade.restarting');
}
