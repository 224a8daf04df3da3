import { type TaskSyncResult, type TaskTargets, type TaskWithdrawal, translate } from '@meridian/contracts';
import { toBool } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { targetStudentIds, targetTeacherIds } from './publish-repository.ts';
import { type PinnedScale, publishedScale } from './scales.ts';
import {
  copiesOf,
  deleteSheets,
  insertCopy,
  schoolsOfOrgs,
  schoolsOfStudents,
  schoolsOfTeachers,
  startedSheets,
} from './sync-repository.ts';
import { removeTask, writeSheets } from './task-states.ts';
import { ownsTask, staffScope, taskNotFound } from './tasks.ts';
import {
  deleteTask,
  findTask,
  findVisibleTask,
  orgsByIds,
  replaceScales,
  resultCount,
  targetsOf,
  taskScales,
  updateTask,
} from './tasks-repository.ts';

type TaskRow = NonNullable<Awaited<ReturnType<typeof findTask>>>;

/**
 * The bureau task the caller may sync or withdraw: visible, published by an organisation the
 * caller's holds (a school below it is told so in words), a bureau's, and not published directly.
 */
async function bureauTask(actor: Actor, id: number): Promise<{ row: TaskRow; scope: StudentScope }> {
  const scope = await staffScope(actor);
  const row = await findVisibleTask(actor.db, scope, id);
  if (!row) {
    // A school below the bureau does not see its draft, but is told why it cannot sync it.
    const above = await findTask(actor.db, id);
    if (above && scope.orgPaths.some((path) => path.startsWith(above.org_path))) {
      throw new AppError(403, 'taskSync.notPublisher');
    }
    throw taskNotFound();
  }
  if (!ownsTask(scope, row)) throw new AppError(403, 'taskSync.notPublisher');
  const [org] = await orgsByIds(actor.db, [row.org_id]);
  if (row.source_task_id !== null || org?.type === 'school') throw new AppError(409, 'taskSync.notBureau');
  return { row, scope };
}

/** Each target school's share of the bureau task's targets: the school itself, or its grades, classes, students and teachers. */
async function shareBySchool(actor: Actor, t: TaskTargets): Promise<Map<number, TaskTargets>> {
  const db = actor.db;
  const [orgSchools, studentSchools, teacherSchools] = await Promise.all([
    schoolsOfOrgs(db, [...t.gradeIds, ...t.classIds]),
    schoolsOfStudents(db, t.studentIds),
    schoolsOfTeachers(db, t.teacherUserIds),
  ]);
  const shares = new Map<number, TaskTargets>();
  const share = (schoolId: number) => {
    let s = shares.get(schoolId);
    if (!s) {
      s = { schoolIds: [], gradeIds: [], classIds: [], studentIds: [], teacherUserIds: [] };
      shares.set(schoolId, s);
    }
    return s;
  };
  for (const id of t.schoolIds) share(id).schoolIds.push(id);
  const schoolOf = (id: number) => orgSchools.find((o) => o.org_id === id)?.school_id;
  for (const id of t.gradeIds) {
    const school = schoolOf(id);
    if (school !== undefined) share(school).gradeIds.push(id);
  }
  for (const id of t.classIds) {
    const school = schoolOf(id);
    if (school !== undefined) share(school).classIds.push(id);
  }
  for (const s of studentSchools) share(s.school_id).studentIds.push(s.id);
  for (const s of teacherSchools) {
    const target = share(s.school_id).teacherUserIds;
    if (!target.includes(s.user_id)) target.push(s.user_id);
  }
  return shares;
}

/** What a copy carries of the bureau task: compared to decide whether an unstarted copy needs updating. */
function carried(row: TaskRow, targets: TaskTargets, scaleIds: number[]) {
  return JSON.stringify([
    row.name,
    row.kind,
    row.rater,
    row.mode,
    Number(row.starts_at),
    Number(row.ends_at),
    toBool(row.retest),
    toBool(row.show_report),
    row.max_minutes,
    // In a fixed order: PostgreSQL's jsonb gives the keys back in its own.
    [targets.schoolIds, targets.gradeIds, targets.classIds, targets.studentIds, targets.teacherUserIds],
    scaleIds,
  ]);
}

/**
 * Syncs a bureau task down to each of its target schools as that school's own published task,
 * once per school: a second sync creates nothing new, adds schools added since, and rewrites the
 * copies nobody has started when the bureau task changed. Copies somebody started are kept.
 */
export async function syncTask(actor: Actor, id: number): Promise<TaskSyncResult> {
  const { row } = await bureauTask(actor, id);
  if (row.state !== 'draft') throw new AppError(409, 'taskSync.notDraft');
  const scaleIds = (await taskScales(actor.db, [row.id])).map((s) => s.scale_id);
  const pinned: PinnedScale[] = [];
  for (const scaleId of scaleIds) pinned.push(await publishedScale(actor.db, scaleId));
  const shares = await shareBySchool(actor, targetsOf(row));
  const schools = await orgsByIds(actor.db, [...shares.keys()]);
  const copies = await copiesOf(actor.db, row.id);
  const teacherTask = row.kind === 'teacher';
  const result: TaskSyncResult = { created: 0, updated: 0, unchanged: 0, kept: 0 };
  for (const school of [...schools].sort((a, b) => a.id - b.id)) {
    const targets = shares.get(school.id);
    if (!targets) continue;
    const people = teacherTask ? await targetTeacherIds(actor.db, targets) : await targetStudentIds(actor.db, targets);
    const copy = copies.find((c) => c.org_id === school.id);
    const at = Date.now();
    if (copy) {
      if (carried(copy, targetsOf(copy), await copyScaleIds(actor, copy.id)) === carried(row, targets, scaleIds)) {
        result.unchanged += 1;
        continue;
      }
      if ((await startedSheets(actor.db, copy.id)) > 0) {
        result.kept += 1;
        continue;
      }
      await actor.db.transaction().execute(async (trx) => {
        await deleteSheets(trx, copy.id);
        await updateTask(trx, copy.id, { ...copyFields(row), targets, updated_at: at });
        await replaceScales(trx, copy.id, scaleIds);
        await writeSheets(trx, copy.id, teacherTask, pinned, people, at);
      });
      result.updated += 1;
      continue;
    }
    const created = await actor.db.transaction().execute(async (trx) => {
      const copyId = await insertCopy(trx, {
        ...copyFields(row),
        org_id: school.id,
        org_path: school.path,
        state: 'draft',
        targets,
        assignee_count: 0,
        created_by: actor.auth.userId,
        created_at: at,
        updated_at: at,
        source_task_id: row.id,
      });
      if (copyId === undefined) return false;
      await replaceScales(trx, copyId, scaleIds);
      await writeSheets(trx, copyId, teacherTask, pinned, people, at);
      return true;
    });
    if (created) result.created += 1;
    else result.unchanged += 1;
  }
  await audit(actor.db, actor.request, {
    action: 'assessment.task.sync',
    targetType: 'assessment_task',
    targetId: row.id,
    detail: result,
  });
  return result;
}

async function copyScaleIds(actor: Actor, copyId: number): Promise<number[]> {
  return (await taskScales(actor.db, [copyId])).map((s) => s.scale_id);
}

const copyFields = (row: TaskRow) => ({
  name: row.name,
  kind: row.kind,
  rater: row.rater,
  mode: row.mode,
  starts_at: row.starts_at,
  ends_at: row.ends_at,
  retest: toBool(row.retest),
  show_report: toBool(row.show_report),
  max_minutes: row.max_minutes,
});

/**
 * Deleting a synced bureau task withdraws the copies nobody has started; a copy with a started or
 * finished sheet is kept (its answers are students' records), and so is the bureau task then.
 */
async function withdrawTask(actor: Actor, row: TaskRow): Promise<TaskWithdrawal> {
  const lang = actor.lang;
  const copies = await copiesOf(actor.db, row.id);
  let withdrawn = 0;
  let kept = 0;
  for (const copy of copies) {
    if ((await startedSheets(actor.db, copy.id)) > 0 || (await resultCount(actor.db, copy.id)) > 0) {
      kept += 1;
      continue;
    }
    await actor.db.transaction().execute(async (trx) => {
      await deleteSheets(trx, copy.id);
      await deleteTask(trx, copy.id);
    });
    withdrawn += 1;
  }
  const deleted = kept === 0;
  if (deleted) await deleteTask(actor.db, row.id);
  await audit(actor.db, actor.request, {
    action: 'assessment.task.withdraw',
    targetType: 'assessment_task',
    targetId: row.id,
    detail: { withdrawn, kept, deleted },
  });
  const message = deleted
    ? translate('taskSync.withdrawn', lang, { withdrawn })
    : translate('taskSync.kept', lang, { withdrawn, kept });
  return { withdrawn, kept, deleted, message };
}

/**
 * `survey/task/delete`: a synced bureau task withdraws its copies; a school's copy of a bureau
 * task is the bureau's to withdraw; any other task is deleted as before (without results).
 */
export async function deleteOrWithdraw(actor: Actor, id: number): Promise<TaskWithdrawal | null> {
  const scope = await staffScope(actor);
  const row = await findVisibleTask(actor.db, scope, id);
  if (row && ownsTask(scope, row)) {
    if ((await copiesOf(actor.db, row.id)).length > 0) return withdrawTask(actor, row);
    const source = row.source_task_id === null ? undefined : await findTask(actor.db, row.source_task_id);
    if (source && !ownsTask(scope, source)) throw new AppError(403, 'taskSync.copy');
  }
  await removeTask(actor, id);
  return null;
}
