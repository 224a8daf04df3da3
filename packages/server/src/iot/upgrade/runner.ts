import { buffer } from 'node:stream/consumers';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { GatewayService } from '../../platform/feature.ts';
import { fileStoresOf } from '../../platform/files/stores.ts';
import { AppError } from '../../platform/http/errors.ts';
import { acceptedDtuParams } from '../config/repository.ts';
import { DEFAULT_COMMAND_PASSWORD } from '../gateway/at-commands.ts';
import { LinkedDevicesRunner } from '../gateway/linked-runner.ts';
import { type DeviceLink, linksFor } from '../gateway/links.ts';
import { gatewayNodeFor } from '../gateway/node.ts';
import { type DeviceOutcome, recordReport } from './repository.ts';
import {
  claimDevice,
  finishAndSettle,
  recordProgress,
  releaseClaimedBy,
  releaseLapsed,
  settleJob,
  timeOut,
  unreportedAmong,
  waveRoom,
  workAmong,
} from './runner-repository.ts';

export interface UpgradeRunnerOptions {
  /** How often the devices connected here are checked for a transfer to start or resume. */
  everyMs: number;
  /** How long a process holds a transfer without progress; one that died holding it is released after that. */
  claimMs: number;
  /** A device upgrading with no progress for this long fails (it can be retried). */
  timeoutMs: number;
  /** Bytes per chunk. */
  chunkSize: number;
}

export const UPGRADE_RUNNER_DEFAULTS: UpgradeRunnerOptions = {
  everyMs: 2000,
  claimMs: 60_000,
  timeoutMs: 10 * 60_000,
  chunkSize: 4096,
};

type Work = Awaited<ReturnType<typeof workAmong>>[number];

/** A DTU verified the image and restarts into it (dtu-ota.ts): it stays upgrading until it says its version. */
const RESTARTING = 'upgrade.restarting';

/**
 * Sends firmware to the devices whose links this gateway process holds (decision 0064), on the
 * shared runner of work that waits for a device (like configuration, decision 0062): each device's
 * transfer is claimed in the database, so one process sends it; every acknowledged chunk is written
 * down, so a transfer cut by a disconnection or a restart resumes from there; a device with no
 * progress for `timeoutMs` fails with the reason.
 */
export class UpgradeRunner extends LinkedDevicesRunner {
  readonly #db: Db;
  readonly #node: string;
  readonly #config: Config;
  readonly #options: UpgradeRunnerOptions;
  /** Devices whose transfer runs here now. */
  readonly #sending = new Set<number>();
  /** Links already asked which firmware they run (a DTU is asked once per connection). */
  readonly #asked = new WeakSet<DeviceLink>();

  constructor(db: Db, node: string, config: Config, log: Logger, options: UpgradeRunnerOptions) {
    super(linksFor(db), log, options.everyMs);
    this.#db = db;
    this.#node = node;
    this.#config = config;
    this.#options = options;
  }

  /** What this process's name was sending when it last stopped (a crash) resumes. */
  protected recover(): Promise<void> {
    return releaseClaimedBy(this.#db.kysely, this.#node);
  }

  protected async before(now: number): Promise<void> {
    const db = this.#db.kysely;
    await releaseLapsed(db, now);
    const minutes = Math.max(1, Math.round(this.#options.timeoutMs / 60_000));
    for (const jobId of await timeOut(db, now - this.#options.timeoutMs, minutes, now)) await settleJob(db, jobId, now);
  }

  protected override wants(link: DeviceLink): boolean {
    return !!link.upgrade;
  }

  protected async among(ids: number[], now: number): Promise<void> {
    const db = this.#db.kysely;
    await this.#askFirmware(ids);
    const works = await workAmong(db, ids);
    // Waiting devices start only into the room their job's wave has: not one claim per waiting device.
    const room = await waveRoom(
      db,
      new Map(works.filter((w) => w.state === 'pending').map((w) => [Number(w.job_id), Number(w.wave_size)])),
    );
    for (const work of works) {
      const deviceId = Number(work.device_id);
      if (this.#sending.has(deviceId)) continue;
      const key = {
        jobId: Number(work.job_id),
        deviceId,
        from: work.state === 'pending' ? ('pending' as const) : ('upgrading' as const),
        waveSize: Number(work.wave_size),
      };
      const left = room.get(key.jobId) ?? 0;
      if (key.from === 'pending' && left <= 0) continue;
      if (!(await claimDevice(db, key, this.#node, now, now + this.#options.claimMs))) continue;
      if (key.from === 'pending') room.set(key.jobId, left - 1);
      this.#sending.add(deviceId);
      this.track(
        this.#send(work).finally(() => {
          this.#sending.delete(deviceId);
          // The next device of the wave starts now rather than at the next look.
          this.kick();
        }),
      );
    }
  }

  async #send(work: Work): Promise<void> {
    const db = this.#db.kysely;
    const key = { jobId: Number(work.job_id), deviceId: Number(work.device_id) };
    const finish = (outcome: DeviceOutcome) => finishAndSettle(db, key, this.#node, outcome, Date.now());
    const failed = (error: AppError): DeviceOutcome => ({
      state: 'failed',
      reasonKey: error.key,
      reasonParams: JSON.stringify(error.params),
    });
    try {
      const link = this.links.get(key.deviceId);
      if (!link?.upgrade) throw new AppError(409, 'upgrade.failed.offline');
      const bytes = await this.#bytes(work);
      const chunks = Math.ceil(bytes.length / this.#options.chunkSize);
      const version = await link.upgrade({
        id: `${key.jobId}-${key.deviceId}`,
        commandPassword: link.reportFirmware ? await this.#commandPassword(key.deviceId) : undefined,
        verified: work.reason_key === RESTARTING,
        onReport: (report) => recordReport(db, key.deviceId, report, Date.now()),
        version: work.version,
        bytes,
        sha256: work.sha256,
        chunkSize: this.#options.chunkSize,
        from: Number(work.acked_chunks),
        onAck: async (acked) => {
          const now = Date.now();
          // Below 100 until the device reports the new version.
          const percent = Math.min(99, Math.floor((acked * 100) / chunks));
          await recordProgress(db, key, this.#node, { acked, percent, now, until: now + this.#options.claimMs });
        },
      });
      if (version !== work.version) {
        await finish(failed(new AppError(502, 'upgrade.failed.version', { params: { version } })));
      } else {
        await finish({ state: 'success', reasonKey: null, reasonParams: null });
        this.log.info(key, 'device upgraded');
      }
    } catch (error) {
      const reason = error instanceof AppError ? error : new AppError(502, 'upgrade.failed.firmwareMissing');
      if (!(error instanceof AppError)) this.log.warn({ ...key, err: error }, 'upgrade failed');
      // A device that dropped mid-way stays upgrading and resumes when it is back (or times out);
      // a DTU restarting into the verified image is asked its version when it is back.
      const offline = reason.key === 'upgrade.failed.offline' || reason.key === 'gateway.offline';
      // One that verified stays so while it is away: the image it holds is not sent again.
      const restarting = reason.key === RESTARTING || (offline && work.reason_key === RESTARTING);
      const outcome: DeviceOutcome =
        offline || restarting
          ? { state: 'upgrading', reasonKey: restarting ? RESTARTING : 'upgrade.failed.offline', reasonParams: null }
          : failed(reason);
      await finish(outcome).catch((e: unknown) => this.log.warn({ ...key, err: e }, 'upgrade outcome not recorded'));
    }
  }

  /**
   * Devices that report their firmware only when asked (DTUs: `AT+VER`) and never did are asked once
   * per connection, so that a job can check their series and model.
   */
  async #askFirmware(ids: number[]): Promise<void> {
    const asking = ids.filter((id) => {
      const link = this.links.get(id);
      return link?.reportFirmware && !this.#asked.has(link);
    });
    for (const deviceId of await unreportedAmong(this.#db.kysely, asking)) {
      const link = this.links.get(deviceId);
      if (!link?.reportFirmware || this.#asked.has(link)) continue;
      this.#asked.add(link);
      const password = await this.#commandPassword(deviceId);
      this.track(
        link
          .reportFirmware(password)
          .then((report) => recordReport(this.#db.kysely, deviceId, report, Date.now()))
          .catch((error: unknown) =>
            this.log.info({ deviceId, err: error }, 'the DTU did not say which firmware it runs'),
          ),
      );
    }
  }

  /** The password the DTU last accepted a configuration with, else the factory one. */
  async #commandPassword(deviceId: number): Promise<string> {
    const params = await acceptedDtuParams(this.#db.kysely, deviceId);
    const password = params ? (JSON.parse(params) as { commandPassword?: unknown }).commandPassword : undefined;
    return typeof password === 'string' && password ? password : DEFAULT_COMMAND_PASSWORD;
  }

  async #bytes(work: Work): Promise<Buffer> {
    const store = fileStoresOf(this.#config).byChannel(work.channel);
    if (!store) throw new AppError(502, 'upgrade.failed.firmwareMissing');
    const bytes = await buffer(await store.get(work.storage_key));
    if (bytes.length !== Number(work.size)) throw new AppError(502, 'upgrade.failed.firmwareMissing');
    return bytes;
  }
}

const runners = new WeakMap<Db, UpgradeRunner>();

/** The runner of the gateway process holding this database handle, if one runs here: the API kicks it after starting a job. */
export function upgradeRunnerOf(db: Db): UpgradeRunner | undefined {
  return runners.get(db);
}

/** Starts a runner for this handle (the gateway service, and tests). */
export async function startUpgradeRunner(
  db: Db,
  node: string,
  config: Config,
  log: Logger,
  options: UpgradeRunnerOptions = UPGRADE_RUNNER_DEFAULTS,
): Promise<UpgradeRunner> {
  const runner = new UpgradeRunner(db, node, config, log.child({ area: 'upgrade' }), options);
  runners.set(db, runner);
  await runner.start();
  return runner;
}

/** Firmware upgrades in a gateway process: sends what waits for the devices connected here. */
export const upgradeService: GatewayService = {
  name: 'upgrade',
  async start({ config, db, log }) {
    const runner = await startUpgradeRunner(db, gatewayNodeFor(db, config, log).name, config, log);
    return {
      async stop() {
        runners.delete(db);
        await runner.stop();
      },
    };
  },
};
