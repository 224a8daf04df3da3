import { crc32 } from 'node:zlib';
import { AppError } from '../../platform/http/errors.ts';
import type { FirmwareReport, FirmwareTransfer } from '../gateway/links.ts';

/**
 * Firmware upgrade of MQTT devices (docs/protocols/firmware-upgrade.md): the cloud sends `begin`,
 * each chunk (base64 with its CRC-32) and `end` on `devices/{sn}/ota`, one at a time; the device
 * answers each on `devices/{sn}/ota/reply` and, after it verified the SHA-256 and restarted,
 * reports `{"series","model","version"}` on `devices/{sn}/ota/inform`.
 */
export const otaTopic = (sn: string) => `devices/${sn}/ota`;
const OTA_UP = /^devices\/([^/+#]+)\/ota\/(reply|inform)$/;

/** The device and kind of an upgrade topic a device publishes on, or null for any other topic. */
export function otaUpTopic(topic: string): { sn: string; kind: 'otaReply' | 'otaInform' } | null {
  const match = OTA_UP.exec(topic);
  if (!match) return null;
  return { sn: match[1] as string, kind: match[2] === 'reply' ? 'otaReply' : 'otaInform' };
}

/** How long a device has to answer one message of a transfer. */
export const OTA_ACK_TIMEOUT_MS = 10_000;
/** A chunk refused for its CRC is sent again this many times. */
const CRC_RETRIES = 3;

export interface OtaReply {
  id: string;
  op: 'begin' | 'chunk' | 'end';
  seq?: number;
  ok: boolean;
  /** For `begin`: how many chunks of this transfer the device already holds. */
  next?: number;
  error?: string;
}

export type { FirmwareReport };

const text = (v: unknown, max = 50) => typeof v === 'string' && v.length > 0 && v.length <= max;

/** A `devices/{sn}/ota/inform` message, or null when it is not one. */
export function decodeReport(payload: Buffer): FirmwareReport | null {
  try {
    const m = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
    if (!text(m.series) || !text(m.model) || !text(m.version, 30)) return null;
    return { series: m.series as string, model: m.model as string, version: m.version as string };
  } catch {
    return null;
  }
}

function decodeReply(payload: Buffer): OtaReply | null {
  try {
    const m = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
    if (typeof m.id !== 'string' || typeof m.ok !== 'boolean') return null;
    if (m.op !== 'begin' && m.op !== 'chunk' && m.op !== 'end') return null;
    return m as unknown as OtaReply;
  } catch {
    return null;
  }
}

interface Waiting {
  match(reply: OtaReply): boolean;
  resolve(reply: OtaReply): void;
  reject(error: AppError): void;
  timer: NodeJS.Timeout;
}

/** The transfer of one MQTT device's link: one message in flight, answered on the reply topic. */
export class MqttOtaExchange {
  readonly #sn: string;
  readonly #publish: (topic: string, payload: string) => Promise<void>;
  readonly #timeoutMs: number;
  #waiting: Waiting | null = null;
  readonly #reports = new Set<(report: FirmwareReport) => void>();
  #gone = false;
  /** Set by the device's first report on this connection: it has subscribed to `devices/{sn}/ota` by then. */
  #informed = false;
  readonly #ready = new Set<(ok: boolean) => void>();

  constructor(sn: string, publish: (topic: string, payload: string) => Promise<void>, timeoutMs = OTA_ACK_TIMEOUT_MS) {
    this.#sn = sn;
    this.#publish = publish;
    this.#timeoutMs = timeoutMs;
  }

  async transfer(t: FirmwareTransfer): Promise<string> {
    // A message published before the device subscribed is lost: its report says it listens.
    await this.#whenReady();
    const chunks = Math.ceil(t.bytes.length / t.chunkSize);
    const begun = await this.#ask(
      {
        id: t.id,
        op: 'begin',
        version: t.version,
        size: t.bytes.length,
        sha256: t.sha256,
        chunkSize: t.chunkSize,
        chunks,
      },
      (r) => r.op === 'begin',
    );
    if (!begun.ok) throw new AppError(502, 'upgrade.failed.rejected', { params: { reason: begun.error ?? '-' } });
    // Resume from what both sides hold: a device that lost its partial image starts again.
    let seq = Math.max(0, Math.min(t.from, Number.isInteger(begun.next) ? (begun.next as number) : 0, chunks));
    if (seq !== t.from) await t.onAck(seq);
    let retries = 0;
    while (seq < chunks) {
      const data = t.bytes.subarray(seq * t.chunkSize, (seq + 1) * t.chunkSize);
      const crc = crc32(data).toString(16).padStart(8, '0');
      const at = seq;
      const reply = await this.#ask(
        { id: t.id, op: 'chunk', seq, data: data.toString('base64'), crc32: crc },
        (r) => r.op === 'chunk' && r.seq === at,
      );
      if (!reply.ok) {
        if (++retries > CRC_RETRIES) throw new AppError(502, 'upgrade.failed.crc', { params: { seq } });
        continue;
      }
      retries = 0;
      seq++;
      await t.onAck(seq);
    }
    // Listened for before `end`: a device may report its new version as soon as it restarted.
    const reported = this.#nextReport();
    const ended = await this.#ask({ id: t.id, op: 'end' }, (r) => r.op === 'end');
    if (!ended.ok) {
      reported.cancel();
      throw new AppError(502, 'upgrade.failed.verify', { params: { reason: ended.error ?? '-' } });
    }
    return (await reported.report).version;
  }

  /** A reply from the device; one for nothing we wait for is dropped. */
  reply(payload: Buffer): void {
    const reply = decodeReply(payload);
    const waiting = this.#waiting;
    if (!reply || !waiting?.match(reply)) return;
    this.#waiting = null;
    clearTimeout(waiting.timer);
    waiting.resolve(reply);
  }

  inform(report: FirmwareReport): void {
    this.#informed = true;
    for (const ready of [...this.#ready]) ready(true);
    for (const listener of [...this.#reports]) listener(report);
  }

  /** The connection is gone: the transfer stops, to resume when the device is back. */
  dispose(): void {
    this.#gone = true;
    const waiting = this.#waiting;
    this.#waiting = null;
    if (waiting) {
      clearTimeout(waiting.timer);
      waiting.reject(new AppError(409, 'upgrade.failed.offline'));
    }
    for (const listener of [...this.#reports]) listener({ series: '', model: '', version: '' });
    for (const ready of [...this.#ready]) ready(false);
  }

  #whenReady(): Promise<void> {
    if (this.#informed) return Promise.resolve();
    if (this.#gone) return Promise.reject(new AppError(409, 'upgrade.failed.offline'));
    return new Promise((resolve, reject) => {
      const ready = (ok: boolean) => {
        this.#ready.delete(ready);
        clearTimeout(timer);
        if (ok) resolve();
        else reject(new AppError(409, 'upgrade.failed.offline'));
      };
      const timer = setTimeout(() => {
        this.#ready.delete(ready);
        reject(this.#noAck());
      }, this.#timeoutMs);
      this.#ready.add(ready);
    });
  }

  #noAck = () => new AppError(504, 'upgrade.failed.noAck', { params: { seconds: Math.ceil(this.#timeoutMs / 1000) } });

  #ask(body: Record<string, unknown>, match: (reply: OtaReply) => boolean): Promise<OtaReply> {
    if (this.#gone) return Promise.reject(new AppError(409, 'upgrade.failed.offline'));
    const answered = new Promise<OtaReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting = null;
        reject(this.#noAck());
      }, this.#timeoutMs);
      this.#waiting = { match: (r) => r.id === body.id && match(r), resolve, reject, timer };
    });
    this.#publish(otaTopic(this.#sn), JSON.stringify(body)).catch(() => this.dispose());
    return answered;
  }

  #nextReport(): { report: Promise<FirmwareReport>; cancel(): void } {
    let listener: (report: FirmwareReport) => void = () => undefined;
    let timer: NodeJS.Timeout | undefined;
    const report = new Promise<FirmwareReport>((resolve, reject) => {
      listener = (r) => {
        this.#reports.delete(listener);
        clearTimeout(timer);
        if (r.version === '') reject(new AppError(409, 'upgrade.failed.offline'));
        else resolve(r);
      };
      timer = setTimeout(() => {
        this.#reports.delete(listener);
        reject(this.#noAck());
      }, this.#timeoutMs);
      this.#reports.add(listener);
    });
    return {
      report,
      cancel: () => {
        this.#reports.delete(listener);
        clearTimeout(timer);
        report.catch(() => undefined);
      },
    };
  }
}
