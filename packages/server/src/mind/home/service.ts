import {
  HOME_CARD_ROWS,
  type HomeSummary,
  type HomeSummaryQuery,
  hasPermission,
  type LocalText,
} from '@meridian/contracts';
import { fromJson } from '../../platform/db/sql.ts';
import { usageOf } from '../../portal/apps/repository.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { archiveScope } from '../archive/access.ts';
import { listTasks, staffScope } from '../assessments/tasks.ts';
import { visitCounts, visitTasksEnding } from '../homevisits/repository.ts';
import { interventionPage } from '../interventions/records-repository.ts';
import { listTodos } from '../interventions/todos.ts';
import { warningStatistics } from '../warnings/queries.ts';
import { levelRows } from '../warnings/repository.ts';

const first = { page: 1, size: HOME_CARD_ROWS };

/**
 * Mind's home page in one call (decision 0066). Each card reads what its own page reads, scoped
 * the same way, a few rows and a total; a card whose page the caller's role may not open is
 * left out, as its menu item is.
 */
export async function homeSummary(actor: Actor, week: HomeSummaryQuery): Promise<HomeSummary> {
  const may = (path: string) => actor.auth.superAdmin || hasPermission(actor.auth.permissions, path, 'view');
  const [todos, tasks, warnings, interviews, homeVisits, usage] = await Promise.all([
    listTodos(actor, 'open', first),
    may('/data/scaleMeasurement') ? runningTasks(actor) : null,
    may('/data/intervene') ? newWarnings(actor) : null,
    may('/data/intervene') ? weekInterviews(actor, week) : null,
    may('/data/homeVisitRecord') ? visitsDue(actor, week) : null,
    usageOf(actor.db, actor.auth.userId),
  ]);
  return {
    todos: { total: todos.total, list: todos.list },
    tasks,
    warnings,
    interviews,
    homeVisits,
    usage: usage.map((u) => ({ appId: Number(u.app_id), clicks: Number(u.clicks) })),
  };
}

async function runningTasks(actor: Actor) {
  const page = await listTasks(actor, { state: 'published' }, first);
  return {
    total: page.total,
    list: page.list.map((t) => ({
      id: t.id,
      name: t.name,
      kind: t.kind,
      endsAt: t.endsAt,
      assignees: t.assignees,
      done: t.done,
    })),
  };
}

async function newWarnings(actor: Actor) {
  const [counts, levels] = await Promise.all([warningStatistics(actor, { state: 'new' }), levelRows(actor.db)]);
  return {
    total: counts.total,
    byLevel: levels.map((l) => ({
      code: l.code,
      name: fromJson<LocalText>(l.name),
      colour: l.colour,
      count: counts.byLevel[l.code] ?? 0,
    })),
  };
}

async function weekInterviews(actor: Actor, week: HomeSummaryQuery) {
  const scope = await staffScope(actor);
  const page = await interventionPage(
    actor.db,
    scope,
    actor.auth.userId,
    { kind: 'interview', from: week.weekFrom, to: week.weekTo },
    first,
  );
  return {
    total: page.total,
    list: page.list.map((i) => ({
      id: i.id,
      warningId: i.warning_id,
      studentName: i.student_name,
      happenedAt: Number(i.happened_at),
    })),
  };
}

async function visitsDue(actor: Actor, week: HomeSummaryQuery) {
  const scope = await archiveScope(actor);
  const due = await visitTasksEnding(actor.db, scope, week.weekFrom, week.weekTo, HOME_CARD_ROWS);
  const visited = await visitCounts(
    actor.db,
    due.list.map((t) => t.id),
  );
  return {
    total: due.total,
    list: due.list.map((t) => ({
      id: t.id,
      name: t.name,
      endsAt: Number(t.ends_at),
      visited: visited.get(t.id) ?? 0,
    })),
  };
}
