import type { AlarmCondition, ConditionJoin } from '@meridian/contracts';

export type Reading = number | string | boolean;

/** What a trigger is evaluated against: the newest value of each point and the device's link. */
export interface Facts {
  values: ReadonlyMap<number, Reading>;
  at: number;
  offline: boolean;
  /** When the device last sent data (or registered); null when it never has. */
  lastDataAt: number | null;
}

/** The trigger as the engine sees it: conditions, how they join, and the dead zone. */
export interface Rule {
  conditions: readonly AlarmCondition[];
  join: ConditionJoin;
  deadZone: number;
}

const numberOf = (v: Reading | undefined): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return null;
};

/**
 * Whether one condition holds. `active` is whether the alarm already lasts: then the dead zone
 * widens the condition, so that a value hovering at the threshold does not flap. With a threshold
 * of 100 and a dead zone of 10, "greater than" starts above 100 and lasts down to 90 (restores
 * below 90); "less than" mirrors it; "between" and "equal" widen by the dead zone on each side;
 * "outside" narrows its gap by it. "Not equal" and the switch conditions have no dead zone.
 */
export function conditionHolds(c: AlarmCondition, facts: Facts, deadZone: number, active: boolean): boolean {
  const zone = active ? deadZone : 0;
  if (c.kind === 'offline') return facts.offline;
  if (c.kind === 'noData') {
    const since = facts.lastDataAt ?? 0;
    return facts.at - since >= (c.minutes ?? 0) * 60_000;
  }
  const raw = c.pointId === undefined ? undefined : facts.values.get(c.pointId);
  const v = numberOf(raw);
  if (v === null) return false;
  switch (c.kind) {
    case 'gt':
      return active ? v >= (c.value as number) - zone : v > (c.value as number);
    case 'lt':
      return active ? v <= (c.value as number) + zone : v < (c.value as number);
    case 'eq':
      return Math.abs(v - (c.value as number)) <= zone;
    case 'ne':
      return v !== c.value;
    case 'between':
      return v >= (c.min as number) - zone && v <= (c.max as number) + zone;
    case 'outside':
      return active
        ? v <= (c.min as number) + zone || v >= (c.max as number) - zone
        : v < (c.min as number) || v > (c.max as number);
    case 'switchOn':
      return v !== 0;
    case 'switchOff':
      return v === 0;
    default:
      return false;
  }
}

/** Whether the trigger's conditions hold together (AND) or any of them (OR). */
export function ruleHolds(rule: Rule, facts: Facts, active: boolean): boolean {
  const one = (c: AlarmCondition) => conditionHolds(c, facts, rule.deadZone, active);
  return rule.join === 'and' ? rule.conditions.every(one) : rule.conditions.some(one);
}

/**
 * The condition, point and value an alarm shows: those of the first condition on a point that
 * holds, else of the first on a point; a trigger on the device alone shows its first condition.
 */
export function shownReading(
  rule: Rule,
  facts: Facts,
  active: boolean,
): { condition: AlarmCondition | null; pointId: number | null; value: string | null } {
  const onPoints = rule.conditions.filter((c) => c.pointId !== undefined);
  const chosen = onPoints.find((c) => conditionHolds(c, facts, rule.deadZone, active)) ?? onPoints[0];
  if (!chosen || chosen.pointId === undefined)
    return { condition: rule.conditions[0] ?? null, pointId: null, value: null };
  const v = facts.values.get(chosen.pointId);
  return {
    condition: chosen,
    pointId: chosen.pointId,
    value: v === undefined ? null : String(typeof v === 'boolean' ? Number(v) : v),
  };
}

/** What the state of one trigger on one device calls for now. */
export type Step = 'fire' | 'pend' | 'unpend' | 'repeat' | 'restore' | null;

export interface TriggerState {
  active: { lastPushedAt: number } | null;
  pendingSince: number | null;
}

/**
 * The one decision of the engine, shared by the live evaluation and the scheduled check: an alarm
 * fires once (after `durationMs` of holding, when set), stays silent while it lasts except for a
 * push every `pushIntervalMs` (0: never), and restores once the widened condition no longer holds.
 */
export function stepOf(
  rule: Rule,
  facts: Facts,
  state: TriggerState,
  durationMs: number,
  pushIntervalMs: number,
): Step {
  if (state.active) {
    if (!ruleHolds(rule, facts, true)) return 'restore';
    if (pushIntervalMs > 0 && facts.at - state.active.lastPushedAt >= pushIntervalMs) return 'repeat';
    return null;
  }
  const holds = ruleHolds(rule, facts, false);
  if (!holds) return state.pendingSince === null ? null : 'unpend';
  if (durationMs <= 0) return 'fire';
  if (state.pendingSince === null) return 'pend';
  return facts.at - state.pendingSince >= durationMs ? 'fire' : null;
}
