import { hasPermission, type WarningAction } from '@meridian/contracts';
import type { Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { staffScope } from '../assessments/tasks.ts';
import { countWarning } from '../screens/repository.ts';
import { findWarning, levelRows, type WarningListRow } from './repository.ts';
import { nextState } from './states.ts';
import type { WarningsTable } from './tables.ts';
import { insertStepHistory, moveWarning } from './workflow-repository.ts';

/** A warning the caller may see, or "not found" (so that one outside the scope is not revealed). */
export async function loadWarning(actor: Actor, id: number): Promise<WarningListRow> {
  const scope = await staffScope(actor);
  const row = await findWarning(actor.db, scope, actor.auth.userId, id);
  if (!row) throw new AppError(404, 'warning.notFound');
  return row;
}

/** Whether the caller assigns warnings (set-up, publish, cancel, hand up) rather than only handling them. */
export function canAssign(actor: Actor): boolean {
  return actor.auth.superAdmin || hasPermission(actor.auth.permissions, '/data/intervene', 'assign');
}

/** Handling steps (records, solving, level changes) belong to the named handlers and to those who assign. */
export function requireHandler(actor: Actor, w: WarningListRow): void {
  if (canAssign(actor)) return;
  const me = actor.auth.userId;
  if (w.psychology_user_id === me || w.class_teacher_user_id === me) return;
  throw new AppError(403, 'warning.notHandler');
}

/** A configured level, or the rule that names the field. */
export async function requireLevel(actor: Actor, code: string): Promise<void> {
  const levels = await levelRows(actor.db);
  if (!levels.some((l) => l.code === code)) {
    throw new AppError(400, 'warning.levelUnknown', { rules: [{ field: 'level', key: 'warning.levelUnknown' }] });
  }
}

export interface Step {
  action: WarningAction;
  reason?: string | null;
  toLevel?: string;
  set?: Updateable<WarningsTable>;
  /** The to-dos, notices and other rows the step writes in its transaction. */
  effects?: (trx: Transaction<Database>, historyId: number, at: number) => Promise<void>;
}

/**
 * Moves a warning by one action of the workflow table, in one transaction: the row (only if nobody
 * moved it meanwhile), its history row, its audit entry and the step's effects.
 */
export async function takeStep(actor: Actor, w: WarningListRow, step: Step): Promise<void> {
  const to = nextState(w.state, step.action);
  if (to === null) throw new AppError(409, 'warning.notNow');
  const at = Date.now();
  await actor.db.transaction().execute(async (trx) => {
    const moved = await moveWarning(trx, w, { ...step.set, state: to, level: step.toLevel ?? w.level, updated_at: at });
    // Another step got there first: refuse rather than write a history that skips a state.
    if (!moved) throw new AppError(409, 'warning.notNow');
    // The screens' counts move with it: out of its old state and level, into the new ones.
    const place = { schoolId: w.school_id, classId: w.class_id, createdAt: w.created_at };
    await countWarning(trx, { ...place, level: w.level, state: w.state }, -1);
    await countWarning(
      trx,
      { ...place, level: step.toLevel ?? w.level, state: to },
      1,
      to === 'solved' ? at - w.created_at : 0,
    );
    const historyId = await insertStepHistory(trx, {
      warning_id: w.id,
      action: step.action,
      from_state: w.state,
      to_state: to,
      from_level: w.level,
      to_level: step.toLevel ?? w.level,
      reason: step.reason ?? null,
      by_user_id: actor.auth.userId,
      at,
    });
    await audit(trx, actor.request, {
      action: `warning.${step.action}`,
      targetType: 'warning',
      targetId: w.id,
      detail: { studentId: w.student_id, from: w.state, to, ...(step.reason ? { reason: step.reason } : {}) },
    });
    await step.effects?.(trx, historyId, at);
  });
}
