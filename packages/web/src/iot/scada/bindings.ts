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
