import type { Lang } from '../lang.ts';
import { translate } from '../messages.ts';
import type { AlarmCondition, ConditionJoin } from './alarms.ts';

/** A data point as a condition names it: its name and unit. */
export interface ConditionPoint {
  id: number;
  name: string;
  unit: string | null;
}

/** Conditions the dead zone widens (decision 0031); not-equal, switches and device conditions have none. */
const ZONED: ReadonlySet<AlarmCondition['kind']> = new Set(['gt', 'lt', 'eq', 'between', 'outside']);

const withUnit = (value: number | string | undefined, unit: string | null | undefined) =>
  [value ?? '', unit ?? ''].join(' ').trim();

/**
 * One condition as people read it, in `lang`: "温度 > 30 ℃ (死区 2)", "Temperature between 10 ℃
 * and 30 ℃", "Pump is on", "No data for 5 minutes". `point` undefined names the point by its id
 * (it was deleted); `withPoint: false` leaves the point out, for a sentence that names it already.
 */
export function conditionText(
  c: AlarmCondition,
  point: Pick<ConditionPoint, 'name' | 'unit'> | undefined,
  deadZone: number,
  lang: Lang,
  options: { withPoint?: boolean } = {},
): string {
  const name =
    options.withPoint === false
      ? ''
      : (point?.name ?? translate('alarm.cond.pointGone', lang, { id: c.pointId ?? '' }));
  const unit = point?.unit;
  const text = translate(`alarm.cond.${c.kind}`, lang, {
    point: name,
    value: withUnit(c.value, unit),
    min: withUnit(c.min, unit),
    max: withUnit(c.max, unit),
    minutes: c.minutes ?? '',
  }).trim();
  return ZONED.has(c.kind) && deadZone > 0
    ? translate('alarm.cond.deadZone', lang, { condition: text, zone: deadZone })
    : text;
}

/** A trigger's conditions joined by AND or OR, each as `conditionText` writes it. */
export function conditionsText(
  conditions: readonly AlarmCondition[],
  join: ConditionJoin,
  points: readonly ConditionPoint[],
  deadZone: number,
  lang: Lang,
): string {
  const byId = new Map(points.map((p) => [p.id, p]));
  return conditions
    .map((c) => conditionText(c, c.pointId === undefined ? undefined : byId.get(c.pointId), deadZone, lang))
    .join(` ${translate(`alarm.join.${join}`, lang)} `);
}

/**
 * What an alarm was, kept on its record (and on each notification of it) so that its text is
 * written in the language of whoever reads it, not of the account it fired for.
 */
export interface AlarmFacts {
  /** `alarm` when it fired (and for its repeated pushes), `restore` when it ended. */
  kind: 'alarm' | 'restore';
  trigger: string;
  device: string;
  pointId: number | null;
  point: string | null;
  unit: string | null;
  /** The condition that shows the alarm: the first on a point that held, else the trigger's first. */
  condition: AlarmCondition | null;
  deadZone: number;
  /** The reading, without its unit. */
  value: string | null;
  /** The trigger's own push content, with its placeholders, when its owner wrote one: kept in their words. */
  text: string | null;
}

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

/**
 * An alarm's text in `lang`: the trigger's own push content with {device}, {point}, {value},
 * {time} and {trigger} filled in, else the default sentence ("锅炉 温度 报警，当前值 105.5 ℃，条件
 * > 100 ℃ (死区 2)"). `time` is the moment already written as people read it.
 */
export function alarmText(f: AlarmFacts, lang: Lang, time: string): string {
  const minutes = f.condition?.kind === 'noData' ? String(f.condition.minutes ?? '') : '';
  if (f.text) {
    const params = {
      device: f.device,
      point: f.point ?? '',
      value: f.value ?? '',
      time,
      trigger: f.trigger,
      minutes,
    };
    return fill(f.text, params).trim();
  }
  const params = {
    device: f.device,
    point: f.point ?? '',
    value: withUnit(f.value ?? '', f.unit),
    minutes,
    condition: f.condition
      ? conditionText(f.condition, { name: f.point ?? '', unit: f.unit }, f.deadZone, lang, { withPoint: false })
      : '',
  };
  return translate(defaultSentence(f), lang, params).trim();
}

function defaultSentence(f: AlarmFacts) {
  if (f.kind === 'restore') return f.pointId !== null ? 'alarm.content.restore' : 'alarm.content.deviceRestore';
  if (f.pointId !== null) return 'alarm.content.default';
  return f.condition?.kind === 'noData' ? 'alarm.content.noData' : 'alarm.content.offline';
}
