import type { TaskLogAction } from '@meridian/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { toJson } from '../../platform/db/sql.ts';
import type { GatewayService } from '../../platform/feature.ts';
import { LinkedDevicesRunner } from '../gateway/linked-runner.ts';
import { type DeviceLinks, linksFor } from '../gateway/links.ts';
import { gatewayNodeFor } from '../gateway/node.ts';
import {
  claimRecovery,
  dropRecovery,
  type Recovery,
  recoveriesAmong,
  releaseClaimedBy,
  releaseRecovery,
} from './recovery-repository.ts';
import * as repo from './repository.ts';
import { writeTargets } from './run.ts';
import type { TimedTaskRow } from './tables.ts';

export interface RecoveryOptions {
  /** How often the devices connected here are checked for a kept run. */
  everyMs: number;
  /** How long a process holds a run it writes; one that died holding it is given back after that. */
  claimMs: number;
}

export const RECOVERY_DEFAULTS: RecoveryOptions = { everyMs: 2000, claimMs: 60_000 };

/**
 * Writes, once, the runs that timed tasks under "run once on recovery" kept for devices that were
 * offline at their firing (decision 0061), as soon as such a device is connected to this gateway
 * process: claimed in the database first, so that one process writes it. A run whose task was
 * paused meanwhile is dropped; one whose device came back more than a day late is dropped with a
 * log line; one whose device dropped again while it was written waits for the next return.
 */
export class TaskRecoveryRunner extends LinkedDevicesRunner {
  readonly #db: Db;
  readonly #node: string;
  readonly #options: RecoveryOptions;

  constructor(db: Db, node: string, links: DeviceLinks, log: Logger, options: RecoveryOptions) {
    super(links, log, options.everyMs);
    this.#db = db;
    this.#node = node;
    this.#options = options;
  }

  protected recover(): Promise<void> {
    return releaseClaimedBy(this.#db.kysely, this.#node);
  }

  protected async before(): Promise<void> {}

  protected async among(ids: number[], now: number): Promise<void> {
    for (const kept of await recoveriesAmong(this.#db.kysely, ids, now)) {
      if (await claimRecovery(this.#db.kysely, kept, this.#node, now, now + this.#options.claimMs))
        this.track(this.#write(kept));
    }
  }

  async #write(kept: Recovery): Promise<void> {
    const db = this.#db.kysely;
    try {
      // A deleted task took its kept runs with it.
      const task = await repo.taskForRun(db, kept.taskId);
      if (!task) return;
      if (task.state === 'paused') return await dropRecovery(db, kept);
      const [device] = await repo.devicesForRun(db, [kept.deviceId]);
      const params = { time: String(kept.dueAt), device: device?.name ?? `#${kept.deviceId}` };
      const now = Date.now();
      if (kept.expiresAt < now) {
        await dropRecovery(db, kept);
        return await this.#logLine(task, 'skipped', 'timedTask.log.recoveryExpired', params, now);
      }
      const written = await writeTargets(this.#db, this.log, task, kept.dueAt, true, now, kept.deviceId);
      if (written.rows.some((row) => row.outcome === 'offline')) return await releaseRecovery(db, kept);
      await dropRecovery(db, kept);
      await this.#logLine(task, 'recovered', 'timedTask.log.ranOnRecovery', params, now);
    } catch (error) {
      this.log.warn({ err: error, taskId: kept.taskId, deviceId: kept.deviceId }, 'tasks: a kept run failed');
      await releaseRecovery(db, kept).catch(() => undefined);
    }
  }

  #logLine(task: TimedTaskRow, action: TaskLogAction, reason: string, params: Record<string, string>, at: number) {
    return repo.insertLog(this.#db.kysely, {
      task_id: Number(task.id),
      task_name: task.name,
      owner_id: Number(task.owner_id),
      at,
      action,
      reason,
      params: toJson(params),
      by_user: null,
    });
  }
}

/** Starts a runner for this handle (the gateway service, and tests of the DTU port alone). */
export async function startTaskRecovery(
  db: Db,
  node: string,
  log: Logger,
  options: RecoveryOptions = RECOVERY_DEFAULTS,
): Promise<TaskRecoveryRunner> {
  const runner = new TaskRecoveryRunner(db, node, linksFor(db), log.child({ area: 'tasks' }), options);
  await runner.start();
  return runner;
}

/** Timed tasks in a gateway process: writes the runs kept for the devices connected here. */
export const taskRecoveryService: GatewayService = {
  name: 'tasks',
  async start({ config, db, log }) {
    const runner = await startTaskRecovery(db, gatewayNodeFor(db, config, log).name, log);
    return { stop: () => runner.stop() };
  },
};
