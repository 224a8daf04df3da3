import { HOME_ALARM_DAYS, HOME_OFFLINE_DEVICES, hasPermission, type IotHomeSummary } from '@meridian/contracts';
import { formatDate, startOfDay } from '../../platform/time.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { alarmCounts, alarmsByRange } from '../alarms/repository.ts';
import { homeAnnouncements } from '../articles/service.ts';
import { recentlyOffline } from '../devices/repository.ts';
import { overdueOf } from '../workorders/overdue.ts';
import { openOrders } from '../workorders/repository.ts';
import { orderScopeOf } from '../workorders/service.ts';

const DAY = 86_400_000;

/**
 * The home page's cards (issue 27): each read in the caller's scope, and only for the areas the
 * caller may open, so that the page shows nothing its links would then refuse.
 */
export async function homeSummary(actor: Actor, now = Date.now()): Promise<IotHomeSummary> {
  const may = (path: string) => hasPermission(actor.auth.permissions, path, 'view');
  const scope = await accountScopeOf(actor.db, actor.auth);
  const [alarms, offline, workOrders, announcements] = await Promise.all([
    may('/iot/alarms') ? alarmWeek(actor, scope, now) : null,
    may('/iot/devices') ? recentlyOffline(actor.db, scope, HOME_OFFLINE_DEVICES) : null,
    may('/iot/workOrders') ? orderCounts(actor, now) : null,
    homeAnnouncements(actor, now),
  ]);
  return {
    alarms,
    offline:
      offline?.map((d) => ({ id: d.id, name: d.name, sn: d.sn ?? '', at: d.at === null ? null : Number(d.at) })) ??
      null,
    workOrders,
    announcements,
  };
}

/** Today's alarm counts and the last HOME_ALARM_DAYS days' alarms raised and restored, oldest first. */
export async function alarmWeek(actor: Actor, scope: Awaited<ReturnType<typeof accountScopeOf>>, now: number) {
  // Day starts in the deployment's zone, oldest first; the last bound is the end of today.
  const today = startOfDay(now);
  const bounds: number[] = [];
  for (let i = HOME_ALARM_DAYS - 1; i >= 0; i--) bounds.push(startOfDay(today - i * DAY + DAY / 2));
  bounds.push(startOfDay(today + DAY + DAY / 2));
  const [counts, days] = await Promise.all([
    alarmCounts(actor.db, scope, today),
    alarmsByRange(actor.db, scope, bounds),
  ]);
  return {
    ...counts,
    week: days.map((d, i) => ({ date: formatDate(bounds[i] ?? today), ...d })),
  };
}

async function orderCounts(actor: Actor, now: number) {
  const rows = await openOrders(actor.db, await orderScopeOf(actor));
  return {
    open: rows.length,
    overdue: rows.filter((r) => overdueOf(r, now) !== null).length,
    mine: rows.filter((r) => Number(r.assignee_id) === actor.auth.userId).length,
    maintenanceOverdue: rows.filter((r) => r.plan_due_at !== null && Number(r.plan_due_at) < now).length,
  };
}
