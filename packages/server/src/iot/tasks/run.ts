import type { RunOutcome, TaskValue } from '@meridian/contracts';
import type { Insertable } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { fromJson, toBool, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Cleanup } from '../../platform/jobs/cleanup.ts';
import { defineJob } from '../../platform/jobs/types.ts';
import { DAY } from '../../platform/time.ts';
import { reachDevice } from '../gateway/commands.ts';
import { templatePoints } from '../gateway/repository.ts';
import { gatewayPoint } from '../gateway/values.ts';
import { checkedRaw } from '../gateway/write-rules.ts';
import type { Detail } from './records.ts';
import { keepRecoveries, removeExpiredRecoveries } from './recovery-repository.ts';
import * as repo from './repository.ts';
import { firingAfter } from './schedule.ts';
import { enqueueFiring, TASK_RUN_JOB, timingOf } from './service.ts';
import type { TimedTaskRecordsTable, TimedTaskRow } from './tables.ts';

/** A run that starts later than this after its firing was missed (the server was down): the task's rule decides. */
export const MISSED_AFTER_MS = 30_000;

interface Firing {
  taskId: number;
  at: number;
}

/** The spec's outcome for what the device link answered (spec section 8). */
function outcomeOf(error: unknown): { outcome: RunOutcome; detail: Detail } {
  if (!(error instanceof AppError)) return { outcome: 'failed', detail: { key: String(error) } };
  const rule = error.rules[0];
  if (rule)
    return {
      outcome: 'formatError',
      detail: { key: rule.key, ...(rule.params ? { params: rule.params as Detail['params'] } : {}) },
    };
  const detail: Detail = { key: error.key, params: error.params as Detail['params'] };
  switch (error.key) {
    case 'gateway.command.noReply':
    case 'mqtt.command.noReply':
      return { outcome: 'noReply', detail };
    case 'gateway.command.errorReply':
      return { outcome: 'errorReply', detail };
    case 'gateway.command.formatError':
    case 'mqtt.command.format':
      return { outcome: 'formatError', detail };
    case 'gateway.offline':
    case 'mqtt.command.disconnected':
      return { outcome: 'offline', detail };
    default:
      return { outcome: 'failed', detail };
  }
}

const shown = (value: TaskValue) => (typeof value === 'boolean' ? (value ? '1' : '0') : String(value));

/**
 * Carries out the firing of a task due at `at`, once: it takes the firing by moving the task on to
 * its next one (and enqueues that one's job) in one transaction, then writes every target through
 * the device's link, a device's points one after another, devices side by side. A firing found
 * more than `MISSED_AFTER_MS` late follows the task's rule: skipped, or run once now.
 */
export async function runFiring(db: Db, log: Logger, firing: Firing, clock = Date.now()): Promise<void> {
  const task = await repo.taskForRun(db.kysely, firing.taskId);
  if (task?.state !== 'active' || Number(task.next_run_at) !== firing.at) return;
  const late = clock - firing.at > MISSED_AFTER_MS;
  const next = firingAfter(timingOf(task), Math.max(clock, firing.at));
  const owner = { task_id: Number(task.id), task_name: task.name, owner_id: Number(task.owner_id) };
  const logLine = (action: 'skipped' | 'ended', reason: string | null, params: Record<string, string> | null) =>
    repo.insertLog(db.kysely, { ...owner, at: clock, action, reason, params: params && toJson(params), by_user: null });

  const claimed = await db.kysely.transaction().execute(async (trx) => {
    if (!(await repo.claimFiring(trx, Number(task.id), firing.at, next, clock))) return false;
    if (next !== null) await enqueueFiring(trx, Number(task.id), next, Number(task.updated_at));
    return true;
  });
  if (!claimed) return;
  const time = String(firing.at);
  if (late && task.missed === 'skip') await logLine('skipped', 'timedTask.log.skippedMissed', { time });
  else {
    if (late) await logLine('skipped', 'timedTask.log.ranLate', { time });
    const written = await writeTargets(db, log, task, firing.at, late, clock);
    if (task.missed === 'runOnce') await keepForOffline(db, task, firing.at, written, clock);
  }
  if (next === null) await logLine('ended', null, null);
}

/** A run kept for a device that was offline is written within this long of its firing, or not at all. */
export const RECOVERY_WINDOW_MS = DAY;

/**
 * Under "run once on recovery", the devices a run found offline each keep one run, written when
 * they are connected again (`recovery.ts`); the log says so once per device, not at every firing.
 */
async function keepForOffline(db: Db, task: TimedTaskRow, dueAt: number, written: Written, clock: number) {
  const offline = [...new Set(written.rows.filter((r) => r.outcome === 'offline').map((r) => r.device_id))];
  const fresh = await keepRecoveries(db.kysely, Number(task.id), offline, dueAt, dueAt + RECOVERY_WINDOW_MS);
  if (!fresh.length) return;
  await repo.insertLog(db.kysely, {
    task_id: Number(task.id),
    task_name: task.name,
    owner_id: Number(task.owner_id),
    at: clock,
    action: 'waiting',
    reason: 'timedTask.log.waitingForDevice',
    params: toJson({ time: String(dueAt), devices: fresh.map((id) => written.names.get(id) ?? `#${id}`).join(', ') }),
    by_user: null,
  });
}

export interface Written {
  rows: Insertable<TimedTaskRecordsTable>[];
  /** The names of the devices written, by id. */
  names: Map<number, string>;
}

/**
 * Writes the task's targets (those of one device when `only` is given), records each write's
 * outcome and counts them into the task's totals.
 */
export async function writeTargets(
  db: Db,
  log: Logger,
  task: TimedTaskRow,
  dueAt: number,
  late: boolean,
  clock: number,
  only?: number,
): Promise<Written> {
  const targets = (await repo.targetsOf(db.kysely, [Number(task.id)])).filter(
    (t) => only === undefined || Number(t.device_id) === only,
  );
  const devices = new Map(
    (await repo.devicesForRun(db.kysely, [...new Set(targets.map((t) => Number(t.device_id)))])).map((d) => [
      Number(d.id),
      d,
    ]),
  );
  const off = [...devices.values()].filter((d) => !toBool(d.cloud_config));
  if (off.length) await logCloudOff(db, task, dueAt, off.map((d) => d.name).join(', '), clock);
  const pointsOf = new Map<number, ReturnType<typeof templatePoints>>();
  const byDevice = Map.groupBy(
    targets.filter((t) => toBool(devices.get(Number(t.device_id))?.cloud_config)),
    (t) => Number(t.device_id),
  );
  const records = await Promise.all(
    [...byDevice].map(async ([deviceId, writes]) => {
      const device = devices.get(deviceId);
      const templateId = device?.template_id == null ? null : Number(device.template_id);
      if (templateId !== null && !pointsOf.has(templateId))
        pointsOf.set(templateId, templatePoints(db.kysely, templateId));
      const points = templateId === null ? [] : await (pointsOf.get(templateId) as ReturnType<typeof templatePoints>);
      const done: Insertable<TimedTaskRecordsTable>[] = [];
      for (const target of writes) {
        const value = fromJson<TaskValue>(target.value);
        const source = points.find((p) => p.id === Number(target.point_id));
        let result: { outcome: RunOutcome; detail: Detail | null };
        try {
          if (!source) throw new AppError(400, 'gateway.command.formatError');
          const point = gatewayPoint(source);
          const raw = checkedRaw(point, value);
          const link = await reachDevice(db, deviceId, log);
          if (!link) throw new AppError(409, 'gateway.offline');
          await link.write(point.id, raw);
          result = { outcome: 'success', detail: null };
        } catch (error) {
          result = outcomeOf(error);
          if (!(error instanceof AppError))
            log.warn({ err: error, taskId: task.id, deviceId }, 'tasks: a write failed');
        }
        done.push({
          task_id: Number(task.id),
          task_name: task.name,
          owner_id: Number(task.owner_id),
          device_id: deviceId,
          point_id: Number(target.point_id),
          point_name: target.point_name ?? source?.name ?? `#${target.point_id}`,
          value: shown(value),
          due_at: dueAt,
          ran_at: Date.now(),
          late,
          outcome: result.outcome,
          detail: result.detail && toJson(result.detail),
        });
      }
      return done;
    }),
  );
  const rows = records.flat();
  await repo.insertRecords(db.kysely, rows);
  if (rows.length) {
    const failures = rows.filter((r) => r.outcome !== 'success').length;
    const last = rows.find((r) => r.outcome !== 'success')?.outcome ?? 'success';
    await repo.countRun(db.kysely, Number(task.id), rows.length, failures, last);
  }
  return { rows, names: new Map([...devices.values()].map((d) => [Number(d.id), d.name])) };
}

/**
 * Says once that cloud configuration is off on some of the task's devices: a one-second task would
 * otherwise add a line a second. A new line comes when the devices change or something else was logged.
 */
async function logCloudOff(db: Db, task: TimedTaskRow, dueAt: number, devices: string, clock: number) {
  const last = await repo.lastLog(db.kysely, Number(task.id));
  const params = last?.params ? fromJson<Record<string, string>>(last.params) : null;
  if (last?.reason === 'timedTask.log.skippedCloudOff' && params?.devices === devices) return;
  await repo.insertLog(db.kysely, {
    task_id: Number(task.id),
    task_name: task.name,
    owner_id: Number(task.owner_id),
    at: clock,
    action: 'skipped',
    reason: 'timedTask.log.skippedCloudOff',
    params: toJson({ time: String(dueAt), devices }),
    by_user: null,
  });
}

/** The firing of a timed task, enqueued by the task itself (add, edit, resume, and each run for the next). */
export const taskRunJob = defineJob<Firing>({
  kind: TASK_RUN_JOB,
  maxAttempts: 3,
  run: (job, ctx) => runFiring(ctx.db, ctx.log, job.payload),
});

/** Execution Record and Log are kept 90 days, then go in the nightly cleanup. */
export const taskRecordsCleanup: Cleanup = {
  name: 'timed task records',
  run: async (db, at) =>
    (await repo.removeBefore(db.kysely, at - 90 * DAY)) + (await removeExpiredRecoveries(db.kysely, at)),
};
