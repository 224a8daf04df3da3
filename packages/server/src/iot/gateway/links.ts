import type { DtuParams } from '@meridian/contracts';
import type { Db } from '../../platform/db/database.ts';
import type { Transport } from '../telemetry/types.ts';

/**
 * A connected device, as the rest of the product reaches it: the DTU port and the MQTT broker
 * register one per device while it is connected, and the write and debugging calls find it here.
 */
export interface DeviceLink {
  readonly transport: Transport;
  /** The gateway process (its name) whose connection this is, holding the device's link lease; null where none is held here (an external broker's device). */
  readonly holder: string | null;
  /**
   * Writes a raw value (inverse formula already applied) to a data point, ahead of polling.
   * Rejects with an AppError carrying the spec's message: command format error, execution
   * failure, slave no reply, slave error reply.
   */
  write(pointId: number, raw: number | boolean | string): Promise<void>;
  /** Data Debugging: sends the bytes as they are and resolves with the raw reply; absent where the transport cannot. */
  debug?(payload: Buffer): Promise<Buffer>;
  /**
   * Remote configuration (docs/protocols/device-configuration.md): sends the parameters the way the
   * device takes them and resolves once it accepted them; rejects with an AppError whose message
   * says why not (`config.failed.*`). Absent where the transport cannot be configured.
   */
  configure?(configuration: DeviceConfiguration): Promise<void>;
  /**
   * Firmware upgrade (docs/protocols/firmware-upgrade.md): sends the image in chunks from
   * `transfer.from`, reporting each acknowledged chunk, and resolves with the version the device
   * reports afterwards; rejects with an AppError (`upgrade.failed.*`). Absent where the transport cannot.
   */
  upgrade?(transfer: FirmwareTransfer): Promise<string>;
  /** Asks the device which firmware it runs (a DTU's `AT+VER`); absent where the device reports it by itself. */
  reportFirmware?(commandPassword: string): Promise<FirmwareReport>;
  /**
   * A request the device answers with a result, such as an edge gateway's ONVIF discovery on its
   * LAN (decision 0160); absent where the transport cannot carry one (only MQTT devices can).
   */
  ask?(request: DeviceRequest, timeoutMs?: number): Promise<unknown>;
  /** Closes the connection, e.g. when the device is disabled or deleted. */
  close(reason: string): void;
}

/** A request to a device: one key naming what is asked (`discover`, `onvif`), with its parameters. */
export type DeviceRequest = Record<string, unknown>;

/** What a configuration profile sends: a DTU's parameters, or an MQTT device's JSON document. */
export type DeviceConfiguration = { kind: 'dtu'; dtu: DtuParams } | { kind: 'mqtt'; document: Record<string, unknown> };

/** The series, model and version a device says it runs. */
export interface FirmwareReport {
  series: string;
  model: string;
  version: string;
}

/** One device's firmware transfer: resumable from the chunks it already acknowledged. */
export interface FirmwareTransfer {
  /** Names the transfer across reconnections and restarts, so that the device keeps what it received. */
  id: string;
  version: string;
  bytes: Buffer;
  sha256: string;
  chunkSize: number;
  /** Chunks acknowledged before: the transfer starts after them. */
  from: number;
  /** Called after each acknowledged chunk with how many are acknowledged in all. */
  onAck(acked: number): Promise<void>;
  /** A DTU's command password, before each network AT command. */
  commandPassword?: string;
  /** The device verified the image before (and restarted): only its version is asked for. */
  verified?: boolean;
  /** What the device reported it runs, asked on the link (a DTU's `AT+VER`); stored before the transfer goes on. */
  onReport?(report: FirmwareReport): Promise<void>;
}

/** The devices connected to this process, by device id; a second connection for a device replaces the first. */
export class DeviceLinks {
  readonly #links = new Map<number, DeviceLink>();

  get(deviceId: number): DeviceLink | undefined {
    return this.#links.get(deviceId);
  }

  /** Registers the link and returns the one it replaced, which the caller closes. */
  set(deviceId: number, link: DeviceLink): DeviceLink | undefined {
    const previous = this.#links.get(deviceId);
    this.#links.set(deviceId, link);
    return previous === link ? undefined : previous;
  }

  /** Forgets the link, unless a newer connection has already replaced it. */
  delete(deviceId: number, link: DeviceLink): void {
    if (this.#links.get(deviceId) === link) this.#links.delete(deviceId);
  }

  get size(): number {
    return this.#links.size;
  }

  entries(): IterableIterator<[number, DeviceLink]> {
    return this.#links.entries();
  }
}

const byDb = new WeakMap<Db, DeviceLinks>();

/** The links of the process that holds this database handle: the API and the gateway share one when they run together. */
export function linksFor(db: Db): DeviceLinks {
  let links = byDb.get(db);
  if (!links) {
    links = new DeviceLinks();
    byDb.set(db, links);
  }
  return links;
}
