import { DEMO_DEVICES } from './demo.ts';
import { type DtuOptions, type Fault, SimulatedDtu } from './dtu.ts';
import { type MqttDeviceOptions, SimulatedMqttDevice } from './mqtt-device.ts';
import { type ProfileName, profile } from './profiles.ts';
import { ModbusSlave } from './slave.ts';
import { Stats, Ticker } from './stats.ts';

type DtuPlan = Omit<DtuOptions, 'stats' | 'ticker'>;
type MqttPlan = Omit<MqttDeviceOptions, 'stats' | 'ticker'>;

/**
 * Many simulated devices in one process: one event loop, one ticker for all heartbeats and
 * publications, and connections opened at a bounded rate so that the gateway sees a ramp rather
 * than ten thousand handshakes in the same millisecond.
 */
export class Fleet {
  readonly stats = new Stats();
  readonly ticker = new Ticker();
  readonly dtus: SimulatedDtu[] = [];
  readonly mqttDevices: SimulatedMqttDevice[] = [];
  #stopped = false;

  addDtu(plan: DtuPlan): SimulatedDtu {
    const dtu = new SimulatedDtu({ ...plan, stats: this.stats, ticker: this.ticker });
    this.dtus.push(dtu);
    return dtu;
  }

  addMqtt(plan: MqttPlan): SimulatedMqttDevice {
    const device = new SimulatedMqttDevice({ ...plan, stats: this.stats, ticker: this.ticker });
    this.mqttDevices.push(device);
    return device;
  }

  /** Starts every device, `perSecond` of them a second (in tenths of a second); resolves when all have been started. */
  async start(perSecond = 500): Promise<void> {
    const batch = Math.max(1, Math.ceil(perSecond / 10));
    const all: (SimulatedDtu | SimulatedMqttDevice)[] = [...this.dtus, ...this.mqttDevices];
    for (let i = 0; i < all.length && !this.#stopped; i += batch) {
      for (const device of all.slice(i, i + batch)) {
        // MQTT devices resolve when subscribed; the ramp does not wait for that, a broker that is down must not stall it.
        void device.start();
      }
      if (i + batch < all.length) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const dtu of this.dtus) dtu.stop();
    await Promise.all(this.mqttDevices.map((d) => d.stop()));
  }
}

/** SN `prefix` + the number, zero-padded to 20 characters. */
export function snFor(prefix: string, n: number): string {
  const digits = 20 - prefix.length;
  if (digits < 1) throw new Error('the SN prefix leaves no room for a number in 20 characters');
  return prefix + String(n).padStart(digits, '0');
}

/**
 * The `n`-th address of an IPv4 range `a.b.c.d/bits` (0: the range's first address), for DTUs that
 * each connect from an address of their own; throws when the range has no `n`-th address.
 */
export function addressIn(range: string, n: number): string {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(range);
  const octets = match?.slice(1, 5).map(Number) ?? [];
  const bits = Number(match?.[5]);
  if (!match || octets.some((o) => o > 255) || bits > 32)
    throw new Error(`--source-net: expected a.b.c.d/bits, not ${range}`);
  const size = 2 ** (32 - bits);
  if (n >= size) throw new Error(`--source-net: ${range} has ${size} addresses, too few for DTU number ${n}`);
  const base = octets.reduce((sum, o) => sum * 256 + o, 0);
  const at = base - (base % size) + n;
  return [24, 16, 8, 0].map((shift) => Math.floor(at / 2 ** shift) % 256).join('.');
}

export interface SyntheticPlan {
  host: string;
  port: number;
  dtus: number;
  snPrefix: string;
  /** The number of the first SN (default 1): several simulator processes share a fleet by ranges. */
  snStart?: number;
  /** An IPv4 range the DTUs connect from, DTU number n from its n-th address (e.g. 127.1.0.0/16). */
  sourceNet?: string;
  password: string;
  profile: ProfileName;
  points: number;
  slaves: number;
  framing: 'rtu' | 'tcp';
  faults: Partial<Record<Fault, number>>;
  heartbeatSeconds: number;
  registration?: { hex: string; everyPacket?: boolean };
  mqttUrl?: string;
  mqttDevices: number;
  mqttPrefix: string;
  interval: number;
  seed: number;
}

/** DTUs with `slaves` slaves of one profile each (addresses 1..slaves), and MQTT devices publishing the same profile. */
export function syntheticFleet(plan: SyntheticPlan): Fleet {
  const fleet = new Fleet();
  const signals = profile(plan.profile, plan.points);
  const first = plan.snStart ?? 1;
  for (let i = first; i < first + plan.dtus; i++) {
    const slaves = Array.from(
      { length: plan.slaves },
      (_, s) => new ModbusSlave(s + 1, signals, { seed: plan.seed + i * 257 + s }),
    );
    fleet.addDtu({
      host: plan.host,
      port: plan.port,
      sn: snFor(plan.snPrefix, i),
      password: plan.password,
      ...(plan.sourceNet ? { localAddress: addressIn(plan.sourceNet, i) } : {}),
      slaves,
      framing: plan.framing,
      faults: plan.faults,
      heartbeatSeconds: plan.heartbeatSeconds,
      registration: plan.registration,
    });
  }
  if (plan.mqttUrl) {
    for (let i = first; i < first + plan.mqttDevices; i++) {
      fleet.addMqtt({
        url: plan.mqttUrl,
        sn: snFor(plan.mqttPrefix, i),
        password: plan.password,
        values: new ModbusSlave(1, signals, { seed: plan.seed + 1_000_003 + i }),
        intervalSeconds: plan.interval,
      });
    }
  }
  return fleet;
}

/** The demo devices (demo.ts) against a gateway and a broker. */
export function demoFleet(gateway: { host: string; port: number }, mqttUrl: string): Fleet {
  const fleet = new Fleet();
  for (const d of DEMO_DEVICES) {
    const values = new ModbusSlave(1, profile(d.profile), { seed: Number(d.sn.slice(-4)) });
    if (d.protocol === 'mqttJson') {
      fleet.addMqtt({
        url: mqttUrl,
        sn: d.sn,
        password: d.password,
        values,
        intervalSeconds: d.interval,
        firmware: { ...d.firmware },
      });
    } else {
      fleet.addDtu({
        ...gateway,
        sn: d.sn,
        password: d.password,
        slaves: [values],
        heartbeatSeconds: 60,
        firmware: { ...d.firmware },
      });
    }
  }
  return fleet;
}
