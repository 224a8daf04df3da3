import {
  type Lang,
  type PageQuery,
  type TaskInput,
  type TaskQuery,
  type TaskSchedule,
  type TaskValue,
  type TaskView,
  type TimedTaskState,
  translate,
} from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson, now, toBool, toJson } from '../../platform/db/sql.ts';
import { AppError, type RuleBroken, rulesBroken } from '../../platform/http/errors.ts';
import { insertFiring } from '../../platform/jobs/repository.ts';
import { formatDateTime, isTimeZone, timeZone } from '../../platform/time.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { deviceFor } from '../devices/service.ts';
import { templatePoints } from '../gateway/repository.ts';
import { gatewayPoint } from '../gateway/values.ts';
import { checkedRaw } from '../gateway/write-rules.ts';
import { dropRecoveriesOf } from './recovery-repository.ts';
import * as repo from './repository.ts';
import { cronProblem, firingAfter, firstClash, type Timing } from './schedule.ts';
import type { TimedTaskRow } from './tables.ts';

export const TASK_RUN_JOB = 'iot.taskRun';
/** Transports that cannot take a write from the cloud: an HTTP device only posts (spec: "device type does not support ..."). */
const WRITELESS_PROTOCOLS = new Set(['httpJson']);

/** The job that carries out the firing due at `at`; its key differs per change of the task, so a resumed task always gets its job. */
export async function enqueueFiring(
  trx: Kysely<Database> | Transaction<Database>,
  taskId: number,
  at: number,
  version: number,
) {
  await insertFiring(trx, { kind: TASK_RUN_JOB, idName: 'taskId', id: taskId, at, version, maxAttempts: 3 });
}

export function timingOf(row: TimedTaskRow): Timing {
  return {
    schedule: fromJson<TaskSchedule>(row.schedule),
    startAt: Number(row.start_at),
    endAt: row.end_at === null ? null : Number(row.end_at),
    timeZone: row.time_zone,
  };
}

export function stateOf(row: Pick<TimedTaskRow, 'state' | 'start_at'>, at: number): TimedTaskState {
  if (row.state !== 'active') return row.state;
  return Number(row.start_at) > at ? 'waiting' : 'running';
}

function hhmm(times: readonly string[] | undefined) {
  return (times ?? []).join(', ');
}

export function scheduleText(row: TimedTaskRow, lang: Lang): string {
  const { schedule, startAt, timeZone: zone } = timingOf(row);
  switch (schedule.kind) {
    case 'once':
      return translate('timedTask.schedule.once', lang, { time: formatDateTime(startAt, zone) });
    case 'interval':
      return translate('timedTask.schedule.every', lang, {
        every: schedule.every ?? 1,
        unit: translate(`timedTask.unit.${schedule.unit ?? 'minutes'}`, lang),
      });
    case 'daily':
      return translate('timedTask.schedule.daily', lang, { times: hhmm(schedule.times) });
    case 'weekly': {
      const names = translate('timedTask.weekdays', lang).split(',');
      const days = [...(schedule.weekdays ?? [])].sort().map((d) => names[d]);
      return translate('timedTask.schedule.weekly', lang, {
        days: days.join(lang === 'en' ? ', ' : '、'),
        times: hhmm(schedule.times),
      });
    }
    default:
      return translate('timedTask.schedule.cronText', lang, { cron: schedule.cron ?? '' });
  }
}

function viewOf(row: TimedTaskRow, targets: readonly repo.TargetRow[], lang: Lang, at: number): TaskView {
  const off = [...new Set(targets.filter((t) => !toBool(t.cloud_config)).map((t) => t.device_name))];
  return {
    id: Number(row.id),
    name: row.name,
    schedule: fromJson<TaskSchedule>(row.schedule),
    scheduleText: scheduleText(row, lang),
    startAt: Number(row.start_at),
    endAt: row.end_at === null ? null : Number(row.end_at),
    timeZone: row.time_zone,
    missed: row.missed,
    state: stateOf(row, at),
    suspended:
      off.length && row.state !== 'ended' ? translate('timedTask.suspended', lang, { devices: off.join(', ') }) : null,
    nextRunAt: row.next_run_at === null ? null : Number(row.next_run_at),
    lastRunAt: row.last_run_at === null ? null : Number(row.last_run_at),
    lastOutcome: row.last_outcome,
    runs: Number(row.runs),
    failures: Number(row.failures),
    targets: targets.map((t) => ({
      deviceId: Number(t.device_id),
      deviceName: t.device_name,
      pointId: Number(t.point_id),
      pointName: t.point_name ?? `#${t.point_id}`,
      value: fromJson<TaskValue>(t.value),
    })),
    updatedAt: Number(row.updated_at),
  };
}

async function viewsOf(actor: Actor, rows: readonly TimedTaskRow[]): Promise<TaskView[]> {
  const targets = await repo.targetsOf(
    actor.db,
    rows.map((r) => Number(r.id)),
  );
  const at = now();
  return rows.map((row) =>
    viewOf(
      row,
      targets.filter((t) => Number(t.task_id) === Number(row.id)),
      actor.lang,
      at,
    ),
  );
}

/** Timed Tasks: the tasks whose every device the caller may see, newest first. */
export async function listTasks(actor: Actor, filter: Omit<TaskQuery, 'page' | 'size'>, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await repo.listTasks(actor.db, scope, filter, page, now());
  return { ...result, list: await viewsOf(actor, result.list) };
}

async function taskFor(actor: Actor, id: number, right: 'view' | 'edit' | 'delete') {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await repo.findTask(actor.db, scope, id, right);
  if (!row) throw new AppError(404, 'timedTask.notFound');
  return row;
}

export async function taskDetail(actor: Actor, id: number): Promise<TaskView> {
  const [view] = await viewsOf(actor, [await taskFor(actor, id, 'view')]);
  return view as TaskView;
}

/**
 * The rules a schema cannot check, in order: the zone and the cron expression, a run left between
 * start and end, every device the caller may edit and whose transport takes writes, every point
 * in its template and writable, every value fit for its point, and no other task writing one of
 * these devices at the same moment. Returns the owner (the first device's) and the first firing.
 */
async function checkTask(actor: Actor, input: TaskInput, except: number | null, zone: string) {
  if (!isTimeZone(zone)) throw rulesBroken([{ field: 'timeZone', key: 'timedTask.timeZone', params: { zone } }]);
  if (input.schedule.kind === 'cron') {
    const reason = cronProblem(input.schedule.cron ?? '', zone);
    if (reason) throw rulesBroken([{ field: 'schedule.cron', key: 'timedTask.schedule.cron', params: { reason } }]);
  }
  const at = now();
  const timing: Timing = { schedule: input.schedule, startAt: input.startAt, endAt: input.endAt, timeZone: zone };
  const first = firingAfter(timing, at);
  if (first === null) {
    if (input.endAt !== null && input.endAt <= at) throw rulesBroken([{ field: 'endAt', key: 'timedTask.end.past' }]);
    if (input.schedule.kind === 'once') throw rulesBroken([{ field: 'startAt', key: 'timedTask.once.past' }]);
    throw rulesBroken([{ field: 'schedule', key: 'timedTask.schedule.never' }]);
  }

  const scope = await accountScopeOf(actor.db, actor.auth);
  const devices = new Map<number, Awaited<ReturnType<typeof deviceFor>>>();
  for (const id of new Set(input.targets.map((t) => t.deviceId)))
    devices.set(id, await deviceFor(actor, scope, id, 'edit'));
  for (const device of devices.values())
    if (WRITELESS_PROTOCOLS.has(device.protocol)) throw new AppError(400, 'timedTask.unsupported');

  const points = new Map<number, Awaited<ReturnType<typeof templatePoints>>>();
  const broken: RuleBroken[] = [];
  for (const [i, target] of input.targets.entries()) {
    const device = devices.get(target.deviceId);
    const templateId = device?.template_id === null || device === undefined ? null : Number(device.template_id);
    if (templateId === null) {
      broken.push({ field: `targets[${i}].deviceId`, key: 'timedTask.target.noTemplate' });
      continue;
    }
    if (!points.has(templateId)) points.set(templateId, await templatePoints(actor.db, templateId));
    const source = points.get(templateId)?.find((p) => p.id === target.pointId);
    if (!source) {
      broken.push({ field: `targets[${i}].pointId`, key: 'timedTask.target.pointGone' });
      continue;
    }
    const point = gatewayPoint(source);
    if (
      point.readWrite === 'readOnly' ||
      point.registerType === 'discreteInput' ||
      point.registerType === 'inputRegister'
    )
      throw new AppError(400, 'gateway.readOnly');
    try {
      checkedRaw(point, target.value);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      for (const rule of error.rules) broken.push({ ...rule, field: `targets[${i}].value` });
    }
  }
  if (broken.length) throw rulesBroken(broken);

  for (const other of await repo.tasksOnDevices(actor.db, [...devices.keys()], except)) {
    if (other.state === 'paused') continue;
    if (firstClash(timing, timingOf(other), at) !== null)
      throw new AppError(409, 'timedTask.sameTime', { params: { task: other.name } });
  }
  const owner = devices.get(input.targets[0]?.deviceId as number);
  return { ownerId: Number(owner?.owner_id), first };
}

function columnsOf(input: TaskInput, zone: string, at: number) {
  return {
    name: input.name,
    schedule: toJson(input.schedule),
    time_zone: zone,
    start_at: input.startAt,
    end_at: input.endAt,
    missed: input.missed,
    updated_at: at,
  };
}

const targetRows = (input: TaskInput) =>
  input.targets.map((t) => ({ device_id: t.deviceId, point_id: t.pointId, value: toJson(t.value) }));

function logRow(
  task: { id: number; name: string; ownerId: number },
  action: repo.LogRow['action'],
  at: number,
  by: number | null,
) {
  return {
    task_id: task.id,
    task_name: task.name,
    owner_id: task.ownerId,
    at,
    action,
    reason: null,
    params: null,
    by_user: by,
  };
}

/** Timed Tasks add: checked whole, then the task, its targets, its log line and its first run's job in one transaction. */
export async function addTask(actor: Actor, input: TaskInput): Promise<TaskView> {
  const zone = input.timeZone || timeZone();
  const { ownerId, first } = await checkTask(actor, input, null, zone);
  const at = now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const id = await repo.insertTask(trx, {
      ...columnsOf(input, zone, at),
      owner_id: ownerId,
      state: 'active',
      next_run_at: first,
      last_run_at: null,
      last_outcome: null,
      created_by: actor.auth.userId,
      created_at: at,
    });
    await repo.replaceTargets(trx, id, targetRows(input));
    await repo.insertLog(trx, logRow({ id, name: input.name, ownerId }, 'created', at, actor.auth.userId));
    await enqueueFiring(trx, id, first, at);
    return id;
  });
  return taskDetail(actor, id);
}

/** Timed Tasks edit: the schedule starts over from now; a paused task stays paused. */
export async function editTask(actor: Actor, id: number, input: TaskInput): Promise<TaskView> {
  const row = await taskFor(actor, id, 'edit');
  const zone = input.timeZone || timeZone();
  const { ownerId, first } = await checkTask(actor, input, id, zone);
  const at = now();
  const paused = row.state === 'paused';
  await actor.db.transaction().execute(async (trx) => {
    await repo.updateTask(trx, id, {
      ...columnsOf(input, zone, at),
      owner_id: ownerId,
      state: paused ? 'paused' : 'active',
      next_run_at: paused ? null : first,
    });
    await repo.replaceTargets(trx, id, targetRows(input));
    await dropRecoveriesOf(trx, id);
    await repo.insertLog(trx, logRow({ id, name: input.name, ownerId }, 'edited', at, actor.auth.userId));
    if (!paused) await enqueueFiring(trx, id, first, at);
  });
  return taskDetail(actor, id);
}

/** Pause: the waiting firing is dropped (its job finds nothing to do). Resume: the schedule goes on from now. */
export async function setPaused(actor: Actor, id: number, paused: boolean): Promise<TaskView> {
  const row = await taskFor(actor, id, 'edit');
  if (row.state === 'ended') throw new AppError(409, 'timedTask.ended');
  if ((row.state === 'paused') === paused) return taskDetail(actor, id);
  const at = now();
  const next = paused ? null : firingAfter(timingOf(row), at);
  const task = { id, name: row.name, ownerId: Number(row.owner_id) };
  await actor.db.transaction().execute(async (trx) => {
    await repo.updateTask(trx, id, {
      state: paused ? 'paused' : next === null ? 'ended' : 'active',
      next_run_at: next,
      updated_at: at,
    });
    if (paused) await dropRecoveriesOf(trx, id);
    await repo.insertLog(trx, logRow(task, paused ? 'paused' : 'resumed', at, actor.auth.userId));
    if (!paused && next === null) await repo.insertLog(trx, logRow(task, 'ended', at, null));
    if (next !== null) await enqueueFiring(trx, id, next, at);
  });
  return taskDetail(actor, id);
}

/** Deletes a task; its Execution Record and Log stay, by name. */
export async function removeTask(actor: Actor, id: number): Promise<void> {
  await taskFor(actor, id, 'delete');
  await actor.db.transaction().execute((trx) => repo.deleteTask(trx, id));
}
