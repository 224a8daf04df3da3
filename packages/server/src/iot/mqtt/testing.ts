import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import type { DeviceReadings, NetworkStats, OfflineReason, Telemetry, Transport } from '../telemetry/types.ts';
import { samplePoint } from '../templates/testing.ts';

let seq = 0;
export const PASSWORD = 'Pw123456';

/** A telemetry that remembers what it was told; `hold` keeps `record` pending until released. */
export class RecordingTelemetry implements Telemetry {
  readonly records: DeviceReadings[] = [];
  readonly online_: Array<{ deviceId: number; via: Transport }> = [];
  readonly offline_: Array<{ deviceId: number; reason: OfflineReason }> = [];
  readonly network_: Array<{ deviceId: number; stats: NetworkStats }> = [];
  hold = false;
  fail = false;
  readonly #held: Array<() => void> = [];

  record(batch: DeviceReadings): Promise<void> {
    if (this.fail) return Promise.reject(new Error('disk full'));
    if (!this.hold) {
      this.records.push(batch);
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.#held.push(() => {
        this.records.push(batch);
        resolve();
      }),
    );
  }
  /** Commits what is held. */
  release(): number {
    const n = this.#held.length;
    for (const commit of this.#held.splice(0)) commit();
    return n;
  }
  get heldCount(): number {
    return this.#held.length;
  }
  async online(deviceId: number, _at: number, via: Transport) {
    this.online_.push({ deviceId, via });
  }
  async offline(deviceId: number, _at: number, reason: OfflineReason) {
    this.offline_.push({ deviceId, reason });
  }
  async fault() {}
  async recovered() {}
  async network(deviceId: number, stats: NetworkStats) {
    this.network_.push({ deviceId, stats });
  }
  async close() {}
}

/** An MQTT template: Temperature (numeric, 1 decimal), Pump (switch, read-write), Label (text), Place (location). */
export interface MqttWorld {
  owner: Caller;
  templateId: number;
  points: { temperature: number; pump: number; label: number; place: number };
  /** An enabled MQTT device of the template; returns its id and SN. */
  addDevice(body?: Record<string, unknown>): Promise<{ id: number; sn: string }>;
}

export async function buildMqttWorld(t: TestApp): Promise<MqttWorld> {
  const owner = await mainAccount(t);
  const res = await owner.post('/iot/templates', {
    name: `MQTT meter ${++seq}`,
    protocol: 'mqttJson',
    slaves: [{ index: 1, name: 'Meter', address: 1 }],
    points: [
      samplePoint({
        name: 'Temperature',
        registerAddress: '0',
        variant: 'float32AbCd',
        registerLength: 2,
        precision: 1,
        storage: 'timed',
      }),
      samplePoint({
        name: 'Pump',
        registerType: 'coil',
        registerAddress: '1',
        dataType: 'switch',
        variant: 'bit',
        storage: 'timed',
      }),
      samplePoint({
        name: 'Label',
        registerAddress: '2',
        dataType: 'character',
        variant: 'string',
        registerLength: 8,
        storage: 'timed',
      }),
      samplePoint({
        name: 'Place',
        registerAddress: '20',
        dataType: 'location',
        variant: 'location30',
        registerLength: 15,
        storage: 'timed',
      }),
    ],
  });
  if (res.statusCode !== 200) throw new Error(`template not added: ${res.body}`);
  const created = res.json().data as { id: number; points: Array<{ id: number; name: string }> };
  const pointId = (name: string) => created.points.find((p) => p.name === name)?.id as number;
  return {
    owner,
    templateId: created.id,
    points: {
      temperature: pointId('Temperature'),
      pump: pointId('Pump'),
      label: pointId('Label'),
      place: pointId('Place'),
    },
    async addDevice(body = {}) {
      const sn = newSn();
      const id = await buildDevice(owner, {
        sn,
        protocol: 'mqttJson',
        templateId: created.id,
        commPassword: PASSWORD,
        enabled: true,
        ...body,
      });
      return { id, sn };
    },
  };
}

/** An MQTT device connection to 127.0.0.1:`port`; resolves when CONNACK says yes, rejects when refused. */
export function connectDevice(port: number, sn: string, options: IClientOptions = {}): Promise<MqttClient> {
  const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
    clientId: sn,
    username: sn,
    password: PASSWORD,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...options,
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
    client.once('close', () => reject(new Error('closed before connect')));
  });
}
