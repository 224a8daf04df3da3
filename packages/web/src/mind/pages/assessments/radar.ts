import type { ScaleDefinition, ScoreResult } from '@meridian/contracts';

export interface RadarAxis {
  name: string;
  max: number;
}

export interface Radar {
  /** Factors when the scale has at least three content factors; otherwise its items. */
  of: 'factors' | 'items';
  axes: RadarAxis[];
  values: number[];
}

const highest = (scores: number[]) => (scores.length === 0 ? 0 : Math.max(...scores));

/** The highest score an item can reach under `definition` (its own options, else the scale's). */
function itemMax(definition: ScaleDefinition | null, itemId: string): number | null {
  if (!definition) return null;
  const item = definition.items.find((i) => i.id === itemId);
  const options = item?.options && item.options.length > 0 ? item.options : definition.options;
  return options.length === 0 ? null : highest(options.map((o) => o.score));
}

/**
 * What the report's radar shows. A chart of three or more content factors is the profile; a scale
 * with fewer (PHQ-9, GAD-7) is one dimension, so its items draw the profile instead (decision 0036).
 * Each axis reaches the highest score possible (a factor's by its items, mean or sum), else the
 * highest score seen.
 */
export function radarOf(
  score: ScoreResult,
  definition: ScaleDefinition | null,
  names: { factor(name: ScoreResult['factors'][number]): string; item(no: number, id: string): string },
): Radar {
  const factors = score.factors.filter((f) => !f.validity);
  if (factors.length >= 3) {
    const axes = factors.map((f) => {
      const def = definition?.factors.find((d) => d.id === f.id);
      const maxes = (def?.items ?? []).map((id) => itemMax(definition, id));
      const known = maxes.every((m) => m !== null) && maxes.length > 0;
      const sum = known ? maxes.reduce<number>((a, m) => a + (m ?? 0), 0) : null;
      const max = sum === null ? null : def?.method === 'mean' ? sum / maxes.length : sum;
      return { name: names.factor(f), max: max ?? Math.max(1, highest(factors.map((x) => x.score))) };
    });
    return { of: 'factors', axes, values: factors.map((f) => f.score) };
  }
  const ids = definition
    ? definition.items.map((i) => i.id).filter((id) => id in score.items)
    : Object.keys(score.items);
  const fallback = Math.max(1, highest(Object.values(score.items)));
  return {
    of: 'items',
    axes: ids.map((id, n) => ({ name: names.item(n + 1, id), max: itemMax(definition, id) ?? fallback })),
    values: ids.map((id) => score.items[id] ?? 0),
  };
}
