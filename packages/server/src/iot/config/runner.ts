import { type DtuParams, dtuParams, mqttParams } from '@meridian/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import type { GatewayService } from '../../platform/feature.ts';
import { AppError } from '../../platform/http/errors.ts';
import { LinkedDevicesRunner } from '../gateway/linked-runner.ts';
import { type DeviceConfiguration, type DeviceLink, type DeviceLinks, linksFor } from '../gateway/links.ts';
import { gatewayNodeFor } from '../gateway/node.ts';
import { findDtuById, packetTaken, saveDtuSettings } from '../gateway/repository.ts';
import { claimConfig, finishConfig, pendingAmong, requeueClaimedBy, requeueLapsed } from './repository.ts';

export interface ConfigRunnerOptions {
  /** How often the devices connected here are checked for a configuration to send. */
  everyMs: number;
  /** How long a process holds a configuration it sends; one that died holding it is requeued after that. */
  claimMs: number;
}

export const CONFIG_RUNNER_DEFAULTS: ConfigRunnerOptions = { everyMs: 2000, claimMs: 120_000 };

/**
 * Sends configurations to the devices whose links this gateway process holds (decision 0062): every
 * `everyMs`, and at once when this process queued them. A configuration is claimed in the database
 * first, so that of several gateway processes on one PostgreSQL exactly one sends it; a device that
 * is offline is not connected to any of them and keeps "to be configured" until it comes back.
 */
export class ConfigRunner extends LinkedDevicesRunner {
  readonly #db: Db;
  readonly #node: string;
  readonly #options: ConfigRunnerOptions;

  constructor(db: Db, node: string, links: DeviceLinks, log: Logger, options: ConfigRunnerOptions) {
    super(links, log, options.everyMs);
    this.#db = db;
    this.#node = node;
    this.#options = options;
  }

  protected recover(): Promise<void> {
    return requeueClaimedBy(this.#db.kysely, this.#node);
  }

  protected before(now: number): Promise<void> {
    return requeueLapsed(this.#db.kysely, now);
  }

  protected override wants(link: DeviceLink): boolean {
    return !!link.configure;
  }

  protected async among(ids: number[], now: number): Promise<void> {
    for (const row of await pendingAmong(this.#db.kysely, ids)) {
      const deviceId = Number(row.device_id);
      const requestedAt = Number(row.requested_at);
      if (!(await claimConfig(this.#db.kysely, deviceId, requestedAt, this.#node, now + this.#options.claimMs)))
        continue;
      this.track(this.#send(deviceId, requestedAt, row.kind, row.params));
    }
  }

  async #send(deviceId: number, requestedAt: number, kind: string, params: string): Promise<void> {
    const finish = (state: 'pending' | 'success' | 'failed', error?: AppError) =>
      finishConfig(this.#db.kysely, deviceId, requestedAt, {
        state,
        reasonKey: error?.key ?? null,
        reasonParams: error ? JSON.stringify(error.params) : null,
        at: Date.now(),
      });
    try {
      const link = this.links.get(deviceId);
      if (!link?.configure) return await finish('pending');
      const configuration = configurationOf(kind, params);
      await link.configure(configuration);
      if (configuration.kind === 'dtu') await this.#adopt(deviceId, configuration.dtu);
      await finish('success');
      this.log.info({ deviceId }, 'device configured');
    } catch (error) {
      const reason = error instanceof AppError ? error : new AppError(502, 'gateway.command.failed');
      if (!(error instanceof AppError)) this.log.warn({ deviceId, err: error }, 'configuration failed');
      // A device that dropped mid-way is configured again when it is back, with the reason meanwhile.
      const dropped = reason.key === 'config.failed.offline' || reason.key === 'gateway.offline';
      await finish(dropped ? 'pending' : 'failed', dropped ? new AppError(409, 'config.failed.offline') : reason).catch(
        (e: unknown) => this.log.warn({ deviceId, err: e }, 'configuration outcome not recorded'),
      );
    }
  }

  /** The cloud recognises the DTU's new heartbeat and registration packet from its next connection. */
  async #adopt(deviceId: number, dtu: DtuParams) {
    const db = this.#db.kysely;
    const current = await findDtuById(db, deviceId);
    const packet = dtu.registrationPacket ?? null;
    // Checked again here: another device may have taken the packet since the configuration was queued.
    if (packet && (await packetTaken(db, packet, deviceId))) throw new AppError(409, 'config.apply.packetTaken');
    await saveDtuSettings(db, deviceId, {
      registration_packet: packet,
      registration_mode: packet ? (current?.registration_mode ?? 'once') : 'once',
      heartbeat: dtu.heartbeat ?? null,
      merge_length: current?.merge_length ?? null,
    });
  }
}

/** The stored parameters as the link sends them. */
function configurationOf(kind: string, params: string): DeviceConfiguration {
  const value: unknown = JSON.parse(params);
  if (kind === 'dtu') return { kind: 'dtu', dtu: dtuParams.parse(value) };
  return { kind: 'mqtt', document: JSON.parse(mqttParams.parse(value).document) as Record<string, unknown> };
}

const runners = new WeakMap<Db, ConfigRunner>();

/** The runner of the gateway process holding this database handle, if one runs here: the API kicks it after queueing. */
export function configRunnerOf(db: Db): ConfigRunner | undefined {
  return runners.get(db);
}

/** Starts a runner for this handle (the gateway service, and tests of the DTU port alone). */
export async function startConfigRunner(
  db: Db,
  node: string,
  log: Logger,
  options: ConfigRunnerOptions = CONFIG_RUNNER_DEFAULTS,
): Promise<ConfigRunner> {
  const runner = new ConfigRunner(db, node, linksFor(db), log.child({ area: 'config' }), options);
  runners.set(db, runner);
  await runner.start();
  return runner;
}

/** Remote configuration in a gateway process: sends what waits for the devices connected here. */
export const configService: GatewayService = {
  name: 'config',
  async start({ config, db, log }) {
    const runner = await startConfigRunner(db, gatewayNodeFor(db, config, log).name, log);
    return {
      async stop() {
        runners.delete(db);
        await runner.stop();
      },
    };
  },
};
