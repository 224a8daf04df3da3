import { type Lang, type RaisedWarning, translate } from '@meridian/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { countWarning } from '../screens/repository.ts';
import { openWarning } from '../warnings/open.ts';
import { addTodos } from '../warnings/todos.ts';
import {
  insertStepHistory,
  levelRanks,
  moveWarning,
  newWarningRecipients,
  openWarningOfResult,
} from '../warnings/workflow-repository.ts';

export interface CorrectedResult {
  resultId: number;
  studentId: number | null;
  studentName: string;
  schoolId: number;
  classId: number | null;
  /** The result's warning level before the correction, and what the rescored sheet raises now. */
  fromLevel: string | null;
  raised: RaisedWarning | null;
  fromTotal: number | null;
  toTotal: number | null;
}

/**
 * A teacher's correction moves the result's warning as a new result would (decision 0137): a level
 * that rises opens the warning, or raises the open one; a level that falls does not close or lower
 * anything by itself: the open warning gets a note for its handler, who decides. In the
 * correction's transaction. Returns what happened, for the audit entry.
 */
export async function warnAfterCorrection(
  trx: Transaction<Database>,
  r: CorrectedResult,
  byUserId: number,
  lang: Lang,
  at: number,
): Promise<'opened' | 'raised' | 'noted' | null> {
  if (r.studentId === null) return null;
  const ranks = await levelRanks(trx);
  // Rank 1 is the most severe; no level is below every level.
  const rankOf = (level: string | null) => (level === null ? Number.POSITIVE_INFINITY : (ranks.get(level) ?? 1000));
  const to = r.raised?.level ?? null;
  if (rankOf(to) === rankOf(r.fromLevel)) return null;
  const open = await openWarningOfResult(trx, r.resultId);
  const params = { from: String(r.fromTotal ?? '-'), to: String(r.toTotal ?? '-') };
  if (rankOf(to) < rankOf(r.fromLevel) && r.raised) {
    if (!open) {
      await openWarning(
        trx,
        {
          studentId: r.studentId,
          studentName: r.studentName,
          schoolId: r.schoolId,
          classId: r.classId,
          level: r.raised.level,
          rule: r.raised.rule,
          reason: r.raised.reason,
          resultId: r.resultId,
        },
        at,
      );
      return 'opened';
    }
    // Already more severe than the correction asks (raised by hand): leave it to the handler.
    if (rankOf(open.level) <= rankOf(to)) return null;
    if (!(await moveWarning(trx, open, { level: r.raised.level, updated_at: at }))) return null;
    const place = { schoolId: open.school_id, classId: open.class_id, createdAt: Number(open.created_at) };
    await countWarning(trx, { ...place, level: open.level, state: open.state }, -1);
    await countWarning(trx, { ...place, level: r.raised.level, state: open.state }, 1);
    await insertStepHistory(trx, {
      warning_id: open.id,
      action: 'relevel',
      from_state: open.state,
      to_state: open.state,
      from_level: open.level,
      to_level: r.raised.level,
      reason: translate('interview.correctionRaised', lang, params),
      by_user_id: byUserId,
      at,
    });
    return 'raised';
  }
  if (!open) return null;
  await insertStepHistory(trx, {
    warning_id: open.id,
    action: 'note',
    from_state: open.state,
    to_state: open.state,
    from_level: open.level,
    to_level: open.level,
    reason: translate('interview.correctionLowered', lang, params),
    by_user_id: byUserId,
    at,
  });
  // The handler is told by a to-do (decision 0145): the named handlers once set up, before that the
  // people a new warning goes to. One open note to-do each, however many corrections follow.
  const named = [open.psychology_user_id, open.class_teacher_user_id].filter((id): id is number => id !== null);
  const handlers =
    named.length > 0 ? named : (await newWarningRecipients(trx, open.school_id, open.class_id)).map((r) => r.user_id);
  await addTodos(trx, handlers, {
    kind: 'warning.note',
    titleKey: 'todo.warning.note',
    params: { student: r.studentName, ...params },
    warningId: open.id,
    at,
  });
  return 'noted';
}
