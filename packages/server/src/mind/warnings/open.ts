import type { LocalText, WarningSource } from '@meridian/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toJson } from '../../platform/db/sql.ts';
import { countWarning } from '../screens/repository.ts';
import { addTodos } from './todos.ts';
import { insertHistory, insertWarning, newWarningRecipients } from './workflow-repository.ts';

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
  const id = await insertWarning(trx, {
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
  });
  await countWarning(trx, { schoolId: w.schoolId, classId: w.classId, level: w.level, state: 'new', createdAt: at }, 1);
  await insertHistory(trx, {
    warning_id: id,
    action: 'open',
    from_state: null,
    to_state: 'new',
    from_level: null,
    to_level: w.level,
    reason: null,
    by_user_id: w.byUserId ?? null,
    at,
  });
  const recipients = await newWarningRecipients(trx, w.schoolId, w.classId);
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
