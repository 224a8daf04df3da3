import type { LocalText, WarningSource } from '@meridian/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toJson } from '../../platform/db/sql.ts';
import { addTodos } from './todos.ts';

export interface WarningToOpen {
  studentId: number;
  studentName: string;
  schoolId: number;
  classId: number | null;
  level: string;
  rule: string;
  reason: LocalText;
  /** The result that raised it; for a report or an observation, the reporting user. */
  resultId: number;
  /** Scale results by default. */
  source?: WarningSource;
  /** Who raised it by hand; null for a scale result. */
  byUserId?: number | null;
}

/**
 * Opens a warning record in the transaction of whatever raised it, with its first history row and
 * a to-do for the school's psychology teachers and the class's head teacher, so that no warning
 * exists without its to-dos and no result without its warning.
 */
export async function openWarning(trx: Transaction<Database>, w: WarningToOpen, at: number): Promise<number> {
  const { id } = await trx
    .insertInto('warnings')
    .values({
      student_id: w.studentId,
      school_id: w.schoolId,
      class_id: w.classId,
      level: w.level,
      rule: w.rule,
      reason: toJson(w.reason),
      source_type: w.source ?? 'assessment',
      source_id: w.resultId,
      state: 'new',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('warning_history')
    .values({
      warning_id: id,
      action: 'open',
      from_state: null,
      to_state: 'new',
      from_level: null,
      to_level: w.level,
      reason: null,
      by_user_id: w.byUserId ?? null,
      at,
    })
    .execute();
  const recipients = await trx
    .selectFrom('teachers as t')
    .select('t.user_id')
    .where('t.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb.and([eb('t.school_id', '=', w.schoolId), eb('t.is_psychology', '=', true)]),
        ...(w.classId === null
          ? []
          : [
              eb(
                't.id',
                'in',
                eb
                  .selectFrom('class_teachers as ct')
                  .select('ct.teacher_id')
                  .where('ct.class_id', '=', w.classId)
                  .where('ct.kind', '=', 'head'),
              ),
            ]),
      ]),
    )
    .execute();
  const userIds = recipients.map((r) => r.user_id);
  await addTodos(trx, userIds, {
    kind: 'warning.new',
    titleKey: 'todo.warning.title',
    params: { student: w.studentName, level: w.level },
    warningId: id,
    at,
  });
  return id;
}
