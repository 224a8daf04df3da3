import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { GatewayService } from '../../platform/feature.ts';
import { telemetryFor } from '../telemetry/index.ts';
import { releaseHeldLinks } from '../telemetry/jobs.ts';
import { endNode, nodeInstance, renewNode, takeNode } from '../telemetry/leases-repository.ts';
import type { Telemetry } from '../telemetry/types.ts';
import { commandsFor } from './commands.ts';
import { linksFor } from './links.ts';

/** What the DTU port and the MQTT broker need of their process's lease: its name, and when the devices of its previous run are released. */
export interface LinkHolder {
  readonly name: string;
  /** Resolves once the links of this name's previous run are released: a connection announces itself online only after it. */
  readonly ready: Promise<void>;
}

export interface LeaseOptions {
  /** How long a renewal keeps the process alive in others' eyes; renewed every quarter of it. */
  leaseMs: number;
  /** Links released per transaction. */
  batch: number;
}

export const LEASE_DEFAULTS: LeaseOptions = { leaseMs: 60_000, batch: 500 };

/**
 * This gateway process as the database knows it (decision 0048): one `gateway_nodes` row under a
 * stable name, renewed every quarter of the lease, whatever the number of devices. Started after
 * the listeners are bound (so that a second process with the same name fails on its port before
 * it touches anything), it releases the links its name held in the previous run, which a crash
 * left behind: each of those devices goes offline with "the cloud restarted".
 */
export class GatewayNode implements LinkHolder {
  readonly name: string;
  readonly instance = randomUUID();
  readonly ready: Promise<void>;
  #resolveReady: () => void = () => undefined;
  #timer: NodeJS.Timeout | undefined;
  #aliveUntil = 0;
  #warnedAt = 0;
  readonly #db: Db;
  readonly #log: Logger;
  readonly #telemetry: Telemetry;
  readonly #options: LeaseOptions;

  constructor(db: Db, name: string, telemetry: Telemetry, log: Logger, options: LeaseOptions = LEASE_DEFAULTS) {
    this.#db = db;
    this.name = name;
    this.#telemetry = telemetry;
    this.#log = log;
    this.#options = options;
    this.ready = new Promise((resolve) => {
      this.#resolveReady = resolve;
    });
  }

  async start(now = Date.now()): Promise<void> {
    const until = now + this.#options.leaseMs;
    const previous = await takeNode(this.#db.kysely, {
      name: this.name,
      instance: this.instance,
      started_at: now,
      alive_until: until,
    });
    this.#aliveUntil = until;
    if (previous && previous.alive_until >= now)
      this.#log.warn(
        { gateway: this.name, until: previous.alive_until },
        'gateway lease taken over before it ran out: normal after a crash; if another process still runs with this GATEWAY_ID, give each its own',
      );
    const released = await releaseHeldLinks(this.#db, this.name, now, this.#options.batch);
    this.#log.info({ gateway: this.name, released }, 'gateway lease taken; links of the previous run released');
    this.#resolveReady();
    this.#timer = setInterval(() => void this.renew(), this.#options.leaseMs / 4);
    this.#timer.unref();
  }

  /**
   * Keeps the lease alive. Late (the process stalled, or the database was away) it may have run
   * out and the offline job released its links: the links this process still holds are claimed
   * again, so that their devices come back online with a record.
   */
  async renew(now = Date.now()): Promise<void> {
    const until = now + this.#options.leaseMs;
    try {
      const lapsed = now > this.#aliveUntil;
      if (await renewNode(this.#db.kysely, this.name, this.instance, until)) {
        this.#aliveUntil = until;
        if (lapsed) await this.#reclaim(now);
        return;
      }
      if (await nodeInstance(this.#db.kysely, this.name)) {
        if (now - this.#warnedAt > 60_000) {
          this.#warnedAt = now;
          this.#log.error(
            { gateway: this.name },
            'another process took this gateway name: give each gateway process its own GATEWAY_ID',
          );
        }
        return;
      }
      await takeNode(this.#db.kysely, {
        name: this.name,
        instance: this.instance,
        started_at: now,
        alive_until: until,
      });
      this.#aliveUntil = until;
      await this.#reclaim(now);
    } catch (error) {
      this.#log.warn({ err: error, gateway: this.name }, 'gateway lease not renewed; trying again');
    }
  }

  async #reclaim(now: number): Promise<void> {
    let claimed = 0;
    for (const [deviceId, link] of linksFor(this.#db).entries()) {
      if (link.holder !== this.name || (link.transport !== 'tcp' && link.transport !== 'mqtt')) continue;
      await this.#telemetry.online(deviceId, now, link.transport, this.name);
      claimed++;
    }
    this.#log.warn({ gateway: this.name, claimed }, 'gateway lease had run out; links claimed again');
  }

  /**
   * The listeners are closing (a stop, or a start that failed before the lease was taken): nothing
   * may wait for the release any more, or their connections' offline records would never be written.
   */
  unblock(): void {
    this.#resolveReady();
  }

  /** A clean stop: the lease ends; the listeners give their links back as they close them. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#resolveReady();
    await endNode(this.#db.kysely, this.name, this.instance);
  }
}

/** The name of this process unless GATEWAY_ID gives one: the host and the DTU port, which no two live processes share. */
export function gatewayName(config: Config): string {
  if (config.GATEWAY_ID) return config.GATEWAY_ID;
  // A port of 0 is any free port (tests): no stable name, so the links of a previous run wait for its lease to run out.
  return `${hostname()}:${config.DTU_PORT || randomUUID().slice(0, 8)}`;
}

const nodes = new WeakMap<Db, GatewayNode>();

/** The gateway process of this database handle, made on first use; started by `leaseService`. */
export function gatewayNodeFor(db: Db, config: Config, log: Logger): GatewayNode {
  let node = nodes.get(db);
  if (!node) {
    node = new GatewayNode(db, gatewayName(config), telemetryFor(db, config, log), log.child({ area: 'lease' }));
    nodes.set(db, node);
  }
  return node;
}

/**
 * The lease of this gateway process. Listed after the listeners: started once their ports are
 * bound, stopped before they close (its row goes first; their links follow as they close).
 */
export const leaseService: GatewayService = {
  name: 'lease',
  async start({ config, db, log }) {
    const node = gatewayNodeFor(db, config, log);
    await node.start();
    // Commands for the devices this process holds, issued on other processes (decision 0076).
    const commands = commandsFor(db, log);
    await commands.serve(node.name);
    return {
      async stop() {
        nodes.delete(db);
        await commands.close();
        await node.stop();
      },
    };
  },
};
