import type { FaultReason, OfflineReason } from '@meridian/contracts';

export type { FaultReason, OfflineReason };

/**
 * What the device transports (the DTU port, MQTT, HTTP ingest) hand to telemetry, and what
 * telemetry promises back. Transports decode; telemetry stores, keeps the latest value, records
 * online and offline, and publishes live updates.
 */

/** One decoded value of a data point (precision and acquisition formula already applied). */
export interface PointReading {
  pointId: number;
  value: number | string | boolean | null;
}

/** The values one device reported at one moment (epoch milliseconds). */
export interface DeviceReadings {
  deviceId: number;
  at: number;
  readings: readonly PointReading[];
}

export type Transport = 'tcp' | 'mqtt' | 'http';

/**
 * What a device says about its link, where it says it (MQTT status messages, a DTU's reported values), and the bytes counted per connection.
 * `bytesIn`/`bytesOut` are the running totals of the device's current connection (report them as often as you like);
 * telemetry adds them to the device's totals when the connection ends (`offline`) or a smaller figure shows a new one.
 * A field left out keeps its last value.
 */
export interface NetworkStats {
  signal?: number;
  battery?: number;
  bytesIn?: number;
  bytesOut?: number;
}

export interface Telemetry {
  /**
   * Stores the readings by each point's storage rule (none, timed, on change beyond the
   * amplitude), updates the latest values, marks the device online if it was not, and publishes
   * a live update. Resolves once the values are committed: MQTT QoS 1 acknowledges after it.
   */
  record(batch: DeviceReadings): Promise<void>;
  /**
   * The device registered or sent data: online, with an online record when it was offline.
   * `holder`: the gateway process whose connection the device is on (its name), which then holds
   * the device's link lease; absent where no connection is held (HTTP, an external broker).
   */
  online(deviceId: number, at: number, via: Transport, holder?: string): Promise<void>;
  /**
   * The connection dropped or the device stayed silent: offline, with the reason on the record.
   * With `holder`, only while no other gateway process holds the device's link.
   */
  offline(deviceId: number, at: number, reason: OfflineReason, holder?: string): Promise<void>;
  /** The device is connected but its slaves do not answer: "fault", with a record; only from online or alarm. */
  fault(deviceId: number, at: number, reason: FaultReason, holder?: string): Promise<void>;
  /** Its slaves answer again: out of "fault" (into "alarm" while an alarm is active), with a record. */
  recovered(deviceId: number, at: number, holder?: string): Promise<void>;
  network(deviceId: number, stats: NetworkStats): Promise<void>;
  /** Writes what is buffered and stops accepting; called when the process stops. */
  close(): Promise<void>;
}
