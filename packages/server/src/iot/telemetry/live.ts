import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { latestSince } from './repository.ts';

/** What a subscriber of a device hears: new values (by point id), or a change of its status. */
export type LiveUpdate =
  | { type: 'data'; deviceId: number; at: number; values: Record<string, number | string | boolean> }
  | {
      type: 'status';
      deviceId: number;
      at: number;
      status: 'online' | 'offline' | 'alarm' | 'fault';
      reason: string | null;
    };

export type LiveListener = (update: LiveUpdate) => void;

/** The channel of PostgreSQL NOTIFY that tells other nodes a device has new values. */
export const LIVE_CHANNEL = 'telemetry_live';
/** NOTIFY refuses payloads of 8000 bytes or more: notices are cut well below it. */
const MAX_NOTICE = 7000;

/**
 * The live updates of one process (one per Db): the telemetry writer publishes what it committed,
 * sockets subscribe per device. On PostgreSQL the writer also NOTIFYs the device ids and times, so
 * that a socket held by another node reads the latest values and hears them too.
 */
export class LiveHub {
  readonly node = randomUUID();
  readonly #listeners = new Map<number, Set<LiveListener>>();
  #remote: pg.Client | undefined;
  #listening: Promise<void> | undefined;
  #closed = false;

  readonly db: Db;
  readonly databaseUrl: string;
  readonly log: Logger;

  constructor(db: Db, databaseUrl: string, log: Logger) {
    this.db = db;
    this.databaseUrl = databaseUrl;
    this.log = log;
  }

  subscribe(deviceId: number, listener: LiveListener): () => void {
    let set = this.#listeners.get(deviceId);
    if (!set) {
      set = new Set();
      this.#listeners.set(deviceId, set);
    }
    set.add(listener);
    this.#listenRemote();
    return () => {
      const current = this.#listeners.get(deviceId);
      current?.delete(listener);
      if (current?.size === 0) this.#listeners.delete(deviceId);
    };
  }

  watched(deviceId: number): boolean {
    return this.#listeners.has(deviceId);
  }

  publish(update: LiveUpdate): void {
    const set = this.#listeners.get(update.deviceId);
    if (!set) return;
    for (const listener of set) {
      try {
        listener(update);
      } catch (error) {
        this.log.warn({ err: error, deviceId: update.deviceId }, 'live: a subscriber failed');
      }
    }
  }

  /** The NOTIFY payloads that announce `devices` (id, time of its newest values) to other nodes. */
  notices(devices: ReadonlyMap<number, number>): string[] {
    const out: string[] = [];
    let list: number[] = [];
    let size = 0;
    for (const [id, at] of devices) {
      list.push(id, at);
      size += 32;
      if (size >= MAX_NOTICE - 100) {
        out.push(JSON.stringify({ n: this.node, d: list }));
        list = [];
        size = 0;
      }
    }
    if (list.length) out.push(JSON.stringify({ n: this.node, d: list }));
    return out;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listeners.clear();
    if (hubs.get(this.db) === this) hubs.delete(this.db);
    const client = this.#remote;
    this.#remote = undefined;
    await client?.end().catch((error: unknown) => this.log.warn({ err: error }, 'live: closing LISTEN failed'));
  }

  /** One LISTEN connection per process, opened with the first subscriber, reopened after a loss. */
  #listenRemote(): void {
    if (this.db.engine !== 'postgres' || this.#remote || this.#closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    this.#remote = client;
    const lost = (error: unknown) => {
      if (this.#remote !== client) return;
      this.log.warn({ err: error }, 'live: LISTEN connection lost; reopening');
      this.#remote = undefined;
      client.end().catch(() => undefined);
      if (!this.#closed && this.#listeners.size > 0) setTimeout(() => this.#listenRemote(), 1000).unref();
    };
    client.on('error', lost);
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) this.#onNotice(message.payload);
    });
    this.#listening = client
      .connect()
      .then(() => client.query(`listen ${LIVE_CHANNEL}`))
      .then(() => undefined, lost);
  }

  /** Resolves once this node hears other nodes' notices (at once on SQLite, which has one node). */
  async listening(): Promise<void> {
    await this.#listening;
  }

  #onNotice(payload: string): void {
    let notice: { n?: string; d?: number[] };
    try {
      notice = JSON.parse(payload) as { n?: string; d?: number[] };
    } catch (error) {
      this.log.warn({ err: error }, 'live: unreadable notice');
      return;
    }
    if (notice.n === this.node || !Array.isArray(notice.d)) return;
    const watched = new Map<number, number>();
    for (let i = 0; i + 1 < notice.d.length; i += 2) {
      const deviceId = Number(notice.d[i]);
      if (this.watched(deviceId)) watched.set(deviceId, Number(notice.d[i + 1]));
    }
    if (watched.size === 0) return;
    this.#readAndPublish(watched).catch((error: unknown) =>
      this.log.warn({ err: error, devices: watched.size }, 'live: reading the latest values failed'),
    );
  }

  /** One query for all the watched devices of a notice (up to ~240), then one update per device. */
  async #readAndPublish(devices: ReadonlyMap<number, number>): Promise<void> {
    const rows = await latestSince(this.db.kysely, devices);
    const values = new Map<number, Record<string, number | string>>();
    for (const row of rows) {
      const deviceId = Number(row.device_id);
      if (Number(row.ts) < (devices.get(deviceId) ?? Number.POSITIVE_INFINITY)) continue;
      const own = values.get(deviceId) ?? {};
      values.set(deviceId, own);
      own[row.point_id] = row.text ?? row.num ?? 0;
    }
    for (const [deviceId, own] of values)
      this.publish({ type: 'data', deviceId, at: devices.get(deviceId) ?? 0, values: own });
  }
}

const hubs = new WeakMap<Db, LiveHub>();

/** The live hub of the process that holds this database handle. */
export function liveFor(db: Db, databaseUrl: string, log: Logger): LiveHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new LiveHub(db, databaseUrl, log.child({ area: 'live' }));
    hubs.set(db, hub);
  }
  return hub;
}

/**
 * Tells whoever watches the device in this process that an alarm put it in "alarm" or took it out
 * of it: the connection changes come from the telemetry writer, these from the alarm engine.
 */
export function publishAlarmStatus(db: Db, deviceId: number, at: number, inAlarm: boolean): void {
  hubs.get(db)?.publish({ type: 'status', deviceId, at, status: inAlarm ? 'alarm' : 'online', reason: null });
}

/** Tells whoever watches these devices in this process that they went offline with `reason` (links released in bulk). */
export function publishOffline(db: Db, deviceIds: readonly number[], at: number, reason: string): void {
  const hub = hubs.get(db);
  for (const deviceId of deviceIds) hub?.publish({ type: 'status', deviceId, at, status: 'offline', reason });
}

/** Closes this database's live hub and its LISTEN connection, if one was made. */
export async function closeLive(db: Db): Promise<void> {
  await hubs.get(db)?.close();
}
