import type { Db } from '../../platform/db/database.ts';
import { toBool } from '../../platform/db/sql.ts';
import { type DevicePoints, devicePoints, NO_POINTS } from './decode.ts';
import { findDeviceBySn, findDeviceByTokenHash, type IngestDeviceRow, pointsOfTemplate } from './repository.ts';

/** A device as ingest knows it: who it is, whether it may send, and its points by name. */
export interface KnownDevice {
  id: number;
  sn: string | null;
  password: string | null;
  enabled: boolean;
  protocol: string;
  points: DevicePoints;
}

/** How long a device and its template's points are trusted before they are read again. */
export const DIRECTORY_TTL_MS = 30_000;
/** Bounds the memory a flood of unknown SNs can take: the oldest entries go first. */
const MAX_ENTRIES = 200_000;

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

/**
 * Devices by SN and by ingest token, with their template's points, read once and kept for
 * `ttlMs`: the broker path maps names to point ids without a query per message. A connect reads
 * the device afresh, so a changed password or a disabled device takes effect at the next connect;
 * a changed template within the TTL.
 */
export class DeviceDirectory {
  readonly #db: Db;
  readonly #ttlMs: number;
  readonly #devices = new Map<string, Entry<KnownDevice | undefined>>();
  readonly #templates = new Map<number, Entry<DevicePoints>>();

  constructor(db: Db, ttlMs = DIRECTORY_TTL_MS) {
    this.#db = db;
    this.#ttlMs = ttlMs;
  }

  bySn(sn: string, fresh = false): Promise<KnownDevice | undefined> {
    return this.#cached(this.#devices, `sn:${sn}`, fresh, async () =>
      this.#known(await findDeviceBySn(this.#db.kysely, sn)),
    );
  }

  byToken(hash: string): Promise<KnownDevice | undefined> {
    return this.#cached(this.#devices, `token:${hash}`, false, async () =>
      this.#known(await findDeviceByTokenHash(this.#db.kysely, hash)),
    );
  }

  /** Forgets every device and template read, e.g. when a token is replaced. */
  clear(): void {
    this.#devices.clear();
    this.#templates.clear();
  }

  async #known(row: IngestDeviceRow | undefined): Promise<KnownDevice | undefined> {
    if (!row) return undefined;
    const points = row.template_id === null ? NO_POINTS : await this.#points(row.template_id);
    return {
      id: row.id,
      sn: row.sn,
      password: row.comm_password,
      enabled: toBool(row.enabled),
      protocol: row.protocol,
      points,
    };
  }

  #points(templateId: number): Promise<DevicePoints> {
    return this.#cached(this.#templates, templateId, false, async () => {
      const rows = await pointsOfTemplate(this.#db.kysely, templateId);
      return devicePoints(rows.map((r) => ({ id: r.id, name: r.name, dataType: r.data_type, precision: r.precision })));
    });
  }

  /** One read per key at a time: a burst of messages from a device not yet known waits for the same read. */
  #cached<K, T>(map: Map<K, Entry<T>>, key: K, fresh: boolean, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const entry = map.get(key);
    if (entry && !fresh && now - entry.at < this.#ttlMs) return entry.value;
    const value = load();
    map.delete(key);
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as K);
    map.set(key, { at: now, value });
    value.catch(() => map.delete(key));
    return value;
  }
}

const byDb = new WeakMap<Db, DeviceDirectory>();

/** The directory of the process that holds this database handle: the broker and the ingest route share it. */
export function directoryFor(db: Db): DeviceDirectory {
  let directory = byDb.get(db);
  if (!directory) {
    directory = new DeviceDirectory(db);
    byDb.set(db, directory);
  }
  return directory;
}
