import {
  OPS_DAYS,
  OPS_MONTHS,
  type OpsFigures,
  type OpsRow,
  type OpsView,
  type OpsWindow,
  translate,
} from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { type Cell, streamWorkbook } from '../../platform/excel/stream.ts';
import { DAY, endOfDate, formatDate, HOUR, startOfDate } from '../../platform/time.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import * as repo from './repository.ts';

/** How far back a first run (or a run after a long stop) counts: the online records are kept 35 days. */
export const LOOK_BACK_DAYS = 35;

const nextDate = (date: string) => formatDate(endOfDate(date));
const monthOf = (date: string) => date.slice(0, 7);

/**
 * Counts every day not yet counted whose next day's 01:00 has passed (spec section 9: the previous
 * day at 01:00), then every month all of whose days are counted and whose next month has begun
 * (on the 1st). Days the server was down for are counted on its next run; a day counted is not
 * counted again. Returns what it counted.
 */
export async function countMissing(db: Kysely<Database>, now = Date.now()) {
  const counted = { days: [] as string[], months: [] as string[] };
  const first = await repo.firstDeviceAt(db);
  if (first === null) return counted;
  const lookBack = formatDate(now - LOOK_BACK_DAYS * DAY);
  const from = [formatDate(first), lookBack].sort().at(-1) ?? lookBack;
  const done = await repo.countedSince(db, 'day', from);
  for (let day = from; endOfDate(day) + HOUR <= now; day = nextDate(day)) {
    if (done.has(day)) continue;
    await repo.saveCount(db, 'day', day, await repo.countDay(db, startOfDate(day), endOfDate(day)), Date.now());
    counted.days.push(day);
  }

  const months = await repo.countedSince(db, 'month', monthOf(from));
  const daysDone = await repo.countedSince(db, 'day', `${monthOf(from)}-01`);
  for (let month = monthOf(from); ; ) {
    const days: string[] = [];
    for (let day = `${month}-01`; monthOf(day) === month; day = nextDate(day)) days.push(day);
    const next = nextDate(days.at(-1) ?? `${month}-01`);
    if (startOfDate(next) + HOUR > now) break;
    // A month counts from the first day the job could count: before the first device, there was nothing.
    const counting = days.filter((d) => d >= formatDate(first));
    if (!months.has(month) && counting.every((d) => daysDone.has(d) || counted.days.includes(d))) {
      await repo.saveCount(
        db,
        'month',
        month,
        await repo.countMonth(db, counting, startOfDate(days[0] ?? next), startOfDate(next)),
        Date.now(),
      );
      counted.months.push(month);
    }
    month = monthOf(next);
  }
  return counted;
}

const num = (v: unknown) => Number(v ?? 0);
const ratio = (a: number, b: number) => (b > 0 ? Math.min(1, a / b) : null);

function figuresOf(r: Partial<Record<keyof repo.Figures, unknown>>): OpsFigures {
  const n = (c: keyof repo.Figures) => num(r[c]);
  return {
    devicesTotal: n('devices_total'),
    devicesAdded: n('devices_added'),
    deviceDaysOnline: n('device_days_online'),
    deviceDays: n('device_days'),
    onlineRate: ratio(n('device_days_online'), n('device_days')),
    alarmsRaised: n('alarms_raised'),
    alarmsRestored: n('alarms_restored'),
    faultsRaised: n('faults_raised'),
    faultsRecovered: n('faults_recovered'),
    recoveryRate: ratio(n('alarms_restored') + n('faults_recovered'), n('alarms_raised') + n('faults_raised')),
    ordersOpened: n('orders_opened'),
    ordersClosed: n('orders_closed'),
    ordersOverdue: n('orders_overdue'),
    meanResponseMinutes: n('responses') > 0 ? n('response_ms') / n('responses') / 60_000 : null,
    meanRepairMinutes: n('repairs') > 0 ? n('repair_ms') / n('repairs') / 60_000 : null,
    values: n('values_stored'),
    activeUsers: n('active_users'),
  };
}

/** The first day (or month) of a window ending with yesterday (or last month). */
function windowStart(window: OpsWindow, now: number): string {
  const yesterday = formatDate(now - DAY);
  if (window === 'days') return formatDate(startOfDate(yesterday) - (OPS_DAYS - 1) * DAY + 12 * HOUR);
  const [y, m] = yesterday.split('-').map(Number) as [number, number];
  const back = y * 12 + (m - 1) - OPS_MONTHS;
  return `${Math.floor(back / 12)}-${String((back % 12) + 1).padStart(2, '0')}`;
}

/** The operation center: the caller's accounts' figures over the last 30 days or 12 months. */
export async function operationsView(actor: Actor, window: OpsWindow, now = Date.now()): Promise<OpsView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const rows = await repo.statsOf(
    actor.db,
    scope.all ? 'all' : scope.ownerIds,
    window === 'days' ? 'day' : 'month',
    windowStart(window, now),
  );
  const list: OpsRow[] = rows.map((r) => ({ period: r.start, ...figuresOf(r) }));
  const sums = Object.fromEntries(
    repo.FIGURE_COLUMNS.map((c) => [c, rows.reduce((sum, r) => sum + num(r[c]), 0)]),
  ) as Record<keyof repo.Figures, number>;
  const last = rows.at(-1);
  sums.devices_total = num(last?.devices_total);
  sums.active_users = Math.max(0, ...rows.map((r) => num(r.active_users)));
  return { window, rows: list, totals: figuresOf(sums), countedThrough: await repo.lastCountedDay(actor.db) };
}

const HEADER: Record<'zh-CN' | 'en', string[]> = {
  'zh-CN': [
    '日期',
    '设备总数',
    '新增设备',
    '在线率',
    '报警数',
    '当日恢复报警',
    '故障数',
    '当日恢复故障',
    '故障恢复率',
    '新建工单',
    '关闭工单',
    '超时工单',
    '平均响应（分钟）',
    '平均维修（分钟）',
    '数据量',
    '活跃用户',
  ],
  en: [
    'Period',
    'Devices',
    'Devices added',
    'Online rate',
    'Alarms',
    'Alarms restored that day',
    'Faults',
    'Faults recovered that day',
    'Failure recovery rate',
    'Work orders opened',
    'Work orders closed',
    'Work orders overdue',
    'Mean response (min)',
    'Mean repair (min)',
    'Data points stored',
    'Active users',
  ],
};

const percent = (v: number | null) => (v === null ? null : `${(v * 100).toFixed(1)}%`);
const minutes = (v: number | null) => (v === null ? null : Math.round(v));

/** The window's rows as an xlsx download, audited. */
export async function exportOperations(actor: Actor, window: OpsWindow): Promise<AsyncGenerator<Buffer>> {
  const view = await operationsView(actor, window);
  await audit(actor.db, actor.request, { action: 'exportOperations', targetType: 'statistics', detail: { window } });
  async function* rows(): AsyncGenerator<Cell[]> {
    for (const r of view.rows) {
      yield [
        r.period,
        r.devicesTotal,
        r.devicesAdded,
        percent(r.onlineRate),
        r.alarmsRaised,
        r.alarmsRestored,
        r.faultsRaised,
        r.faultsRecovered,
        percent(r.recoveryRate),
        r.ordersOpened,
        r.ordersClosed,
        r.ordersOverdue,
        minutes(r.meanResponseMinutes),
        minutes(r.meanRepairMinutes),
        r.values,
        r.activeUsers,
      ];
    }
  }
  const lang = actor.lang === 'en' ? 'en' : 'zh-CN';
  return streamWorkbook(translate('ops.export.sheet', actor.lang), HEADER[lang], rows());
}
