import {
  hasPermission,
  type PageQuery,
  translate,
  WORK_ORDER_FLOW,
  type WorkOrderAction,
  type WorkOrderCheckIn,
  type WorkOrderComplete,
  type WorkOrderDetail,
  type WorkOrderEngineer,
  type WorkOrderInput,
  type WorkOrderQuery,
  type WorkOrderView,
  workOrderInput,
} from '@meridian/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { accountTreeOf } from '../../portal/access/scope-repository.ts';
import { findFilesByPaths } from '../../portal/files/repository.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { deviceFor } from '../devices/service.ts';
import { queueNotices } from './notices.ts';
import { noticesOf } from './notices-repository.ts';
import { overdueOf } from './overdue.ts';
import * as repo from './repository.ts';

const paths = (stored: unknown) => fromJson<string[]>(stored) ?? [];

function viewOf(row: repo.OrderRow, at: number): WorkOrderView {
  return {
    id: Number(row.id),
    number: row.number,
    type: row.type,
    state: row.state,
    priority: row.priority,
    deviceId: Number(row.device_id),
    deviceName: row.device_name ?? '',
    sn: row.sn ?? '',
    description: row.description,
    pictures: paths(row.pictures),
    alarmId: row.alarm_id === null ? null : Number(row.alarm_id),
    reporterId: Number(row.reporter_id),
    reporterName: row.reporter_name,
    assigneeId: row.assignee_id === null ? null : Number(row.assignee_id),
    assigneeName: row.assignee_name ?? null,
    result: row.result,
    resultPictures: paths(row.result_pictures),
    createdAt: Number(row.created_at),
    acceptedAt: row.accepted_at === null ? null : Number(row.accepted_at),
    completedAt: row.completed_at === null ? null : Number(row.completed_at),
    planId: row.plan_id === null ? null : Number(row.plan_id),
    planDueAt: row.plan_due_at === null ? null : Number(row.plan_due_at),
    overdue: overdueOf(row, at),
  };
}

export async function listWorkOrders(actor: Actor, filter: Omit<WorkOrderQuery, 'page' | 'size'>, page: PageQuery) {
  const scope = await orderScopeOf(actor);
  const result = await repo.listOrders(actor.db, scope, filter, page);
  const at = Date.now();
  return { ...result, ...page, list: result.list.map((row) => viewOf(row, at)) };
}

/** The caller's scope for orders: a work-order administrator below a main account runs that account's orders. */
export async function orderScopeOf(actor: Actor): Promise<repo.OrderScope> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const dispatches = hasPermission(actor.auth.permissions, '/iot/workOrders', 'dispatch');
  const staffOf = dispatches && !scope.all ? await repo.accountsAbove(actor.db, actor.auth.userId) : [];
  return { ...scope, staffOf };
}

async function orderFor(actor: Actor, scope: repo.OrderScope, id: number) {
  const row = await repo.findOrder(actor.db, scope, id);
  if (!row) throw new AppError(404, 'workOrder.notFound');
  return row;
}

export async function workOrderDetail(actor: Actor, id: number): Promise<WorkOrderDetail> {
  const scope = await orderScopeOf(actor);
  const row = await orderFor(actor, scope, id);
  const [steps, notices] = await Promise.all([repo.stepsOf(actor.db, id), noticesOf(actor.db, id)]);
  return {
    ...viewOf(row, Date.now()),
    timeline: steps.map((s) => ({
      step: s.step,
      actorName: s.actor_name,
      note: s.note,
      pictures: paths(s.pictures),
      latitude: s.latitude === null ? null : Number(s.latitude),
      longitude: s.longitude === null ? null : Number(s.longitude),
      at: Number(s.at),
    })),
    notices: notices.map((n) => ({
      event: n.event,
      userName: n.user_name,
      channel: n.channel,
      target: n.target,
      state: n.state,
      lastError: n.last_error,
      at: Number(n.created_at),
    })),
  };
}

/** Pictures are images the caller uploaded through the image upload, which checked them by content. */
async function checkedPictures(actor: Actor, field: string, list: readonly string[]): Promise<string[]> {
  const unique = [...new Set(list)];
  const rows = await findFilesByPaths(actor.db, unique);
  const fine = rows.filter((r) => r.owner_id === actor.auth.userId && r.content_type.startsWith('image/'));
  if (fine.length !== unique.length) {
    throw new AppError(400, 'http.validation', { rules: [{ field, key: 'workOrder.picture' }] });
  }
  return unique;
}

/** The maintenance engineers of an account: users of its tree whose role grants `handle` on work orders. */
export async function engineersOf(actor: Pick<Actor, 'db'>, ownerId: number): Promise<WorkOrderEngineer[]> {
  const grants = await repo.workOrderGrantsOf(actor.db, await accountTreeOf(actor.db, ownerId));
  const engineers = new Map<number, string>();
  for (const g of grants) {
    if (g.perms.split(',').includes('handle')) engineers.set(Number(g.id), g.nickname);
  }
  return [...engineers].map(([id, name]) => ({ id, name }));
}

/** The engineers an order may be assigned to. */
export async function orderEngineers(actor: Actor, id: number): Promise<WorkOrderEngineer[]> {
  const scope = await orderScopeOf(actor);
  const row = await orderFor(actor, scope, id);
  return engineersOf(actor, Number(row.owner_id));
}

/** The engineers of the caller's whole account (its top account's tree), for the list's assignee filter. */
export async function accountEngineers(actor: Actor): Promise<WorkOrderEngineer[]> {
  const above = await repo.accountsAbove(actor.db, actor.auth.userId);
  return engineersOf(actor, above.at(-1) ?? actor.auth.userId);
}

/** A new order on a device the caller sees; from an alarm, the alarm's device is the order's. */
export async function addWorkOrder(actor: Actor, input: WorkOrderInput): Promise<WorkOrderDetail> {
  const data = workOrderInput.parse(input);
  const scope = await accountScopeOf(actor.db, actor.auth);
  let deviceId = data.deviceId;
  if (data.alarmId) {
    const alarm = await repo.alarmOf(actor.db, scope, data.alarmId);
    if (!alarm) throw new AppError(404, 'workOrder.alarm');
    deviceId = Number(alarm.device_id);
  }
  const device = await deviceFor(actor, scope, deviceId, 'view');
  const pictures = await checkedPictures(actor, 'pictures', data.pictures);
  const ownerId = Number(device.owner_id);
  const at = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const seq = await repo.nextNumber(trx, ownerId);
    const orderId = await repo.insertOrder(trx, {
      owner_id: ownerId,
      number: `WO${String(seq).padStart(6, '0')}`,
      type: data.type,
      state: 'pending',
      priority: data.priority,
      device_id: deviceId,
      description: data.description,
      pictures: toJson(pictures),
      alarm_id: data.alarmId ?? null,
      reporter_id: actor.auth.userId,
      assignee_id: null,
      result: null,
      result_pictures: toJson([]),
      created_at: at,
      sent_at: null,
      accepted_at: null,
      completed_at: null,
      closed_at: null,
    });
    await repo.insertStep(trx, {
      order_id: orderId,
      step: 'created',
      actor_id: actor.auth.userId,
      note: null,
      pictures: toJson(pictures),
      at,
    });
    return orderId;
  });
  return workOrderDetail(actor, id);
}

/** Refuses an action the order's state does not allow: a closed order is over (spec section 8). */
function checkState(actor: Actor, row: repo.OrderRow, action: WorkOrderAction) {
  const from: readonly string[] = WORK_ORDER_FLOW[action].from;
  if (from.includes(row.state)) return;
  if (row.state === 'closed') throw new AppError(409, 'workOrder.over');
  throw new AppError(409, 'workOrder.wrongState', {
    params: {
      state: translate(`workOrder.state.${row.state}`, actor.lang),
      action: translate(`workOrder.action.${action}`, actor.lang),
    },
  });
}

type Change = {
  note?: string | null;
  pictures?: string[];
  set: Parameters<typeof repo.moveOrder>[3];
  /** More to write in the move's transaction (the notices of an assignment). */
  also?: (trx: Transaction<Database>) => Promise<unknown>;
};

/** Moves the order by `action` and writes the step, both or neither. */
async function move(actor: Actor, row: repo.OrderRow, action: WorkOrderAction, change: Change) {
  const step = (
    { assign: 'assigned', accept: 'accepted', complete: 'completed', confirm: 'confirmed', reopen: 'reopened' } as const
  )[action];
  await actor.db.transaction().execute(async (trx) => {
    const moved = await repo.moveOrder(trx, Number(row.id), row.state, {
      ...change.set,
      state: WORK_ORDER_FLOW[action].to,
    });
    // Someone else moved it first: answer as if they had before we read it.
    if (!moved) throw new AppError(409, 'workOrder.over');
    await repo.insertStep(trx, {
      order_id: Number(row.id),
      step,
      actor_id: actor.auth.userId,
      note: change.note ?? null,
      pictures: toJson(change.pictures ?? []),
      at: Date.now(),
    });
    await change.also?.(trx);
  });
  return workOrderDetail(actor, Number(row.id));
}

/** The work-order administrator assigns (or reassigns) an order to an engineer of the device's owner. */
export async function assignWorkOrder(actor: Actor, id: number, assigneeId: number) {
  const scope = await orderScopeOf(actor);
  const row = await orderFor(actor, scope, id);
  checkState(actor, row, 'assign');
  const engineers = await engineersOf(actor, Number(row.owner_id));
  const engineer = engineers.find((e) => e.id === assigneeId);
  if (!engineer)
    throw new AppError(400, 'http.validation', { rules: [{ field: 'assigneeId', key: 'workOrder.engineer' }] });
  const sentAt = Date.now();
  return move(actor, row, 'assign', {
    note: engineer.name,
    set: { assignee_id: assigneeId, sent_at: sentAt, accepted_at: null },
    also: (trx) =>
      queueNotices(trx, {
        orderId: Number(row.id),
        ownerId: Number(row.owner_id),
        event: 'assigned',
        userIds: [assigneeId],
        since: sentAt,
      }),
  });
}

function mustBeAssignee(actor: Actor, row: repo.OrderRow) {
  if (Number(row.assignee_id) !== actor.auth.userId) throw new AppError(403, 'workOrder.notAssignee');
}

export async function acceptWorkOrder(actor: Actor, id: number) {
  const scope = await orderScopeOf(actor);
  const row = await orderFor(actor, scope, id);
  checkState(actor, row, 'accept');
  mustBeAssignee(actor, row);
  return move(actor, row, 'accept', { set: { accepted_at: Date.now() } });
}

export async function completeWorkOrder(actor: Actor, id: number, input: WorkOrderComplete) {
  const scope = await orderScopeOf(actor);
  const row = await orderFor(actor, scope, id);
  checkState(actor, row, 'complete');
  mustBeAssignee(actor, row);
  const pictures = await checkedPictures(actor, 'pictures', input.pictures ?? []);
  return move(actor, row, 'complete', {
    note: input.result,
    pictures,
    set: { result: input.result, result_pictures: toJson(pictures), completed_at: Date.now() },
  });
}

export async function confirmWorkOrder(actor: Actor, id: number) {
  const scope = await orderScopeOf(actor);
  const row = await orderFor(actor, scope, id);
  checkState(actor, row, 'confirm');
  return move(actor, row, 'confirm', { set: { closed_at: Date.now() } });
}

/** The owner sends a completed order back to its engineer, who accepts it again. */
export async function reopenWorkOrder(actor: Actor, id: number, reason: string) {
  const scope = await orderScopeOf(actor);
  const row = await orderFor(actor, scope, id);
  checkState(actor, row, 'reopen');
  return move(actor, row, 'reopen', {
    note: reason,
    set: { sent_at: Date.now(), accepted_at: null, completed_at: null },
  });
}

/**
 * The assigned engineer, on site, checks in from the phone page: a step on the timeline with where
 * the phone was, once the order is accepted and until it is completed.
 */
export async function checkInWorkOrder(actor: Actor, id: number, input: WorkOrderCheckIn) {
  const scope = await orderScopeOf(actor);
  const row = await orderFor(actor, scope, id);
  if (row.state === 'closed') throw new AppError(409, 'workOrder.over');
  if (row.state !== 'accepted') {
    throw new AppError(409, 'workOrder.wrongState', {
      params: {
        state: translate(`workOrder.state.${row.state}`, actor.lang),
        action: translate('workOrder.action.checkIn', actor.lang),
      },
    });
  }
  mustBeAssignee(actor, row);
  const accuracy = input.accuracy === undefined ? null : `±${Math.round(input.accuracy)} m`;
  await repo.insertStep(actor.db, {
    order_id: Number(row.id),
    step: 'checkedIn',
    actor_id: actor.auth.userId,
    note: accuracy,
    pictures: toJson([]),
    latitude: input.latitude,
    longitude: input.longitude,
    at: Date.now(),
  });
  return workOrderDetail(actor, Number(row.id));
}
