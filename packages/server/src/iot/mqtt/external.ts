import { hostname } from 'node:os';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { linksFor } from '../gateway/links.ts';
import type { Telemetry } from '../telemetry/types.ts';
import type { RunningBroker } from './broker.ts';
import { ACK_SUBSCRIPTION } from './commander.ts';
import { configReplyTopic, onConfigReply } from './config.ts';
import { BadMessage, decodeAck, MAX_MESSAGE_BYTES } from './decode.ts';
import type { KnownDevice } from './directory.ts';
import { Ingest } from './ingest.ts';
import { MqttLink } from './link.ts';
import { otaUpTopic } from './ota.ts';
import { onOtaMessage } from './ota-ingest.ts';
import { deviceTopic } from './topics.ts';

export interface ExternalOptions {
  db: Db;
  log: Logger;
  telemetry: Telemetry;
  /** `mqtt://user:pass@host:1883` */
  url: string;
  retentionDays: number;
  /** Stable across restarts, so that the broker keeps what arrives while the gateway is down. */
  clientId?: string;
  /** Gateways in one shared-subscription group split the devices' messages between them. */
  group?: string;
  commandTimeoutMs?: number;
}

/** What devices publish that the gateway processes split between them: data and status. */
const SHARED = ['up', 'status'] as const;
/**
 * What every gateway process hears, without `$share`: the answers to what one process sent and
 * waits for (command acks, decision 0131; configuration and firmware replies, decision 0161), and
 * the firmware reports that tell a transfer the device listens. Each process keeps those it waits for.
 */
const HEARD_BY_ALL = [ACK_SUBSCRIPTION, ...['config/reply', 'ota/reply', 'ota/inform'].map((k) => `devices/+/${k}`)];
/** Shared before decision 0161: a persistent session may still hold them, and would get each reply twice. */
const NO_LONGER_SHARED = ['config/reply', 'ota/reply', 'ota/inform'];
/** How long the broker keeps the gateway's session, and what arrives for it, while it is away. */
const SESSION_EXPIRY_SECONDS = 24 * 3600;
/**
 * The largest packet the gateway takes: the largest message, its topic and room for the MQTT 5
 * properties the broker adds. The broker must not send a larger one (MQTT 5, 3.1.2.11.4): it drops
 * it for the gateway, so a device's oversized message is never read whole into the gateway's memory.
 */
const MAX_PACKET_BYTES = MAX_MESSAGE_BYTES + 1024;

/**
 * Devices on an external broker (Mosquitto, EMQX): the broker signs them in and keeps them to
 * their topics (its ACL); Meridian subscribes to their messages in a shared subscription and
 * acknowledges each one only after its values are committed (manual PUBACK), with a persistent
 * session, so that what the broker accepted survives a restart of the gateway.
 */
export async function startExternal(options: ExternalOptions): Promise<RunningBroker> {
  const { db, log, telemetry } = options;
  const ingest = new Ingest(db, telemetry, log, options.retentionDays);
  const links = linksFor(db);
  const seen = new Map<number, MqttLink>();
  const group = options.group ?? 'meridian';
  let client: MqttClient | null = null;

  /** The device of a topic, if it may send: enabled, and an MQTT device. */
  async function deviceOf(sn: string): Promise<KnownDevice | undefined> {
    const device = await ingest.directory.bySn(sn);
    if (!device) ingest.refuse('forbiddenTopic', { sn }, 'unknown SN');
    else if (!device.enabled || device.protocol !== 'mqttJson') {
      ingest.refuse('forbiddenTopic', { sn }, device.enabled ? 'not an MQTT device' : 'disabled');
    } else return device;
    return undefined;
  }

  /** The first message of a device since the gateway started: it is online, and commands reach it. */
  async function linkOf(device: KnownDevice, sn: string): Promise<MqttLink> {
    let link = seen.get(device.id);
    if (link) return link;
    link = new MqttLink({
      sn,
      points: device.points,
      counters: ingest.counters,
      timeoutMs: options.commandTimeoutMs,
      publish: async (topic, payload) => {
        if (!client) throw new Error('not connected');
        await client.publishAsync(topic, payload, { qos: 1 });
      },
    });
    seen.set(device.id, link);
    links.set(device.id, link)?.close('replaced');
    ingest.counters.add('connected');
    await ingest.online(device, 'mqtt');
    return link;
  }

  /** A command's answer: for this process's link when it sent that command; another process's otherwise. */
  async function onAck(sn: string, payload: Buffer): Promise<void> {
    const device = await ingest.directory.bySn(sn);
    const link = device ? seen.get(device.id) : undefined;
    try {
      const ack = decodeAck(payload);
      if (link?.awaits(ack.id)) link.ack(ack);
    } catch (error) {
      if (!(error instanceof BadMessage)) throw error;
      ingest.refuse(error.kind, { sn }, error.message);
    }
  }

  /**
   * A configuration or firmware reply, which every gateway process hears: for the link of this
   * process, which settles it when it sent what it answers; dropped where no link waits for it.
   */
  async function onReply(sn: string, kind: 'configReply' | 'otaReply', payload: Buffer): Promise<void> {
    const device = await ingest.directory.bySn(sn);
    const link = device ? seen.get(device.id) : undefined;
    if (!device || !link) return;
    if (kind === 'configReply') onConfigReply(ingest, link, sn, payload);
    else await onOtaMessage(ingest, link, device.id, kind, payload);
  }

  async function onMessage(topicName: string, payload: Buffer): Promise<void> {
    const topic = deviceTopic(topicName) ?? configReplyTopic(topicName) ?? otaUpTopic(topicName);
    if (!topic) return ingest.refuse('forbiddenTopic', {}, topicName);
    if (topic.kind === 'ack') return onAck(topic.sn, payload);
    if (topic.kind === 'configReply' || topic.kind === 'otaReply') return onReply(topic.sn, topic.kind, payload);
    const device = await deviceOf(topic.sn);
    if (!device) return;
    const link = await linkOf(device, topic.sn);
    if (topic.kind === 'up') await ingest.up(device, payload);
    else if (topic.kind === 'status') await ingest.status(device, payload);
    // A firmware report, heard by every process: each one's link learns the device listens.
    else await onOtaMessage(ingest, link, device.id, topic.kind, payload);
  }

  client = await mqtt.connectAsync(options.url, {
    clientId: options.clientId ?? `meridian-${hostname()}`,
    // Manual acknowledgements (customHandleAcks) are MQTT 5 only in mqtt.js; a session that
    // outlives the connection keeps what arrives while the gateway restarts.
    protocolVersion: 5,
    clean: false,
    properties: { sessionExpiryInterval: SESSION_EXPIRY_SECONDS, maximumPacketSize: MAX_PACKET_BYTES },
    reconnectPeriod: 1000,
    customHandleAcks(topic, message, _packet, done) {
      onMessage(topic, message).then(
        () => done(0),
        (error: unknown) => {
          // Not acknowledged: dropping the connection makes the broker deliver it again.
          log.error({ err: error, topic }, 'mqtt message not stored; reconnecting for redelivery');
          done(error instanceof Error ? error : new Error(String(error)));
          client?.stream.destroy();
        },
      );
    },
  });
  client.on('error', (error) => log.warn({ err: error.message }, 'external mqtt broker error'));
  await client.unsubscribeAsync(NO_LONGER_SHARED.map((kind) => `$share/${group}/devices/+/${kind}`));
  await client.subscribeAsync([...SHARED.map((kind) => `$share/${group}/devices/+/${kind}`), ...HEARD_BY_ALL], {
    qos: 1,
  });
  log.info({ url: new URL(options.url).host, group }, 'subscribed to the external mqtt broker');

  return {
    port: 0,
    counters: ingest.counters,
    async stop() {
      for (const [deviceId, link] of seen) {
        link.dispose();
        links.delete(deviceId, link);
      }
      await client?.endAsync();
      client = null;
    },
  };
}
