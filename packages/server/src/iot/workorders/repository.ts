import type { PageQuery, WorkOrderQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import type { WorkOrderStepsTable, WorkOrdersTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Filter = Omit<WorkOrderQuery, 'page' | 'size'>;

/**
 * Orders the caller sees: those of the accounts in their scope, those assigned to them, and, for
 * a work-order administrator, those of the accounts above them (`staffOf`).
 */
export interface OrderScope extends Scope {
  staffOf: number[];
}

function scopedOrders(db: Db, scope: OrderScope) {
  return db
    .selectFrom('work_orders as o')
    .innerJoin('devices as d', 'd.id', 'o.device_id')
    .innerJoin('users as r', 'r.id', 'o.reporter_id')
    .leftJoin('users as a', 'a.id', 'o.assignee_id')
    .$if(!scope.all, (q) =>
      q.where((eb) =>
        eb.or([eb('o.owner_id', 'in', [...scope.ownerIds, ...scope.staffOf]), eb('o.assignee_id', '=', scope.userId)]),
      ),
    );
}

const columns = [
  'o.id',
  'o.owner_id',
  'o.number',
  'o.type',
  'o.state',
  'o.priority',
  'o.device_id',
  'o.description',
  'o.pictures',
  'o.alarm_id',
  'o.reporter_id',
  'o.assignee_id',
  'o.result',
  'o.result_pictures',
  'o.created_at',
  'o.sent_at',
  'o.accepted_at',
  'o.completed_at',
  'o.closed_at',
  'o.plan_id',
  'o.plan_due_at',
  'd.name as device_name',
  'd.sn',
  'r.nickname as reporter_name',
  'a.nickname as assignee_name',
] as const;

export async function listOrders(db: Db, scope: OrderScope, filter: Filter, page: PageQuery) {
  const base = scopedOrders(db, scope)
    .$if(filter.state !== undefined, (q) => q.where('o.state', '=', filter.state ?? 'pending'))
    .$if(filter.type !== undefined, (q) => q.where('o.type', '=', filter.type ?? 'repair'))
    .$if(filter.assigneeId !== undefined, (q) => q.where('o.assignee_id', '=', filter.assigneeId ?? 0))
    .$if(filter.deviceId !== undefined, (q) => q.where('o.device_id', '=', filter.deviceId ?? 0))
    .$if(filter.keyword !== undefined, (q) => {
      const keyword = filter.keyword ?? '';
      return q.where((eb) =>
        eb.or(['o.number', 'o.description', 'd.name', 'd.sn'].map((column) => contains(column, keyword))),
      );
    });
  const [rows, count] = await Promise.all([
    base
      .select(columns)
      .orderBy('o.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows, total: Number(count.n) };
}
export type OrderRow = Awaited<ReturnType<typeof listOrders>>['list'][number];

export function findOrder(db: Db, scope: OrderScope, id: number) {
  return scopedOrders(db, scope).select(columns).where('o.id', '=', id).executeTakeFirst();
}

export function stepsOf(db: Db, orderId: number) {
  return db
    .selectFrom('work_order_steps as s')
    .innerJoin('users as u', 'u.id', 's.actor_id')
    .select(['s.step', 's.note', 's.pictures', 's.latitude', 's.longitude', 's.at', 'u.nickname as actor_name'])
    .where('s.order_id', '=', orderId)
    .orderBy('s.id')
    .execute();
}

/**
 * The owner's next order number, from their counter: the upsert takes the counter's row lock (one
 * writer at a time on SQLite), so two orders created at once never get one number (decision 0074).
 * Call it in the transaction that inserts the order, so that a failed insert gives the number back.
 */
export async function nextNumber(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .insertInto('work_order_counters')
    .values({ owner_id: ownerId, last: 1 })
    .onConflict((oc) =>
      oc.column('owner_id').doUpdateSet((eb) => ({ last: eb(eb.ref('work_order_counters.last'), '+', 1) })),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

export async function insertOrder(db: Db, row: Insertable<WorkOrdersTable>): Promise<number> {
  const inserted = await db.insertInto('work_orders').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Moves an order on only from the state it was read in, so that two people acting at once cannot both move it. */
export async function moveOrder(
  db: Db,
  id: number,
  from: WorkOrdersTable['state'],
  change: Updateable<WorkOrdersTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('work_orders')
    .set(change)
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertStep(
  db: Db,
  step: Omit<WorkOrderStepsTable, 'id' | 'latitude' | 'longitude'> &
    Partial<Pick<WorkOrderStepsTable, 'latitude' | 'longitude'>>,
): Promise<void> {
  await db.insertInto('work_order_steps').values(step).execute();
}

/** Users of these accounts with their roles' work-order permissions, to find the maintenance engineers among them. */
export function workOrderGrantsOf(db: Db, userIds: readonly number[]) {
  // Guard against running an invalid `in ()` when there is nobody.
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .select(['u.id', 'u.nickname', 'rp.perms'])
    .where('u.id', 'in', userIds)
    .where('rp.path', '=', '/iot/workOrders')
    .orderBy('u.id')
    .execute();
}

/** An alarm of the scope, for an order made from it. */
export function alarmOf(db: Db, scope: Scope, id: number) {
  return db
    .selectFrom('alarms')
    .select(['id', 'device_id', 'owner_id', 'content'])
    .where('id', '=', id)
    .$if(!scope.all, (q) => q.where('owner_id', 'in', scope.ownerIds))
    .executeTakeFirst();
}

/** The accounts above a user, nearest first. */
export async function accountsAbove(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .withRecursive('above(id, parent_id)', (qc) =>
      qc
        .selectFrom('users')
        .select(['id', 'parent_id'])
        .where('id', '=', userId)
        .unionAll((q) =>
          q.selectFrom('users as u').innerJoin('above as a', 'u.id', 'a.parent_id').select(['u.id', 'u.parent_id']),
        ),
    )
    .selectFrom('above')
    .select('id')
    .where('id', '!=', userId)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The caller's open orders (not completed, not closed), with what their lateness is measured from. */
export function openOrders(db: Db, scope: OrderScope) {
  return scopedOrders(db, scope)
    .where('o.state', 'in', ['pending', 'sent', 'accepted'])
    .select(['o.state', 'o.priority', 'o.created_at', 'o.sent_at', 'o.accepted_at', 'o.assignee_id', 'o.plan_due_at'])
    .execute();
}
