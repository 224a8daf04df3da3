import type { PageQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains } from '../../platform/db/sql.ts';
import type { MaintenancePlansTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The plans a caller sees: those of the owners they run, and those they are the engineer of. */
export interface PlanScope {
  all: boolean;
  ownerIds: number[];
  userId: number;
}
export interface PlanFilter {
  keyword?: string;
  deviceId?: number;
}

function scopedPlans(db: Db, scope: PlanScope) {
  return db
    .selectFrom('maintenance_plans as p')
    .innerJoin('users as e', 'e.id', 'p.engineer_id')
    .leftJoin('projects as j', 'j.id', 'p.project_id')
    .$if(!scope.all, (q) =>
      q.where((eb) => eb.or([eb('p.owner_id', 'in', [...scope.ownerIds, 0]), eb('p.engineer_id', '=', scope.userId)])),
    );
}

const columns = [
  'p.id',
  'p.owner_id',
  'p.name',
  'p.cycle',
  'p.every',
  'p.dates',
  'p.project_id',
  'p.engineer_id',
  'p.advance',
  'p.start_at',
  'p.end_at',
  'p.priority',
  'p.content',
  'p.next_due_at',
  'p.next_order_at',
  'p.last_due_at',
  'p.orders',
  'p.created_at',
  'p.updated_at',
  'e.nickname as engineer_name',
  'j.name as project_name',
] as const;

export async function listPlans(db: Db, scope: PlanScope, filter: PlanFilter, page: PageQuery) {
  const base = scopedPlans(db, scope)
    .$if(filter.keyword !== undefined, (q) =>
      q.where((eb) => eb.or(['p.name', 'p.content'].map((column) => contains(column, filter.keyword ?? '')))),
    )
    .$if(filter.deviceId !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('maintenance_plan_devices as pd')
              .select('pd.device_id')
              .whereRef('pd.plan_id', '=', 'p.id')
              .where('pd.device_id', '=', filter.deviceId ?? 0),
          ),
          eb.exists(
            eb
              .selectFrom('devices as d')
              .select('d.id')
              .whereRef('d.project_id', '=', 'p.project_id')
              .where('d.id', '=', filter.deviceId ?? 0),
          ),
        ]),
      ),
    );
  const [rows, count] = await Promise.all([
    base
      .select(columns)
      .orderBy('p.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows, total: Number(count.n) };
}
export type PlanListRow = Awaited<ReturnType<typeof listPlans>>['list'][number];

export function findPlan(db: Db, scope: PlanScope, id: number) {
  return scopedPlans(db, scope).select(columns).where('p.id', '=', id).executeTakeFirst();
}

/** The plans' devices, by plan. */
export async function devicesOfPlans(db: Db, planIds: readonly number[]) {
  // Guard against running an invalid `in ()` when there is no plan.
  if (planIds.length === 0) return new Map<number, Array<{ id: number; name: string }>>();
  const rows = await db
    .selectFrom('maintenance_plan_devices as pd')
    .innerJoin('devices as d', 'd.id', 'pd.device_id')
    .select(['pd.plan_id', 'd.id', 'd.name'])
    .where('pd.plan_id', 'in', planIds)
    .orderBy('d.id')
    .execute();
  const byPlan = new Map<number, Array<{ id: number; name: string }>>();
  for (const r of rows) {
    const list = byPlan.get(Number(r.plan_id)) ?? [];
    list.push({ id: Number(r.id), name: r.name });
    byPlan.set(Number(r.plan_id), list);
  }
  return byPlan;
}

/** The devices of these ids that the owners hold, with their owner. */
export function devicesOf(db: Db, ids: readonly number[], scope: Pick<PlanScope, 'all' | 'ownerIds'>) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('devices')
    .select(['id', 'owner_id', 'name'])
    .where('id', 'in', ids)
    .$if(!scope.all, (q) => q.where('owner_id', 'in', [...scope.ownerIds, 0]))
    .execute();
}

export function projectOf(db: Db, id: number, scope: Pick<PlanScope, 'all' | 'ownerIds'>) {
  return db
    .selectFrom('projects')
    .select(['id', 'owner_id', 'name'])
    .where('id', '=', id)
    .$if(!scope.all, (q) => q.where('owner_id', 'in', [...scope.ownerIds, 0]))
    .executeTakeFirst();
}

export async function insertPlan(db: Db, row: Insertable<MaintenancePlansTable>): Promise<number> {
  const inserted = await db.insertInto('maintenance_plans').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updatePlan(db: Db, id: number, change: Updateable<MaintenancePlansTable>): Promise<void> {
  await db.updateTable('maintenance_plans').set(change).where('id', '=', id).execute();
}

export async function deletePlan(db: Db, id: number): Promise<void> {
  await db.deleteFrom('maintenance_plans').where('id', '=', id).execute();
}

export async function setPlanDevices(db: Db, planId: number, deviceIds: readonly number[]): Promise<void> {
  await db.deleteFrom('maintenance_plan_devices').where('plan_id', '=', planId).execute();
  if (deviceIds.length === 0) return;
  await db
    .insertInto('maintenance_plan_devices')
    .values(deviceIds.map((device_id) => ({ plan_id: planId, device_id })))
    .execute();
}

export function planForRun(db: Db, id: number) {
  return db.selectFrom('maintenance_plans').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The devices an order is made for now: the plan's own, or its project's. */
export async function planTargets(db: Db, planId: number, projectId: number | null): Promise<number[]> {
  const rows =
    projectId === null
      ? await db
          .selectFrom('maintenance_plan_devices')
          .select('device_id as id')
          .where('plan_id', '=', planId)
          .execute()
      : await db.selectFrom('devices').select('id').where('project_id', '=', projectId).execute();
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * Takes the plan's firing due at `orderAt` by moving it on: only one caller's update matches, so
 * the maintenance date is ordered once however many workers run the job (as timed tasks, 0061).
 */
export async function claimFiring(
  db: Db,
  id: number,
  orderAt: number,
  change: Pick<MaintenancePlansTable, 'next_due_at' | 'next_order_at' | 'last_due_at'> & { made: number },
): Promise<boolean> {
  const result = await db
    .updateTable('maintenance_plans')
    .set((eb) => ({
      next_due_at: change.next_due_at,
      next_order_at: change.next_order_at,
      last_due_at: change.last_due_at,
      orders: eb('orders', '+', change.made),
    }))
    .where('id', '=', id)
    .where('next_order_at', '=', orderAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
