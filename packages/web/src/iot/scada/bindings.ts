import { SCADA_VALUE_MARK, type ScadaElement } from '@meridian/contracts';
import { isOn } from '../telemetry/points.ts';
import type { Reading } from './shapes.tsx';

/**
 * What a bound point does to a component besides its own picture (decision 0117), the same in the
 * editor's preview, the viewer and a shared link: its colour by switch state or threshold, whether it
 * shows, and a label's text.
 */

const numberOf = (value: Reading): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** The colour the component is drawn in; before a value arrives, its own. */
export function colourOf(element: ScadaElement, value: Reading): string {
  const rule = element.colourRule;
  if (!rule || value === null || value === undefined) return element.colour;
  if (rule.by === 'switch') return isOn(value) ? rule.on : rule.off;
  const n = numberOf(value);
  if (n === null) return element.colour;
  const reached = [...rule.steps].sort((a, b) => a.from - b.from).filter((s) => n >= s.from);
  return reached.at(-1)?.colour ?? element.colour;
}

/** Whether the component shows; without a value yet, a conditional one stays hidden. */
export function visibleOf(element: ScadaElement, value: Reading): boolean {
  const rule = element.visibleWhen;
  if (!rule) return true;
  if (value === null || value === undefined) return false;
  const n = numberOf(value);
  switch (rule.when) {
    case 'on':
      return isOn(value);
    case 'off':
      return !isOn(value);
    case 'gt':
      return n !== null && n > rule.value;
    case 'lt':
      return n !== null && n < rule.value;
    case 'eq':
      return n !== null && n === rule.value;
  }
}

/** A label's text: its bound point's value in place of `{value}`, or after the text when it has no mark. */
export function labelText(element: ScadaElement, reading: string | null): string {
  if (!element.binding || reading === null) return element.text.replaceAll(SCADA_VALUE_MARK, '');
  if (element.text.includes(SCADA_VALUE_MARK)) return element.text.replaceAll(SCADA_VALUE_MARK, reading);
  return element.text ? `${element.text} ${reading}` : reading;
}

/**
 * How fast a running component moves (decision 0126): standing still when not running, the normal
 * speed without a speed rule, else its bound value mapped from the rule's range onto its speeds.
 */
export function speedOf(element: ScadaElement, value: Reading, running: boolean): number {
  if (!running) return 0;
  const rule = element.speed;
  if (!rule) return 1;
  const n = numberOf(value);
  if (n === null) return rule.slowest;
  const share = Math.min(1, Math.max(0, (n - rule.from) / (rule.to - rule.from)));
  return rule.slowest + (rule.fastest - rule.slowest) * share;
}

/** A value's share of the element's range, 0 to 1: a tank's level, a bar's length, a gauge's needle. */
export function shareOf(value: Reading, min: number, max: number): number {
  const n = numberOf(value);
  if (n === null || max <= min) return 0;
  return Math.min(1, Math.max(0, (n - min) / (max - min)));
}

/** A gauge's dial sweeps 270 degrees; its needle's angle from straight up, in degrees, clockwise. */
export const GAUGE_SWEEP = 270;
export const needleAngle = (share: number) => -GAUGE_SWEEP / 2 + GAUGE_SWEEP * share;

/** The points of a trend's line over a w×h box: oldest on the left, the range's bottom at the foot. */
export function trendLine(values: readonly number[], min: number, max: number, w: number, h: number): number[] {
  if (values.length === 0) return [];
  const step = values.length > 1 ? w / (values.length - 1) : 0;
  return values.flatMap((v, i) => [i * step, h - h * shareOf(v, min, max)]);
}

/**
 * The latest `samples` numbers of a trend, with `value` added when it is a number. A trend takes a
 * value when it changes, so one equal to the newest is that same reading seen again: the stored
 * past's newest, repeated by the live value (decision 0148).
 */
export function appendSample(trail: readonly number[], value: Reading, samples: number): number[] {
  const n = numberOf(value);
  if (n === null || n === trail.at(-1)) return [...trail];
  return [...trail, n].slice(-samples);
}
