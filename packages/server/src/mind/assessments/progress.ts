import type { PageQuery } from '@meridian/contracts';
import { toJson } from '../../platform/db/sql.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { insertReminders, orgNames, progressBy, unansweredPage } from './progress-repository.ts';
import { copiesOf } from './sync-repository.ts';
import { staffScope, taskNotFound } from './tasks.ts';
import { findVisibleTask } from './tasks-repository.ts';

async function visibleTask(actor: Actor, id: number) {
  const scope = await staffScope(actor);
  const task = await findVisibleTask(actor.db, scope, id);
  if (!task) throw taskNotFound();
  return { scope, task };
}

/** Completion of a task by school, grade or class, counted within the caller's scope. */
export async function taskProgress(actor: Actor, id: number, by: 'school' | 'grade' | 'class') {
  const { scope, task } = await visibleTask(actor, id);
  // A synced bureau task counts its schools' copies (decision 0139).
  const copies = await copiesOf(actor.db, task.id);
  const rows = await progressBy(actor.db, scope, [task.id, ...copies.map((c) => c.id)], by);
  const names = await orgNames(
    actor.db,
    rows.map((r) => r.org_id).filter((o): o is number => o !== null),
  );
  const list = rows.map((r) => ({
    orgId: Number(r.org_id ?? 0),
    orgName: r.org_id === null ? '' : (names.get(Number(r.org_id)) ?? ''),
    total: Number(r.total),
    done: Number(r.done ?? 0),
    started: Number(r.started ?? 0),
  }));
  const sum = (k: 'total' | 'done' | 'started') => list.reduce((n, r) => n + r[k], 0);
  return { total: sum('total'), done: sum('done'), started: sum('started'), rows: list };
}

export async function unansweredList(actor: Actor, id: number, classId: number | undefined, paging: PageQuery) {
  const { scope, task } = await visibleTask(actor, id);
  const page = await unansweredPage(actor.db, scope, task.id, classId, paging);
  return {
    ...page,
    list: page.list.map((r) => ({
      assigneeId: r.id,
      studentId: r.student_id,
      name: r.name,
      studentNo: r.student_no,
      orgName: r.org_name,
      scaleId: r.scale_id,
      state: r.state === 'started' ? ('started' as const) : ('todo' as const),
    })),
  };
}

/** A to-do for each person of the scope who has not finished; a second reminder waits until the first is read. */
export async function remind(actor: Actor, id: number) {
  const { scope, task } = await visibleTask(actor, id);
  const reminded = await insertReminders(actor.db, scope, task.id, toJson({ task: task.name }), Date.now());
  await audit(actor.db, actor.request, {
    action: 'assessment.task.remind',
    targetType: 'assessment_task',
    targetId: task.id,
    detail: { reminded },
  });
  return { reminded };
}
