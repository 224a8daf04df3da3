import { type Lang, type Task, type TaskState, translate } from '@meridian/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { countAssigned } from '../screens/repository.ts';
import {
  assignStudents,
  assignTeachers,
  setAssigneeCount,
  targetStudentIds,
  targetTeacherIds,
} from './publish-repository.ts';
import { type PinnedScale, publishedScale } from './scales.ts';
import { copyCounts } from './sync-repository.ts';
import { ownsTask, staffScope, taskDetail, taskNotFound } from './tasks.ts';
import {
  deleteTask,
  findVisibleTask,
  moveState,
  pinVersion,
  resultCount,
  targetsOf,
  taskScales,
} from './tasks-repository.ts';

/**
 * The life of a task: draft → published → paused ⇄ published → ended. Only the publishing
 * organisation (or one above it) may move it: a school cannot revoke what its bureau published.
 */
async function ownedTask(actor: Actor, id: number) {
  const scope = await staffScope(actor);
  const row = await findVisibleTask(actor.db, scope, id);
  if (!row) throw taskNotFound();
  if (!ownsTask(scope, row)) throw new AppError(403, 'task.notYours');
  return row;
}

const badState = (state: TaskState, lang: Lang) =>
  new AppError(409, 'task.badState', { params: { state: translate(`task.state.${state}`, lang) } });

/** Pins each scale's version and writes a sheet per person and scale; the task is then published. */
export async function writeSheets(
  trx: Transaction<Database>,
  taskId: number,
  teacherTask: boolean,
  pinned: PinnedScale[],
  people: number[],
  at: number,
): Promise<void> {
  for (const p of pinned) {
    await pinVersion(trx, taskId, p.scaleId, p.versionId);
    const start = { taskId, scaleId: p.scaleId, versionId: p.versionId, at };
    if (teacherTask) await assignTeachers(trx, start, people);
    else await assignStudents(trx, start, people);
  }
  await setAssigneeCount(trx, taskId, people.length * pinned.length, at);
  if (!teacherTask) await countAssigned(trx, taskId);
}

/**
 * Pins each scale's published version and writes a sheet per person and scale, all in one
 * transaction: a task is either live with every sheet or still a draft.
 */
export async function publishTask(actor: Actor, id: number): Promise<Task> {
  const row = await ownedTask(actor, id);
  if (row.state !== 'draft') throw badState(row.state, actor.lang);
  const scales = await taskScales(actor.db, [row.id]);
  const pinned: PinnedScale[] = [];
  for (const s of scales) pinned.push(await publishedScale(actor.db, s.scale_id));
  const targets = targetsOf(row);
  const teacherTask = row.kind === 'teacher';
  const people = teacherTask ? await targetTeacherIds(actor.db, targets) : await targetStudentIds(actor.db, targets);
  if (people.length === 0) throw new AppError(409, 'task.noAssignees');
  if ((await copyCounts(actor.db, [row.id])).length > 0) throw new AppError(409, 'taskSync.synced');
  const at = Date.now();
  await actor.db.transaction().execute(async (trx) => {
    if (!(await moveState(trx, row.id, ['draft'], 'published', at))) throw badState(row.state, actor.lang);
    await writeSheets(trx, row.id, teacherTask, pinned, people, at);
    await audit(trx, actor.request, {
      action: 'assessment.task.publish',
      targetType: 'assessment_task',
      targetId: row.id,
      detail: { sheets: people.length * pinned.length },
    });
  });
  return taskDetail(actor, row.id);
}

const moves: Record<'pause' | 'resume' | 'end', { from: TaskState[]; to: TaskState }> = {
  pause: { from: ['published'], to: 'paused' },
  resume: { from: ['paused'], to: 'published' },
  end: { from: ['published', 'paused'], to: 'ended' },
};

export async function moveTask(actor: Actor, id: number, move: keyof typeof moves): Promise<Task> {
  const row = await ownedTask(actor, id);
  const { from, to } = moves[move];
  if (!from.includes(row.state)) throw badState(row.state, actor.lang);
  await actor.db.transaction().execute(async (trx) => {
    if (!(await moveState(trx, row.id, from, to, Date.now()))) throw badState(row.state, actor.lang);
    await audit(trx, actor.request, {
      action: `assessment.task.${move}`,
      targetType: 'assessment_task',
      targetId: row.id,
    });
  });
  return taskDetail(actor, row.id);
}

/** A task with results is ended, not deleted: the results are the students' records. */
export async function removeTask(actor: Actor, id: number): Promise<void> {
  const row = await ownedTask(actor, id);
  if ((await resultCount(actor.db, row.id)) > 0) throw new AppError(409, 'task.hasResults');
  await actor.db.transaction().execute(async (trx) => {
    await deleteTask(trx, row.id);
    await audit(trx, actor.request, {
      action: 'assessment.task.delete',
      targetType: 'assessment_task',
      targetId: row.id,
      detail: { name: row.name },
    });
  });
}
