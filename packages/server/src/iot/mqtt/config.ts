import { randomUUID } from 'node:crypto';
import { AppError } from '../../platform/http/errors.ts';
import { BadMessage, decodeAck } from './decode.ts';
import type { Ingest } from './ingest.ts';

/**
 * Remote configuration of MQTT devices (docs/protocols/device-configuration.md): the profile's JSON
 * document goes out on `devices/{sn}/config` as `{"id", "config"}`, and the device acknowledges on
 * `devices/{sn}/config/reply` with `{"id", "ok", "error"?}`, the shape of a command's ack.
 */
export const configTopic = (sn: string) => `devices/${sn}/config`;
const CONFIG_REPLY = /^devices\/([^/+#]+)\/config\/reply$/;

/** The device of a configuration reply topic, or null for any other topic. */
export function configReplyTopic(topic: string): { sn: string; kind: 'configReply' } | null {
  const match = CONFIG_REPLY.exec(topic);
  return match ? { sn: match[1] as string, kind: 'configReply' } : null;
}

/** How long an MQTT device has to acknowledge a configuration. */
export const CONFIG_ACK_TIMEOUT_MS = 10_000;

interface Waiting {
  resolve(): void;
  reject(error: AppError): void;
  timer: NodeJS.Timeout;
}

/** The configurations one MQTT device's link has sent and waits to hear about. */
export class MqttConfigExchange {
  readonly #waiting = new Map<string, Waiting>();
  readonly #sn: string;
  readonly #publish: (topic: string, payload: string) => Promise<void>;
  readonly #timeoutMs: number;

  constructor(
    sn: string,
    publish: (topic: string, payload: string) => Promise<void>,
    timeoutMs = CONFIG_ACK_TIMEOUT_MS,
  ) {
    this.#sn = sn;
    this.#publish = publish;
    this.#timeoutMs = timeoutMs;
  }

  send(document: Record<string, unknown>): Promise<void> {
    const id = randomUUID();
    const settled = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(id);
        reject(new AppError(504, 'config.failed.noAck', { params: { seconds: Math.ceil(this.#timeoutMs / 1000) } }));
      }, this.#timeoutMs);
      this.#waiting.set(id, { resolve, reject, timer });
    });
    this.#publish(configTopic(this.#sn), JSON.stringify({ id, config: document })).catch(() =>
      this.#settle(id, new AppError(409, 'config.failed.offline')),
    );
    return settled;
  }

  /** The device's reply; one for no configuration we wait for is dropped. */
  reply(payload: Buffer): void {
    const ack = decodeAck(payload);
    if (ack.ok) this.#settle(ack.id);
    else this.#settle(ack.id, new AppError(502, 'config.failed.rejected', { params: { reason: ack.error ?? '-' } }));
  }

  /** The connection is gone: what waits is configured again when the device is back. */
  dispose(): void {
    for (const id of [...this.#waiting.keys()]) this.#settle(id, new AppError(409, 'config.failed.offline'));
  }

  #settle(id: string, error?: AppError): void {
    const waiting = this.#waiting.get(id);
    if (!waiting) return;
    this.#waiting.delete(id);
    clearTimeout(waiting.timer);
    if (error) waiting.reject(error);
    else waiting.resolve();
  }
}

/** A message on `devices/{sn}/config/reply`: settles what the device's link waits for; a malformed one is counted and dropped. */
export function onConfigReply(
  ingest: Ingest,
  link: { configs: MqttConfigExchange },
  sn: string,
  payload: Buffer,
): void {
  try {
    link.configs.reply(payload);
  } catch (error) {
    if (!(error instanceof BadMessage)) throw error;
    ingest.refuse(error.kind, { sn }, error.message);
  }
}
