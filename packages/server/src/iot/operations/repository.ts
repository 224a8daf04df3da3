import { WORK_ORDER_LIMITS } from '@meridian/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { OpsStatsTable } from './tables.ts';

type Db = Kysely<Database>;
/** The figures of one account, by column. */
export type Figures = Omit<OpsStatsTable, 'id' | 'owner_id' | 'period' | 'start'>;
type Column = keyof Figures;
export const FIGURE_COLUMNS: Column[] = [
  'devices_total',
  'devices_added',
  'device_days_online',
  'device_days',
  'alarms_raised',
  'alarms_restored',
  'faults_raised',
  'faults_recovered',
  'orders_opened',
  'orders_closed',
  'orders_overdue',
  'response_ms',
  'responses',
  'repair_ms',
  'repairs',
  'values_stored',
  'active_users',
];

/** Figures being gathered, by account: each query adds its columns. */
export class Tally {
  readonly byOwner = new Map<number, Record<Column, number>>();

  add(ownerId: unknown, column: Column, value: unknown): void {
    const id = Number(ownerId);
    let row = this.byOwner.get(id);
    if (!row) {
      row = Object.fromEntries(FIGURE_COLUMNS.map((c) => [c, 0])) as Record<Column, number>;
      this.byOwner.set(id, row);
    }
    row[column] += Number(value ?? 0);
  }

  addRows<R extends { owner_id: unknown }>(rows: R[], columns: Partial<Record<Column, keyof R>>): void {
    for (const r of rows) {
      for (const [column, field] of Object.entries(columns) as [Column, keyof R][])
        this.add(r.owner_id, column, r[field]);
    }
  }
}

/**
 * Counts one day, [from, to), of every account that had a device by its end, each figure in one
 * grouped query over an index on time (or on the device for its state at the day's end).
 */
export async function countDay(db: Db, from: number, to: number): Promise<Tally> {
  const tally = new Tally();

  tally.addRows(
    await db
      .selectFrom('devices')
      .select([
        'owner_id',
        sql<number>`count(*)`.as('total'),
        sql<number>`sum(case when created_at >= ${from} then 1 else 0 end)`.as('added'),
      ])
      .where('created_at', '<', to)
      .groupBy('owner_id')
      .execute(),
    { devices_total: 'total', device_days: 'total', devices_added: 'added' },
  );

  // Online at some time of the day: its last change before the day's end left it connected, or came
  // within the day (a device that went offline that day was online before). No change kept at all:
  // its state now, which is its state since (changes are kept longer than the job looks back).
  tally.addRows(
    await db
      .selectFrom('devices as d')
      .leftJoin('device_online_records as r', (join) =>
        join.onRef(
          'r.id',
          '=',
          sql`(select x.id from device_online_records x where x.device_id = d.id and x.at < ${to} order by x.at desc, x.id desc limit 1)`,
        ),
      )
      .select(['d.owner_id', sql<number>`count(*)`.as('online')])
      .where('d.created_at', '<', to)
      .where((eb) =>
        eb.or([
          eb.and([eb('r.id', 'is', null), eb('d.status', '!=', 'offline'), eb('d.last_online_at', 'is not', null)]),
          eb('r.state', '!=', 'offline'),
          eb('r.at', '>=', from),
        ]),
      )
      .groupBy('d.owner_id')
      .execute(),
    { device_days_online: 'online' },
  );

  tally.addRows(
    await db
      .selectFrom('alarms')
      .select([
        'owner_id',
        sql<number>`count(*)`.as('raised'),
        sql<number>`sum(case when restored_at is not null and restored_at < ${to} then 1 else 0 end)`.as('restored'),
      ])
      .where('fired_at', '>=', from)
      .where('fired_at', '<', to)
      .groupBy('owner_id')
      .execute(),
    { alarms_raised: 'raised', alarms_restored: 'restored' },
  );

  // Faults: each fault of the day, and whether the device recovered from it before the day ended.
  tally.addRows(
    await db
      .selectFrom('device_online_records as f')
      .innerJoin('devices as d', 'd.id', 'f.device_id')
      .select([
        'd.owner_id',
        sql<number>`count(*)`.as('raised'),
        sql<number>`sum(case when exists (select 1 from device_online_records n where n.device_id = f.device_id and n.at >= f.at and n.at < ${to} and n.id <> f.id and n.reason = 'recovered') then 1 else 0 end)`.as(
          'recovered',
        ),
      ])
      .where('f.state', '=', 'fault')
      .where('f.at', '>=', from)
      .where('f.at', '<', to)
      .groupBy('d.owner_id')
      .execute(),
    { faults_raised: 'raised', faults_recovered: 'recovered' },
  );

  await countOrders(db, tally, from, to);

  tally.addRows(
    await db
      .selectFrom('telemetry as t')
      .innerJoin('devices as d', 'd.id', 't.device_id')
      .select(['d.owner_id', sql<number>`count(*)`.as('values')])
      .where('t.ts', '>=', from)
      .where('t.ts', '<', to)
      .groupBy('d.owner_id')
      .execute(),
    { values_stored: 'values' },
  );

  tally.addRows(await activeUsers(db, from, to), { active_users: 'users' });
  return tally;
}

async function countOrders(db: Db, tally: Tally, from: number, to: number) {
  const inDay = (column: 'created_at' | 'closed_at' | 'accepted_at' | 'completed_at') =>
    sql<number>`sum(case when ${sql.ref(column)} >= ${from} and ${sql.ref(column)} < ${to} then 1 else 0 end)`;
  tally.addRows(
    await db
      .selectFrom('work_orders')
      .select([
        'owner_id',
        inDay('created_at').as('opened'),
        inDay('closed_at').as('closed'),
        inDay('accepted_at').as('responses'),
        sql<number>`sum(case when accepted_at >= ${from} and accepted_at < ${to} then accepted_at - coalesce(sent_at, created_at) else 0 end)`.as(
          'response_ms',
        ),
        inDay('completed_at').as('repairs'),
        sql<number>`sum(case when completed_at >= ${from} and completed_at < ${to} then completed_at - coalesce(accepted_at, created_at) else 0 end)`.as(
          'repair_ms',
        ),
      ])
      .where((eb) =>
        eb.or(
          (['created_at', 'closed_at', 'accepted_at', 'completed_at'] as const).map((c) =>
            eb.and([eb(c, '>=', from), eb(c, '<', to)]),
          ),
        ),
      )
      .groupBy('owner_id')
      .execute(),
    {
      orders_opened: 'opened',
      orders_closed: 'closed',
      responses: 'responses',
      response_ms: 'response_ms',
      repairs: 'repairs',
      repair_ms: 'repair_ms',
    },
  );

  // Overdue: an order whose limit (decision 0071) ran out within the day before it was met.
  const due = Object.entries(WORK_ORDER_LIMITS).map(
    ([priority, limit]) =>
      sql`(priority = ${priority} and (
      (coalesce(sent_at, created_at) + ${limit.respondMs} >= ${from} and coalesce(sent_at, created_at) + ${limit.respondMs} < ${to}
        and (accepted_at is null or accepted_at > coalesce(sent_at, created_at) + ${limit.respondMs})
        and (closed_at is null or closed_at > coalesce(sent_at, created_at) + ${limit.respondMs}))
      or (accepted_at is not null and accepted_at + ${limit.completeMs} >= ${from} and accepted_at + ${limit.completeMs} < ${to}
        and (completed_at is null or completed_at > accepted_at + ${limit.completeMs})
        and (closed_at is null or closed_at > accepted_at + ${limit.completeMs}))))`,
  );
  tally.addRows(
    await db
      .selectFrom('work_orders')
      .select(['owner_id', sql<number>`count(*)`.as('overdue')])
      .where(sql<boolean>`(${sql.join(due, sql` or `)})`)
      .groupBy('owner_id')
      .execute(),
    { orders_overdue: 'overdue' },
  );
}

/** Users who signed in within [from, to), each once, by the account they belong to. */
function activeUsers(db: Db, from: number, to: number) {
  return db
    .selectFrom('audit_log as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select([sql<number>`coalesce(u.parent_id, u.id)`.as('owner_id'), sql<number>`count(distinct u.id)`.as('users')])
    .where('l.action', '=', 'signIn')
    .where('l.result', '=', 'ok')
    .where('l.at', '>=', from)
    .where('l.at', '<', to)
    .where((eb) => eb(sql`coalesce(u.parent_id, u.id)`, 'in', eb.selectFrom('devices').select('owner_id')))
    .groupBy(sql`coalesce(u.parent_id, u.id)`)
    .execute();
}

/** A month's rows: the sums of its days, and its users each counted once. */
export async function countMonth(db: Db, days: string[], from: number, to: number): Promise<Tally> {
  const tally = new Tally();
  const rows = await db
    .selectFrom('ops_stats')
    .selectAll()
    .where('period', '=', 'day')
    .where('start', 'in', days)
    .orderBy('start')
    .execute();
  const last = days.at(-1);
  for (const r of rows) {
    for (const c of FIGURE_COLUMNS) {
      // The month's device count is its last day's; its users are counted below.
      if (c === 'active_users' || (c === 'devices_total' && r.start !== last)) continue;
      tally.add(r.owner_id, c, r[c]);
    }
  }
  for (const r of await activeUsers(db, from, to)) {
    if (tally.byOwner.has(Number(r.owner_id))) tally.add(r.owner_id, 'active_users', r.users);
  }
  return tally;
}

/** Replaces a period's rows with the tally and marks it counted, in one transaction. */
export async function saveCount(
  db: Db,
  period: 'day' | 'month',
  start: string,
  tally: Tally,
  at: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('ops_stats').where('period', '=', period).where('start', '=', start).execute();
    const rows = [...tally.byOwner].map(([owner_id, figures]) => ({ owner_id, period, start, ...figures }));
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('ops_stats')
        .values(rows.slice(i, i + 200))
        .execute();
    await trx
      .insertInto('ops_runs')
      .values({ period, start, counted_at: at })
      .onConflict((oc) => oc.columns(['period', 'start']).doUpdateSet({ counted_at: at }))
      .execute();
  });
}

/** The periods already counted since `start` (inclusive). */
export async function countedSince(db: Db, period: 'day' | 'month', start: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('ops_runs')
    .select('start')
    .where('period', '=', period)
    .where('start', '>=', start)
    .execute();
  return new Set(rows.map((r) => r.start));
}

/** When the oldest device was added: nothing to count before it. */
export async function firstDeviceAt(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

/** The rows of the accounts in scope for the periods from `start` on, summed per period. */
export async function statsOf(db: Db, ownerIds: number[] | 'all', period: 'day' | 'month', start: string) {
  if (ownerIds !== 'all' && ownerIds.length === 0) return [];
  return db
    .selectFrom('ops_stats')
    .select(['start', ...FIGURE_COLUMNS.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c))])
    .where('period', '=', period)
    .where('start', '>=', start)
    .$if(ownerIds !== 'all', (q) => q.where('owner_id', 'in', ownerIds === 'all' ? [] : ownerIds))
    .groupBy('start')
    .orderBy('start')
    .execute();
}

/** The last day counted. */
export async function lastCountedDay(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('ops_runs')
    .select((eb) => eb.fn.max('start').as('start'))
    .where('period', '=', 'day')
    .executeTakeFirst();
  return row?.start ?? null;
}
