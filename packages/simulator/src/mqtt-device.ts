import mqtt, { type MqttClient } from 'mqtt';
import { cameraProfiles, OnvifError, type ProbeOptions, probeCameras } from './onvif.ts';
import { type FirmwareIdentity, type OtaOptions, OtaReceiver } from './ota.ts';
import { locationText, positionOnRoute, type Route } from './route.ts';
import type { ModbusSlave } from './slave.ts';
import { Stats, sharedTicker, type Ticker } from './stats.ts';

export interface MqttDeviceOptions {
  /** The broker, e.g. mqtt://127.0.0.1:1883. */
  url: string;
  sn: string;
  password: string;
  /** The values the device publishes, by signal name (the template's point names). */
  values: ModbusSlave;
  /** Seconds between publications (default 10) and between status messages (default 60; 0 never). */
  intervalSeconds?: number;
  statusSeconds?: number;
  /** A vehicle or a tracker: reports its position on this route with every publication. */
  route?: Route;
  /** Answer commands with `ok: false` at this probability, as a device whose actuator failed. */
  failRate?: number;
  /** The firmware it runs: reported on `devices/{sn}/ota/inform` at each connect, upgradable over `devices/{sn}/ota`. */
  firmware?: FirmwareIdentity & OtaOptions;
  /**
   * An edge gateway on a site's LAN: answers the cloud's `discover` (ONVIF cameras by WS-Discovery)
   * and `onvif` (a camera's profiles and RTSP addresses) requests (decision 0160). Where the probe
   * goes: the multicast group by default.
   */
  edge?: { onvif: ProbeOptions };
  /** Milliseconds between reconnection attempts (default 5000). */
  reconnectMs?: number;
  stats?: Stats;
  ticker?: Ticker;
  random?: () => number;
}

/** A command from the cloud on `devices/{sn}/down`: a write, or an edge gateway's request. */
type Command =
  | { id: string; write: Record<string, unknown> }
  | { id: string; discover: string }
  | { id: string; onvif: { xaddr: string; username: string; password: string } };

function commandOf(payload: Buffer): Command | undefined {
  try {
    const parsed: unknown = JSON.parse(payload.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { id, write, discover, onvif } = parsed as {
      id?: unknown;
      write?: unknown;
      discover?: unknown;
      onvif?: unknown;
    };
    if (typeof id !== 'string') return undefined;
    if (typeof discover === 'string') return { id, discover };
    if (onvif && typeof onvif === 'object') {
      const { xaddr, username, password } = onvif as Record<string, unknown>;
      if (typeof xaddr === 'string' && typeof username === 'string' && typeof password === 'string') {
        return { id, onvif: { xaddr, username, password } };
      }
      return undefined;
    }
    if (typeof write !== 'object' || write === null) return undefined;
    return { id, write: write as Record<string, unknown> };
  } catch {
    // A payload that is not JSON is no command; the caller counts it as an error.
    return undefined;
  }
}

/**
 * A simulated MQTT device (the protocol of docs/protocols/mqtt.md): client id and user name the
 * SN, password the communication password; publishes `{"ts","values"}` on `devices/{sn}/up`,
 * `{"signal","battery"}` on `devices/{sn}/status`, and acknowledges writes from `devices/{sn}/down`
 * on `devices/{sn}/ack`.
 */
export class SimulatedMqttDevice {
  readonly options: MqttDeviceOptions;
  readonly stats: Stats;
  #client: MqttClient | undefined;
  #nextPublish = 0;
  #nextStatus = 0;
  #battery = 100;
  /** When it set off along its route. */
  readonly #setOff = Date.now();
  #up = false;
  readonly #random: () => number;
  readonly #ticker: Ticker;
  /** The upgrade side, when the device has firmware. */
  readonly ota: OtaReceiver | null;

  constructor(options: MqttDeviceOptions) {
    this.options = options;
    const { failVerification, chunkDelayMs, ...firmware } = options.firmware ?? { series: '', model: '', version: '' };
    this.ota = options.firmware ? new OtaReceiver(firmware, { failVerification, chunkDelayMs }) : null;
    this.stats = options.stats ?? new Stats();
    this.#random = options.random ?? Math.random;
    this.#ticker = options.ticker ?? sharedTicker;
    this.#battery = 60 + Math.floor(this.#random() * 40);
  }

  get topic(): string {
    return `devices/${this.options.sn}`;
  }

  /** Connects and resolves once subscribed to its command topic. */
  start(): Promise<void> {
    const client = mqtt.connect(this.options.url, {
      clientId: this.options.sn,
      username: this.options.sn,
      password: this.options.password,
      reconnectPeriod: this.options.reconnectMs ?? 5000,
      connectTimeout: 10_000,
    });
    this.#client = client;
    client.on('connect', () => {
      this.stats.connects++;
      if (!this.#up) this.stats.connected++;
      this.#up = true;
      // Resubscribed on every connect: a broker restarted since has no session to remember it.
      client.subscribe(this.#topics, { qos: 1 }, () => this.#inform());
    });
    client.on('close', () => {
      if (this.#up) {
        this.stats.connected--;
        this.stats.disconnects++;
      }
      this.#up = false;
    });
    client.on('error', () => {
      this.stats.errors++;
    });
    client.on('message', (topic, payload) => {
      if (topic === `${this.topic}/config`) this.#configure(payload);
      else if (topic === `${this.topic}/ota`) void this.#upgrade(payload);
      else this.#command(payload);
    });
    // The first publication falls somewhere in the first interval, so that a thousand devices do not publish in step.
    this.#nextPublish = Date.now() + this.#random() * this.#interval;
    this.#ticker.add(this);
    return new Promise((resolve) => {
      client.once('connect', () => {
        client.subscribe(this.#topics, { qos: 1 }, () => resolve());
      });
    });
  }

  get #topics(): string[] {
    const topics = [`${this.topic}/down`, `${this.topic}/config`];
    return this.ota ? [...topics, `${this.topic}/ota`] : topics;
  }

  /** Reports the firmware it runs. */
  #inform(): void {
    if (this.ota) void this.#publish(`${this.topic}/ota/inform`, this.ota.firmware);
  }

  /** One message of a firmware transfer; after a good `end` the device runs the new version and reports it. */
  async #upgrade(payload: Buffer): Promise<void> {
    if (!this.ota) return;
    this.stats.bytesIn += payload.length;
    const { reply, upgraded } = await this.ota.handle(payload);
    if (reply) await this.#publish(`${this.topic}/ota/reply`, reply);
    if (upgraded) this.#inform();
  }

  async stop(): Promise<void> {
    this.#ticker.delete(this);
    await this.#client?.endAsync();
  }

  get #interval(): number {
    return (this.options.intervalSeconds ?? 10) * 1000;
  }

  tick(now: number): void {
    const client = this.#client;
    if (!client?.connected) return;
    if (now >= this.#nextPublish) {
      this.#nextPublish = now + this.#interval;
      void this.publish(now);
    }
    const status = (this.options.statusSeconds ?? 60) * 1000;
    if (status > 0 && now >= this.#nextStatus) {
      this.#nextStatus = now + status;
      this.publishStatus();
    }
  }

  /** Publishes every value now (QoS 1). */
  publish(now = Date.now()): Promise<void> {
    const values: Record<string, number | string> = {};
    for (const s of this.options.values.signals) {
      const v = this.options.values.value(s.name, now) ?? 0;
      values[s.name] = Math.round(v * 1000) / 1000;
    }
    const route = this.options.route;
    if (route) values[route.signal] = locationText(positionOnRoute(route, now - this.#setOff));
    return this.#publish(`${this.topic}/up`, { ts: now, values });
  }

  publishStatus(): Promise<void> {
    this.#battery = Math.max(5, this.#battery - this.#random() * 0.2);
    const signal = 14 + Math.floor(this.#random() * 17);
    return this.#publish(`${this.topic}/status`, { signal, battery: Math.round(this.#battery) });
  }

  async #publish(topic: string, body: object): Promise<void> {
    const client = this.#client;
    if (!client) return;
    const payload = JSON.stringify(body);
    this.stats.published++;
    this.stats.bytesOut += payload.length;
    try {
      await client.publishAsync(topic, payload, { qos: 1 });
    } catch {
      // The broker went away mid-publication; the client reconnects and the next tick publishes again.
      this.stats.errors++;
    }
  }

  /** The configuration in force: the last JSON document the cloud sent on `devices/{sn}/config`. */
  config: Record<string, unknown> | null = null;

  /** Takes a configuration and acknowledges it on `devices/{sn}/config/reply` (docs/protocols/device-configuration.md). */
  #configure(payload: Buffer): void {
    this.stats.bytesIn += payload.length;
    let message: { id?: unknown; config?: unknown };
    try {
      message = JSON.parse(payload.toString('utf8')) as { id?: unknown; config?: unknown };
    } catch {
      this.stats.errors++;
      return;
    }
    if (typeof message.id !== 'string') return;
    const reply = (body: object) => this.#publish(`${this.topic}/config/reply`, { id: message.id, ...body });
    if (typeof message.config !== 'object' || message.config === null || Array.isArray(message.config)) {
      void reply({ ok: false, error: 'config is not a JSON object' });
      return;
    }
    this.config = message.config as Record<string, unknown>;
    void reply({ ok: true });
  }

  #command(payload: Buffer): void {
    this.stats.bytesIn += payload.length;
    const command = commandOf(payload);
    if (!command) {
      this.stats.errors++;
      return;
    }
    this.stats.commands++;
    const reply = (body: object) => this.#publish(`${this.topic}/ack`, { id: command.id, ...body });
    if ('discover' in command || 'onvif' in command) {
      void this.#edgeRequest(command).then(reply);
      return;
    }
    if (this.options.failRate && this.#random() < this.options.failRate) {
      void reply({ ok: false, error: 'actuator did not respond' });
      return;
    }
    for (const [name, value] of Object.entries(command.write)) {
      const n = typeof value === 'boolean' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
      if (!Number.isFinite(n)) {
        void reply({ ok: false, error: `value of ${name} is not a number` });
        return;
      }
      if (!this.options.values.set(name, n)) {
        void reply({ ok: false, error: `${name} is not a writable point` });
        return;
      }
    }
    void reply({ ok: true });
    // The new value is published at once, as a device confirms a set point.
    void this.publish();
  }

  /** An edge gateway's request (decision 0160): the answer's `result`, or why not as a code. */
  async #edgeRequest(
    command: Extract<Command, { discover: string }> | Extract<Command, { onvif: unknown }>,
  ): Promise<object> {
    const edge = this.options.edge;
    if (!edge) return { ok: false, error: 'unsupported' };
    try {
      if ('discover' in command) {
        if (command.discover !== 'onvif') return { ok: false, error: 'unsupported' };
        return { ok: true, result: { cameras: await probeCameras({ waitMs: 2000, ...edge.onvif }) } };
      }
      const { xaddr, username, password } = command.onvif;
      return { ok: true, result: { profiles: await cameraProfiles(xaddr, { username, password }) } };
    } catch (error) {
      return { ok: false, error: error instanceof OnvifError ? error.code : 'unreachable' };
    }
  }
}
