import { randomUUID } from 'node:crypto';
import { AppError } from '../../platform/http/errors.ts';
import type { DeviceConfiguration, DeviceLink, DeviceRequest, FirmwareTransfer } from '../gateway/links.ts';
import { MqttConfigExchange } from './config.ts';
import type { IngestCounters } from './counters.ts';
import type { CommandAck, DevicePoints } from './decode.ts';
import { MqttOtaExchange } from './ota.ts';
import { downTopic } from './topics.ts';

/** How long a command waits for the device's ack before it is reported as not answered. */
export const COMMAND_TIMEOUT_MS = 10_000;

interface Pending {
  resolve(ack: CommandAck): void;
  reject(error: AppError): void;
  timer: NodeJS.Timeout;
}

export interface MqttLinkOptions {
  sn: string;
  points: DevicePoints;
  counters: IngestCounters;
  /** Publishes a command on `devices/{sn}/down`; rejects when it cannot be sent. */
  publish(topic: string, payload: string): Promise<void>;
  /** Closes the device's connection (the embedded broker's client); absent for an external broker. */
  disconnect?(reason: string): void;
  /** The gateway process whose broker holds the connection; absent for an external broker, whose devices are connected elsewhere. */
  holder?: string;
  timeoutMs?: number;
  /** How long the device has to answer each message of a firmware transfer. */
  otaTimeoutMs?: number;
}

/**
 * An MQTT device as the write call reaches it: a command goes out on `devices/{sn}/down` with an
 * id, and the device's ack on `devices/{sn}/ack` with the same id settles it. No Data Debugging:
 * an MQTT device takes JSON, not raw bytes, so `debug` is absent.
 */
export class MqttLink implements DeviceLink {
  readonly transport = 'mqtt' as const;
  readonly holder: string | null;
  readonly #options: MqttLinkOptions;
  readonly #pending = new Map<string, Pending>();
  /** Remote configuration (mqtt/config.ts). */
  readonly configs: MqttConfigExchange;
  /** Firmware upgrade (mqtt/ota.ts). */
  readonly ota: MqttOtaExchange;

  constructor(options: MqttLinkOptions) {
    this.#options = options;
    this.holder = options.holder ?? null;
    this.configs = new MqttConfigExchange(options.sn, options.publish);
    this.ota = new MqttOtaExchange(options.sn, options.publish, options.otaTimeoutMs);
  }

  /** The points it writes by name: the template's, as the directory read them. */
  get points(): DevicePoints {
    return this.#options.points;
  }

  upgrade(transfer: FirmwareTransfer): Promise<string> {
    return this.ota.transfer(transfer);
  }

  configure(configuration: DeviceConfiguration): Promise<void> {
    if (configuration.kind !== 'mqtt') return Promise.reject(new AppError(400, 'config.failed.unsupported'));
    return this.configs.send(configuration.document);
  }

  write(pointId: number, raw: number | boolean | string): Promise<void> {
    const point = this.#options.points.byId.get(pointId);
    if (!point) return Promise.reject(new AppError(400, 'mqtt.command.format'));
    return this.#command({ write: { [point.name]: raw } }, this.#options.timeoutMs ?? COMMAND_TIMEOUT_MS).then(
      () => undefined,
    );
  }

  /**
   * A request the device answers with a result in its ack (`{"id", "ok": true, "result": ...}`),
   * such as an edge gateway's ONVIF discovery (decision 0160). A device that answers without a
   * result resolves with null.
   */
  async ask(request: DeviceRequest, timeoutMs = this.#options.timeoutMs ?? COMMAND_TIMEOUT_MS): Promise<unknown> {
    const ack = await this.#command(request, timeoutMs);
    return ack.result ?? null;
  }

  #command(body: Record<string, unknown>, timeoutMs: number): Promise<CommandAck> {
    const id = randomUUID();
    const { counters } = this.#options;
    const settled = new Promise<CommandAck>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        counters.add('commandsTimedOut');
        reject(new AppError(504, 'mqtt.command.noReply', { params: { seconds: Math.ceil(timeoutMs / 1000) } }));
      }, timeoutMs);
      this.#pending.set(id, { resolve, reject, timer });
    });
    counters.add('commandsSent');
    this.#options.publish(downTopic(this.#options.sn), JSON.stringify({ id, ...body })).catch(() => {
      this.#settle(id, new AppError(503, 'mqtt.command.disconnected'));
    });
    return settled;
  }

  /** Whether a command with this id is waiting for its ack here. */
  awaits(id: string): boolean {
    return this.#pending.has(id);
  }

  /** No command is waiting for its ack. */
  get idle(): boolean {
    return this.#pending.size === 0;
  }

  /** The device answered a command; an ack for no command we are waiting for is counted and dropped. */
  ack(ack: CommandAck): void {
    if (!this.#pending.has(ack.id)) {
      this.#options.counters.add('unknownAck');
      return;
    }
    if (ack.ok) this.#settle(ack.id, undefined, ack);
    else {
      this.#options.counters.add('commandsFailed');
      this.#settle(ack.id, new AppError(502, 'mqtt.command.failed', { params: { reason: ack.error ?? '-' } }));
    }
  }

  close(reason: string): void {
    this.dispose();
    this.#options.disconnect?.(reason);
  }

  /** The connection is gone: every command still waiting fails now rather than at its timeout. */
  dispose(): void {
    this.configs.dispose();
    this.ota.dispose();
    for (const id of [...this.#pending.keys()]) this.#settle(id, new AppError(503, 'mqtt.command.disconnected'));
  }

  #settle(id: string, error?: AppError, ack?: CommandAck): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    clearTimeout(pending.timer);
    if (error) pending.reject(error);
    else pending.resolve(ack ?? { id, ok: true });
  }
}
