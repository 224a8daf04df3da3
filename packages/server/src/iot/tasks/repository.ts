import type { PageQuery, RunOutcome, TaskLogQuery, TaskQuery, TaskRecordQuery } from '@meridian/contracts';
import type { ExpressionBuilder, Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import type { DeviceRight } from '../devices/access.ts';
import { deviceVisible } from '../devices/access-repository.ts';
import type { StoredTaskState, TimedTaskLogTable, TimedTaskRecordsTable, TimedTasksTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;
type TaskBuilder = ExpressionBuilder<Database & { t: Database['timed_tasks'] }, 't'>;

/**
 * A condition on `timed_tasks` (aliased `t`): the caller may `right` every device the task writes.
 * A task that writes one device the caller may not see is not theirs to see.
 */
function taskVisible(scope: Scope, right: DeviceRight) {
  return (eb: TaskBuilder) => {
    if (scope.all) return eb.lit(true);
    return eb.not(
      eb.exists(
        eb
          .selectFrom('timed_task_targets as tt')
          .select('tt.task_id')
          .whereRef('tt.task_id', '=', 't.id')
          .where(
            'tt.device_id',
            'not in',
            eb.selectFrom('devices as d').select('d.id').where(deviceVisible(scope, right)),
          ),
      ),
    );
  };
}

export async function listTasks(
  db: Db,
  scope: Scope,
  query: Omit<TaskQuery, 'page' | 'size'>,
  page: PageQuery,
  at: number,
) {
  let q = db.selectFrom('timed_tasks as t').selectAll('t').where(taskVisible(scope, 'view'));
  if (query.keyword) q = q.where(contains('t.name', query.keyword));
  if (query.deviceId) {
    const deviceId = query.deviceId;
    q = q.where('t.id', 'in', (eb) =>
      eb.selectFrom('timed_task_targets').select('task_id').where('device_id', '=', deviceId),
    );
  }
  if (query.state === 'paused' || query.state === 'ended') q = q.where('t.state', '=', query.state);
  if (query.state === 'waiting') q = q.where('t.state', '=', 'active').where('t.start_at', '>', at);
  if (query.state === 'running') q = q.where('t.state', '=', 'active').where('t.start_at', '<=', at);
  if (query.lastOutcome === 'success') q = q.where('t.last_outcome', '=', 'success');
  if (query.lastOutcome === 'failing') q = q.where('t.last_outcome', '!=', 'success');
  return paginate(q.orderBy('t.id', 'desc'), page);
}
export type TaskRow = Awaited<ReturnType<typeof listTasks>>['list'][number];

export function findTask(db: Db, scope: Scope, id: number, right: DeviceRight) {
  return db
    .selectFrom('timed_tasks as t')
    .selectAll('t')
    .where('t.id', '=', id)
    .where(taskVisible(scope, right))
    .executeTakeFirst();
}

/** The task a job fires, whoever owns it. */
export function taskForRun(db: Db, id: number) {
  return db.selectFrom('timed_tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What these tasks write, with the device and point names and whether cloud configuration is on. */
export function targetsOf(db: Db, taskIds: readonly number[]) {
  // Guard against running an invalid `in ()` when the page is empty.
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('timed_task_targets as tt')
    .innerJoin('devices as d', 'd.id', 'tt.device_id')
    .leftJoin('template_points as p', 'p.id', 'tt.point_id')
    .select([
      'tt.task_id',
      'tt.device_id',
      'tt.point_id',
      'tt.value',
      'd.name as device_name',
      'd.cloud_config',
      'd.enabled',
      'd.template_id',
      'p.name as point_name',
    ])
    .where('tt.task_id', 'in', taskIds)
    .orderBy('tt.task_id')
    .orderBy('tt.device_id')
    .orderBy('tt.point_id')
    .execute();
}
export type TargetRow = Awaited<ReturnType<typeof targetsOf>>[number];

/** The other tasks that write any of these devices and may still run: the candidates of a same-time clash. */
export function tasksOnDevices(db: Db, deviceIds: readonly number[], except: number | null) {
  if (deviceIds.length === 0) return Promise.resolve([]);
  let q = db
    .selectFrom('timed_tasks as t')
    .selectAll('t')
    .where('t.state', '!=', 'ended')
    .where('t.id', 'in', (eb) =>
      eb.selectFrom('timed_task_targets').select('task_id').distinct().where('device_id', 'in', deviceIds),
    );
  if (except !== null) q = q.where('t.id', '!=', except);
  return q.execute();
}

export async function insertTask(trx: Db, values: Insertable<TimedTasksTable>): Promise<number> {
  const row = await trx.insertInto('timed_tasks').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateTask(trx: Db, id: number, values: Updateable<TimedTasksTable>) {
  await trx.updateTable('timed_tasks').set(values).where('id', '=', id).execute();
}

export async function replaceTargets(
  trx: Db,
  taskId: number,
  targets: readonly { device_id: number; point_id: number; value: string }[],
) {
  await trx.deleteFrom('timed_task_targets').where('task_id', '=', taskId).execute();
  if (targets.length)
    await trx
      .insertInto('timed_task_targets')
      .values(targets.map((t) => ({ task_id: taskId, ...t })))
      .execute();
}

export async function deleteTask(trx: Db, id: number) {
  await trx.deleteFrom('timed_tasks').where('id', '=', id).execute();
}

/**
 * Takes the firing due at `dueAt` for this run: moves the task on to `next` (ended when null), but
 * only while the task still waits for that firing and is active. False when another worker took it,
 * or the task was paused, edited or deleted meanwhile: then nothing is to be done.
 */
export async function claimFiring(trx: Db, id: number, dueAt: number, next: number | null, at: number) {
  const state: StoredTaskState = next === null ? 'ended' : 'active';
  const result = await trx
    .updateTable('timed_tasks')
    .set({ next_run_at: next, state, last_run_at: at })
    .where('id', '=', id)
    .where('state', '=', 'active')
    .where('next_run_at', '=', dueAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Counts a run's writes into the task's totals, for Task Monitoring's failure rate. */
export async function countRun(db: Db, id: number, writes: number, failures: number, last: RunOutcome) {
  await db
    .updateTable('timed_tasks')
    .set((eb) => ({
      runs: eb('runs', '+', writes),
      failures: eb('failures', '+', failures),
      last_outcome: last,
    }))
    .where('id', '=', id)
    .execute();
}

export async function insertRecords(db: Db, rows: readonly Insertable<TimedTaskRecordsTable>[]) {
  if (rows.length)
    await db
      .insertInto('timed_task_records')
      .values([...rows])
      .execute();
}

export async function insertLog(db: Db, row: Insertable<TimedTaskLogTable>) {
  await db.insertInto('timed_task_log').values(row).execute();
}

/** The newest log line of a task: a run skipped for the same reason as the last is not logged again. */
export function lastLog(db: Db, taskId: number) {
  return db
    .selectFrom('timed_task_log')
    .select(['reason', 'params'])
    .where('task_id', '=', taskId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Execution Record: the writes to devices the caller may see, newest first. */
export function listRecords(db: Db, scope: Scope, query: Omit<TaskRecordQuery, 'page' | 'size'>, page: PageQuery) {
  let q = db
    .selectFrom('timed_task_records as r')
    .innerJoin('devices as d', 'd.id', 'r.device_id')
    .selectAll('r')
    .select('d.name as device_name')
    .where(deviceVisible(scope, 'view'));
  if (query.taskId) q = q.where('r.task_id', '=', query.taskId);
  if (query.deviceId) q = q.where('r.device_id', '=', query.deviceId);
  if (query.outcome) q = q.where('r.outcome', '=', query.outcome);
  if (query.from !== undefined) q = q.where('r.ran_at', '>=', query.from);
  if (query.to !== undefined) q = q.where('r.ran_at', '<', query.to);
  return paginate(q.orderBy('r.id', 'desc'), page);
}
export type RecordRow = Awaited<ReturnType<typeof listRecords>>['list'][number];

/** Execution Log: what the tasks of the caller's accounts did, newest first; a deleted task's log stays with its owner. */
export function listLog(db: Db, scope: Scope, query: Omit<TaskLogQuery, 'page' | 'size'>, page: PageQuery) {
  let q = db
    .selectFrom('timed_task_log as l')
    .leftJoin('users as u', 'u.id', 'l.by_user')
    .selectAll('l')
    .select('u.account as by_account');
  if (!scope.all)
    q = q.where((eb) =>
      eb.or([
        eb('l.owner_id', 'in', scope.ownerIds),
        eb('l.task_id', 'in', eb.selectFrom('timed_tasks as t').select('t.id').where(taskVisible(scope, 'view'))),
      ]),
    );
  if (query.taskId) q = q.where('l.task_id', '=', query.taskId);
  if (query.action) q = q.where('l.action', '=', query.action);
  return paginate(q.orderBy('l.id', 'desc'), page);
}
export type LogRow = Awaited<ReturnType<typeof listLog>>['list'][number];

/** The device facts a run needs: its template, whether it is enabled and its cloud configuration is on. */
export function devicesForRun(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('devices')
    .select(['id', 'name', 'template_id', 'cloud_config', 'enabled', 'protocol'])
    .where('id', 'in', ids)
    .execute();
}

/** The records and log kept: older rows go in the nightly cleanup. */
export async function removeBefore(db: Db, before: number): Promise<number> {
  const records = await db.deleteFrom('timed_task_records').where('ran_at', '<', before).executeTakeFirst();
  const log = await db.deleteFrom('timed_task_log').where('at', '<', before).executeTakeFirst();
  return Number(records.numDeletedRows) + Number(log.numDeletedRows);
}
