import { createHash, randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { defineJob, type Schedule } from '../../platform/jobs/types.ts';
import { configTopic } from './config.ts';
import { otaTopic } from './ota.ts';
import { brokerClients, brokerDevices, forgetBrokerClients, saveBrokerClients } from './repository.ts';
import { downTopic } from './topics.ts';

// Devices in an external Mosquitto's dynamic security plugin (decision 0106): each MQTT device is
// a client of the broker (user name and client id its SN, its communication password) with a role
// that lets it publish and subscribe on its own topics only, and Meridian's gateway a client whose
// role reads every device's topics. A job each minute makes the broker match the devices table.

const CONTROL = '$CONTROL/dynamic-security/v1';
const RESPONSE = `${CONTROL}/response`;
/** Commands per control message: the plugin answers them in one response, in order. */
const BATCH = 100;
const ANSWER_MS = 10_000;
export const GATEWAY_ROLE = 'meridian-gateway';
const roleOf = (sn: string) => `meridian-device-${sn}`;

interface Command {
  command: string;
  [field: string]: unknown;
}
interface Answer {
  command: string;
  error?: string;
  data?: unknown;
}

const allow = (acltype: string, topic: string) => ({ acltype, topic, allow: true });

/** What a device may do: publish its data, statuses and replies; subscribe to what is sent down to it. */
export function deviceAcls(sn: string) {
  return [
    ...['up', 'status', 'ack', 'config/reply', 'ota/reply', 'ota/inform'].map((kind) =>
      allow('publishClientSend', `devices/${sn}/${kind}`),
    ),
    ...[downTopic(sn), configTopic(sn), otaTopic(sn)].map((topic) => allow('subscribePattern', topic)),
  ];
}

/** What the gateway may do: read every device's messages (also through its shared subscription) and send down to any. */
function gatewayAcls() {
  return [
    ...['devices/#', '$share/meridian/devices/#'].map((topic) => allow('subscribePattern', topic)),
    ...['down', 'config', 'ota'].map((kind) => allow('publishClientSend', `devices/+/${kind}`)),
  ];
}

/** One connection to the plugin's control topic, one command batch at a time. */
export class DynsecControl {
  readonly #client: MqttClient;
  #waiting: { id: string; resolve: (answers: Answer[]) => void } | null = null;

  private constructor(client: MqttClient) {
    this.#client = client;
    client.on('message', (_topic, payload) => {
      const message = JSON.parse(payload.toString()) as { responses?: Array<Answer & { correlationData?: string }> };
      const answers = message.responses ?? [];
      const waiting = this.#waiting;
      if (waiting && answers.some((a) => a.correlationData === waiting.id)) {
        this.#waiting = null;
        waiting.resolve(answers);
      }
    });
  }

  /** Signs in as the plugin's administrator (`MQTT_ADMIN_URL`). */
  static async connect(url: string): Promise<DynsecControl> {
    const client = await mqtt.connectAsync(url, {
      clientId: `meridian-dynsec-${randomUUID()}`,
      reconnectPeriod: 0,
      connectTimeout: ANSWER_MS,
    });
    await client.subscribeAsync(RESPONSE, { qos: 1 });
    return new DynsecControl(client);
  }

  /** Sends the commands in batches and answers the plugin's answer to each, in order. */
  async send(commands: Command[]): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (let i = 0; i < commands.length; i += BATCH) {
      const id = randomUUID();
      const batch = commands.slice(i, i + BATCH).map((c) => ({ ...c, correlationData: id }));
      const answered = new Promise<Answer[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.#waiting = null;
          reject(new Error('the broker’s dynamic security did not answer within 10 s'));
        }, ANSWER_MS);
        this.#waiting = {
          id,
          resolve: (a) => {
            clearTimeout(timer);
            resolve(a);
          },
        };
      });
      await this.#client.publishAsync(CONTROL, JSON.stringify({ commands: batch }), { qos: 1 });
      answers.push(...(await answered));
    }
    return answers;
  }

  async close(): Promise<void> {
    await this.#client.endAsync();
  }
}

const hashOf = (password: string) => createHash('sha256').update(password).digest('hex');
const exists = (a: Answer | undefined) => /already exists/i.test(a?.error ?? '');
const missing = (a: Answer | undefined) => /not found/i.test(a?.error ?? '');

/** Throws the plugin's error, unless it is one the caller expects. */
function check(answers: Answer[], ok: (a: Answer) => boolean = () => false): void {
  const failed = answers.find((a) => a.error && !ok(a));
  if (failed) throw new Error(`dynamic security refused ${failed.command}: ${failed.error}`);
}

export interface SyncOutcome {
  added: number;
  changed: number;
  removed: number;
}

/**
 * Makes the broker match the devices table: a client and a role for every enabled MQTT device with
 * an SN and a password, the password changed where it changed, and the clients of devices deleted,
 * disabled or moved off MQTT removed (which disconnects them). The gateway's own client (the user
 * of `MQTT_URL`) and its role are created once, if missing.
 */
export async function syncBroker(
  db: Parameters<typeof brokerDevices>[0],
  control: DynsecControl,
  gateway: { username: string; password: string } | null,
  now = Date.now(),
): Promise<SyncOutcome> {
  if (gateway) {
    const [role, client] = await control.send([
      { command: 'createRole', rolename: GATEWAY_ROLE, acls: gatewayAcls() },
      {
        command: 'createClient',
        username: gateway.username,
        password: gateway.password,
        roles: [{ rolename: GATEWAY_ROLE }],
      },
    ]);
    check(
      [role, client].filter((a): a is Answer => a !== undefined),
      exists,
    );
  }

  const wanted = new Map<string, string>();
  for (const d of await brokerDevices(db)) wanted.set(d.sn, d.password);
  const known = new Map((await brokerClients(db)).map((c) => [c.sn, c.password_hash]));
  const add = [...wanted].filter(([sn]) => !known.has(sn));
  const change = [...wanted].filter(([sn, password]) => known.has(sn) && known.get(sn) !== hashOf(password));
  const remove = [...known.keys()].filter((sn) => !wanted.has(sn));

  // A new device: its role, then its client. Either may be there already (a sync that died half-way).
  const created = await control.send(
    add.flatMap(([sn, password]) => [
      { command: 'createRole', rolename: roleOf(sn), acls: deviceAcls(sn) },
      { command: 'createClient', username: sn, clientid: sn, password, roles: [{ rolename: roleOf(sn) }] },
    ]),
  );
  check(created, exists);
  const again = add.filter((_, i) => exists(created[i * 2 + 1]));
  const modified = await control.send([
    ...[...again, ...change].map(([sn, password]) => ({
      command: 'modifyClient',
      username: sn,
      clientid: sn,
      password,
      roles: [{ rolename: roleOf(sn) }],
    })),
  ]);
  check(modified);
  await saveBrokerClients(
    db,
    [...add, ...change].map(([sn, password]) => ({ sn, password_hash: hashOf(password), synced_at: now })),
  );

  const removed = await control.send(
    remove.flatMap((sn) => [
      { command: 'deleteClient', username: sn },
      { command: 'deleteRole', rolename: roleOf(sn) },
    ]),
  );
  check(removed, missing);
  await forgetBrokerClients(db, remove);
  return { added: add.length, changed: change.length, removed: remove.length };
}

/** The gateway's user name and password, from `MQTT_URL`. */
function gatewayOf(url: string | undefined) {
  if (!url) return null;
  const { username, password } = new URL(url);
  return username ? { username: decodeURIComponent(username), password: decodeURIComponent(password) } : null;
}

export const BROKER_SYNC_JOB = 'iot.mqtt.brokerSync';

/** Each minute, on one worker: nothing unless `MQTT_ADMIN_URL` names the broker's dynamic security administrator. */
export const brokerSyncJob = defineJob({
  kind: BROKER_SYNC_JOB,
  maxAttempts: 1,
  async run(_job, { db, log, config }) {
    if (!config.MQTT_ADMIN_URL) return;
    const control = await DynsecControl.connect(config.MQTT_ADMIN_URL);
    try {
      const outcome = await syncBroker(db.kysely, control, gatewayOf(config.MQTT_URL));
      if (outcome.added + outcome.changed + outcome.removed > 0)
        log.info(outcome, 'the broker’s device clients were synced');
    } finally {
      await control.close();
    }
  },
});

export const brokerSyncSchedules: Schedule[] = [{ kind: BROKER_SYNC_JOB, cron: '* * * * *' }];
