import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { applyStep } from './actions.ts';
import { type Facts, type Step, stepOf } from './conditions.ts';
import type { DeviceContext, EngineTrigger } from './store.ts';

const stepFor = (ctx: DeviceContext, trigger: EngineTrigger, facts: Facts): Step =>
  stepOf(
    trigger.rule,
    facts,
    { active: ctx.active.get(trigger.id) ?? null, pendingSince: ctx.pending.get(trigger.id) ?? null },
    trigger.durationMs,
    trigger.pushIntervalMs,
  );

/**
 * Evaluates every trigger of the device against `facts` and carries out what each calls for.
 * Nearly every reading calls for nothing: then it returns undefined without a promise, which
 * keeps the engine's cost per reading to the comparisons themselves.
 */
export function actOn(db: Db, ctx: DeviceContext, facts: Facts, log: Logger): Promise<void> | undefined {
  for (let i = 0; i < ctx.triggers.length; i++) {
    if (stepFor(ctx, ctx.triggers[i] as EngineTrigger, facts)) return carryOut(db, ctx, facts, log, i);
  }
  return undefined;
}

async function carryOut(db: Db, ctx: DeviceContext, facts: Facts, log: Logger, from: number): Promise<void> {
  for (const trigger of ctx.triggers.slice(from)) {
    const step = stepFor(ctx, trigger, facts);
    if (step) await applyStep(db, ctx, trigger, step, facts, log);
  }
}
