import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { toBool } from '../../platform/db/sql.ts';
import type { DeviceLink } from '../gateway/links.ts';
import { countersFor } from './counters.ts';
import { BadMessage, decodeAck } from './decode.ts';
import { directoryFor } from './directory.ts';
import { MqttLink } from './link.ts';
import { commandTargetOf } from './repository.ts';
import { deviceTopic } from './topics.ts';

/** Every device's command answers; no `$share`: each process hears each ack and keeps those it waits for. */
export const ACK_SUBSCRIPTION = 'devices/+/ack';

/**
 * Commands to devices on the external broker (`MQTT_URL`) from any process (decision 0131). With
 * an external broker no gateway process holds an MQTT device's connection: the broker does. So the
 * process that issues a write (API, job worker or gateway) publishes it on `devices/{sn}/down`
 * itself, through its own connection to the broker, and reads the device's answer on
 * `devices/{sn}/ack` through a plain (not shared) subscription: the answer comes back to the
 * caller's process, within the same timeout as on one process (`COMMAND_TIMEOUT_MS`).
 */
export class BrokerCommands {
  readonly #db: Db;
  readonly #url: string;
  readonly #log: Logger;
  readonly #timeoutMs: number | undefined;
  /** The links commands were sent through, by SN; an ack goes to the one that waits for its id. */
  readonly #links = new Map<string, MqttLink[]>();
  #client: Promise<MqttClient> | undefined;
  #closed = false;

  constructor(db: Db, url: string, log: Logger, timeoutMs?: number) {
    this.#db = db;
    this.#url = url;
    this.#log = log;
    this.#timeoutMs = timeoutMs;
  }

  /** The device as a command reaches it through the broker; none when it is not an enabled, online MQTT device. */
  async reach(deviceId: number): Promise<DeviceLink | undefined> {
    const target = await commandTargetOf(this.#db.kysely, deviceId);
    if (!target?.sn || target.protocol !== 'mqttJson' || !toBool(target.enabled) || target.status === 'offline') {
      return undefined;
    }
    const device = await directoryFor(this.#db).bySn(target.sn);
    if (!device) return undefined;
    await this.#connect();
    const links = this.#links.get(target.sn) ?? [];
    this.#links.set(target.sn, links);
    const last = links.at(-1);
    // A link per SN, made again when the template's points were read again (the directory's TTL).
    if (last && last.points === device.points) return last;
    const link = new MqttLink({
      sn: target.sn,
      points: device.points,
      counters: countersFor(this.#db),
      timeoutMs: this.#timeoutMs,
      publish: async (topic, payload) => {
        const client = await this.#connect();
        await client.publishAsync(topic, payload, { qos: 1 });
      },
    });
    links.push(link);
    return link;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const links of this.#links.values()) for (const link of links) link.dispose();
    this.#links.clear();
    const client = this.#client;
    this.#client = undefined;
    await client?.then((c) => c.endAsync()).catch(() => undefined);
  }

  #connect(): Promise<MqttClient> {
    if (this.#closed) return Promise.reject(new Error('closed'));
    if (this.#client) return this.#client;
    const connecting = (async () => {
      const client = await mqtt.connectAsync(this.#url, {
        // Its own id per process: a clean session, nothing to keep while it is away.
        clientId: `meridian-cmd-${randomUUID()}`,
        protocolVersion: 5,
        clean: true,
        reconnectPeriod: 1000,
      });
      client.on('error', (error) => this.#log.warn({ err: error.message }, 'mqtt commands: broker error'));
      client.on('message', (topic, payload) => this.#heard(topic, payload));
      await client.subscribeAsync(ACK_SUBSCRIPTION, { qos: 1 });
      return client;
    })();
    this.#client = connecting;
    connecting.catch(() => {
      if (this.#client === connecting) this.#client = undefined;
    });
    return connecting;
  }

  #heard(topicName: string, payload: Buffer): void {
    const topic = deviceTopic(topicName);
    const links = topic?.kind === 'ack' ? this.#links.get(topic.sn) : undefined;
    if (!links) return;
    try {
      const ack = decodeAck(payload);
      links.find((link) => link.awaits(ack.id))?.ack(ack);
    } catch (error) {
      if (!(error instanceof BadMessage)) throw error;
    }
    // Links superseded by a newer one go once nothing waits on them.
    for (let i = links.length - 2; i >= 0; i--) if (links[i]?.idle) links.splice(i, 1);
  }
}

const byDb = new WeakMap<Db, BrokerCommands>();

/** From now on, this process sends commands to MQTT devices through the external broker of `url`. */
export function useBrokerCommands(db: Db, url: string, log: Logger, timeoutMs?: number): BrokerCommands {
  const commands = new BrokerCommands(db, url, log.child({ area: 'mqtt-commands' }), timeoutMs);
  byDb.set(db, commands);
  return commands;
}

/** The broker commands of this process, when it has an external broker. */
export function brokerCommandsOf(db: Db): BrokerCommands | undefined {
  return byDb.get(db);
}

export async function closeBrokerCommands(db: Db): Promise<void> {
  const commands = byDb.get(db);
  byDb.delete(db);
  await commands?.close();
}
