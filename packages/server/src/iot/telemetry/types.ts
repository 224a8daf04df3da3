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

/** Why a device went offline: the spec's "device actively disconnected from the cloud" and "device reported data timeout", and two of ours. */
export type OfflineReason = 'disconnected' | 'timeout' | 'replaced' | 'disabled';

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
  /** The device registered or sent data: online, with an online record when it was offline. */
  online(deviceId: number, at: number, via: Transport): Promise<void>;
  /** The connection dropped or the device stayed silent: offline, with the reason on the record. */
  offline(deviceId: number, at: number, reason: OfflineReason): Promise<void>;
  network(deviceId: number, stats: NetworkStats): Promise<void>;
  /** Writes what is buffered and stops accepting; called when the process stops. */
  close(): Promise<void>;
}
