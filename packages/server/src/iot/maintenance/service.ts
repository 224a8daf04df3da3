import {
  hasPermission,
  type MaintenancePlanInput,
  type MaintenancePlanQuery,
  type MaintenancePlanView,
  type MessageKey,
  maintenancePlanInput,
  type PageQuery,
  type PlanState,
  type WorkOrderEngineer,
} from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { insertFiring } from '../../platform/jobs/repository.ts';
import { startOfDay } from '../../platform/time.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { accountsAbove } from '../workorders/repository.ts';
import { accountEngineers, engineersOf } from '../workorders/service.ts';
import * as repo from './repository.ts';
import { dueFrom, orderAtOf, type PlanTiming } from './schedule.ts';
import type { MaintenancePlanRow } from './tables.ts';

export const PLAN_ORDER_JOB = 'iot.planOrders';
const PLANS = '/iot/maintenance';

/** The job that makes the orders of the firing at `at`; its key names the plan's version, so an edited plan gets its own. */
export async function enqueuePlanFiring(
  trx: Kysely<Database> | Transaction<Database>,
  planId: number,
  at: number,
  version: number,
) {
  await insertFiring(trx, { kind: PLAN_ORDER_JOB, idName: 'planId', id: planId, at, version, maxAttempts: 5 });
}

export function timingOf(
  row: Pick<MaintenancePlanRow, 'cycle' | 'every' | 'dates' | 'start_at' | 'end_at'>,
): PlanTiming {
  return {
    cycle: row.cycle,
    every: row.every === null ? null : Number(row.every),
    dates: (fromJson<number[]>(row.dates) ?? []).map(Number),
    startAt: Number(row.start_at),
    endAt: row.end_at === null ? null : Number(row.end_at),
  };
}

/** Spec section 4: not started until it has made an order, waiting for maintenance while dates are left, ended after. */
export function planStateOf(row: Pick<MaintenancePlanRow, 'next_due_at' | 'orders'>): PlanState {
  if (row.next_due_at === null) return 'ended';
  return Number(row.orders) === 0 ? 'notStarted' : 'waiting';
}

/** Plans: the caller's accounts, and for whoever may add plans below a main account, that account's too. */
async function planScopeOf(actor: Actor): Promise<repo.PlanScope> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const staff = hasPermission(actor.auth.permissions, PLANS, 'add') && !scope.all;
  const above = staff ? await accountsAbove(actor.db, actor.auth.userId) : [];
  return { all: scope.all, ownerIds: [...scope.ownerIds, ...above], userId: actor.auth.userId };
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function viewOf(row: repo.PlanListRow, devices: Array<{ id: number; name: string }>): MaintenancePlanView {
  return {
    id: Number(row.id),
    name: row.name,
    cycle: row.cycle,
    every: num(row.every),
    dates: (fromJson<number[]>(row.dates) ?? []).map(Number),
    deviceIds: devices.map((d) => d.id),
    deviceNames: devices.map((d) => d.name),
    projectId: num(row.project_id),
    projectName: row.project_name ?? null,
    engineerId: Number(row.engineer_id),
    engineerName: row.engineer_name,
    advance: row.advance,
    startAt: Number(row.start_at),
    endAt: num(row.end_at),
    priority: row.priority,
    content: row.content,
    state: planStateOf(row),
    nextDueAt: num(row.next_due_at),
    nextOrderAt: num(row.next_order_at),
    orders: Number(row.orders),
    createdAt: Number(row.created_at),
  };
}

export async function listPlans(actor: Actor, query: Omit<MaintenancePlanQuery, 'page' | 'size'>, page: PageQuery) {
  const scope = await planScopeOf(actor);
  const { state, ...filter } = query;
  // The state is worked out from two columns: filter it over the plans the other filters leave.
  const result = await repo.listPlans(actor.db, scope, filter, state ? { page: 1, size: 10_000 } : page);
  const devices = await repo.devicesOfPlans(
    actor.db,
    result.list.map((r) => Number(r.id)),
  );
  let list = result.list.map((row) => viewOf(row, devices.get(Number(row.id)) ?? []));
  let total = result.total;
  if (state) {
    const kept = list.filter((p) => p.state === state);
    total = kept.length;
    list = kept.slice((page.page - 1) * page.size, page.page * page.size);
  }
  return { list, total, ...page };
}

export async function planDetail(actor: Actor, id: number): Promise<MaintenancePlanView> {
  const row = await repo.findPlan(actor.db, await planScopeOf(actor), id);
  if (!row) throw new AppError(404, 'plan.notFound');
  const devices = await repo.devicesOfPlans(actor.db, [id]);
  return viewOf(row, devices.get(id) ?? []);
}

const refuse = (field: string, key: MessageKey) => new AppError(400, 'http.validation', { rules: [{ field, key }] });

/** Checks what the plan names: its devices (or project) of one owner the caller runs, and an engineer of that owner. */
async function checkPlan(actor: Actor, scope: repo.PlanScope, data: ReturnType<typeof maintenancePlanInput.parse>) {
  let ownerId: number;
  let deviceIds: number[] = [];
  let projectId: number | null = null;
  if (data.deviceIds.length > 0) {
    const unique = [...new Set(data.deviceIds)];
    const devices = await repo.devicesOf(actor.db, unique, scope);
    if (devices.length !== unique.length) throw refuse('deviceIds', 'plan.noDevice');
    const owners = new Set(devices.map((d) => Number(d.owner_id)));
    if (owners.size !== 1) throw refuse('deviceIds', 'plan.oneOwner');
    ownerId = [...owners][0] as number;
    deviceIds = unique;
  } else {
    const project = await repo.projectOf(actor.db, data.projectId ?? 0, scope);
    if (!project) throw refuse('projectId', 'plan.noProject');
    ownerId = Number(project.owner_id);
    projectId = Number(project.id);
  }
  const engineers = await engineersOf(actor, ownerId);
  if (!engineers.some((e) => e.id === data.engineerId)) throw refuse('engineerId', 'plan.engineer');
  const startAt = data.cycle === 'dates' ? Math.min(...data.dates) : (data.startAt as number);
  return { ownerId, deviceIds, projectId, startAt };
}

/** The plan's next maintenance date: from today, never one already ordered. */
function nextOf(timing: PlanTiming, lastDue: number | null, advance: MaintenancePlanRow['advance'], at: number) {
  const due = dueFrom(timing, Math.max(startOfDay(at), lastDue === null ? 0 : lastDue + 1));
  return { next_due_at: due, next_order_at: due === null ? null : orderAtOf(due, advance) };
}

function columnsOf(
  data: ReturnType<typeof maintenancePlanInput.parse>,
  checked: Awaited<ReturnType<typeof checkPlan>>,
) {
  return {
    owner_id: checked.ownerId,
    name: data.name,
    cycle: data.cycle,
    every: data.cycle === 'dates' ? null : (data.every ?? null),
    dates: toJson(data.cycle === 'dates' ? [...new Set(data.dates)].sort((a, b) => a - b) : []),
    project_id: checked.projectId,
    engineer_id: data.engineerId,
    advance: data.advance,
    start_at: checked.startAt,
    end_at: data.endAt ?? null,
    priority: data.priority,
    content: data.content,
  };
}

/** A new plan; its first orders' job is enqueued with it, in its transaction. */
export async function addPlan(actor: Actor, input: MaintenancePlanInput): Promise<MaintenancePlanView> {
  const data = maintenancePlanInput.parse(input);
  const scope = await planScopeOf(actor);
  const checked = await checkPlan(actor, scope, data);
  const columns = columnsOf(data, checked);
  const at = Date.now();
  const next = nextOf(timingOf(columns), null, data.advance, at);
  if (next.next_due_at === null) throw refuse('endAt', 'plan.noDates');
  const id = await actor.db.transaction().execute(async (trx) => {
    const planId = await repo.insertPlan(trx, {
      ...columns,
      ...next,
      last_due_at: null,
      orders: 0,
      created_by: actor.auth.userId,
      created_at: at,
      updated_at: at,
    });
    await repo.setPlanDevices(trx, planId, checked.deviceIds);
    await enqueuePlanFiring(trx, planId, next.next_order_at as number, at);
    return planId;
  });
  return planDetail(actor, id);
}

/** An edit schedules from today on; a maintenance date already ordered is not ordered again. */
export async function editPlan(actor: Actor, id: number, input: MaintenancePlanInput): Promise<MaintenancePlanView> {
  const data = maintenancePlanInput.parse(input);
  const scope = await planScopeOf(actor);
  const row = await repo.findPlan(actor.db, scope, id);
  if (!row) throw new AppError(404, 'plan.notFound');
  const checked = await checkPlan(actor, scope, data);
  const columns = columnsOf(data, checked);
  const at = Math.max(Date.now(), Number(row.updated_at) + 1);
  const next = nextOf(timingOf(columns), num(row.last_due_at), data.advance, at);
  await actor.db.transaction().execute(async (trx) => {
    await repo.updatePlan(trx, id, { ...columns, ...next, updated_at: at });
    await repo.setPlanDevices(trx, id, checked.deviceIds);
    if (next.next_order_at !== null) await enqueuePlanFiring(trx, id, next.next_order_at, at);
  });
  return planDetail(actor, id);
}

/** Deletes a plan; the orders it made stay, as work orders of their devices. */
export async function deletePlan(actor: Actor, id: number): Promise<void> {
  const row = await repo.findPlan(actor.db, await planScopeOf(actor), id);
  if (!row) throw new AppError(404, 'plan.notFound');
  await repo.deletePlan(actor.db, id);
}

/** The engineers a plan of the caller's account may name. */
export function planEngineers(actor: Actor): Promise<WorkOrderEngineer[]> {
  return accountEngineers(actor);
}
