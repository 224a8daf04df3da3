import type { Lang } from '../lang.ts';
import type {
  AnswerSheet,
  Band,
  Comparison,
  Condition,
  LocalText,
  ScaleDefinition,
  ScaleItem,
  ScaleOption,
} from './scales.ts';

/**
 * The scoring engine: pure, shared by the web (preview) and the server (scoring on submission),
 * so a preview and a stored result can never disagree.
 */

export interface BandHit {
  id: string;
  label: LocalText;
  interpretation?: LocalText | undefined;
  suggestion?: LocalText | undefined;
}

export interface FactorScore {
  id: string;
  name: LocalText;
  validity: boolean;
  /** Sum of the factor's scored items. */
  raw: number;
  /** raw, or raw / items for a mean factor (two decimals). */
  score: number;
  band: BandHit | null;
}

export interface RaisedWarning {
  /** The warning rule's id: stable across versions, so a record can say which rule opened it. */
  rule: string;
  level: string;
  reason: LocalText;
}

export interface ScoreResult {
  /** False when a validity rule voids the sheet: no band, flags or warnings are then drawn from it. */
  valid: boolean;
  invalid: { rule: string; reason: LocalText }[];
  /** Sum of the scored items in the total. */
  raw: number;
  /** The scale's score: raw, the mean, or the standard score. */
  total: number;
  band: BandHit | null;
  factors: FactorScore[];
  /** Item id → scored value, after reversing. */
  items: Record<string, number>;
  flags: { id: string; label: LocalText }[];
  warnings: RaisedWarning[];
}

export type AnswerProblemKind = 'missing' | 'outOfRange' | 'unknownItem';

export interface AnswerProblem {
  item: string;
  /** The item's position from 1, or null for an unknown item. */
  no: number | null;
  kind: AnswerProblemKind;
  /** Catalogue key, with `{no}` / `{item}` filled from this problem. */
  key: 'scale.answer.missing' | 'scale.answer.outOfRange' | 'scale.answer.unknownItem';
}

/** The options that apply to an item. */
export function optionsOf(definition: ScaleDefinition, item: ScaleItem): ScaleOption[] {
  return item.options && item.options.length > 0 ? item.options : definition.options;
}

/** Text in the wanted language, else the other one. */
export function textOf(text: LocalText | undefined, lang: Lang): string {
  if (!text) return '';
  return text[lang] || text['zh-CN'] || text.en || '';
}

/** Names each missing answer, each answer that is not one of its item's options, and each answer to no item. */
export function checkAnswers(definition: ScaleDefinition, answers: AnswerSheet): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  const known = new Set<string>();
  definition.items.forEach((item, index) => {
    known.add(item.id);
    const value = Object.hasOwn(answers, item.id) ? answers[item.id] : undefined;
    if (value === undefined || value === '') {
      problems.push({ item: item.id, no: index + 1, kind: 'missing', key: 'scale.answer.missing' });
    } else if (!optionsOf(definition, item).some((o) => o.value === value)) {
      problems.push({ item: item.id, no: index + 1, kind: 'outOfRange', key: 'scale.answer.outOfRange' });
    }
  });
  for (const key of Object.keys(answers)) {
    if (!known.has(key)) problems.push({ item: key, no: null, kind: 'unknownItem', key: 'scale.answer.unknownItem' });
  }
  return problems;
}

/** Two decimals: the score a report shows is the score the bands and rules judge. */
const round2 = (n: number) => Math.round(n * 100) / 100;

export function compare(left: number, op: Comparison, right: number): boolean {
  switch (op) {
    case 'gt':
      return left > right;
    case 'gte':
      return left >= right;
    case 'lt':
      return left < right;
    case 'lte':
      return left <= right;
    case 'eq':
      return left === right;
  }
}

function bandOf(bands: Band[] | undefined, value: number): BandHit | null {
  const hit = bands?.find((b) => value >= b.min && value <= b.max);
  if (!hit) return null;
  return { id: hit.id, label: hit.label, interpretation: hit.interpretation, suggestion: hit.suggestion };
}

/**
 * Scores a complete answer sheet (call `checkAnswers` first: an unanswered or unknown answer
 * scores 0 here). Validity first, then totals, factors and bands, then flags (which may build on
 * one another in order) and warning rules (which may test flags).
 */
export function scoreSheet(definition: ScaleDefinition, answers: AnswerSheet): ScoreResult {
  const items: Record<string, number> = {};
  let raw = 0;
  let counted = 0;
  for (const item of definition.items) {
    const options = optionsOf(definition, item);
    const answer = Object.hasOwn(answers, item.id) ? answers[item.id] : undefined;
    const chosen = options.find((o) => o.value === answer);
    let value = chosen?.score ?? 0;
    if (item.reverse && chosen && options.length > 0) {
      const scores = options.map((o) => o.score);
      value = Math.min(...scores) + Math.max(...scores) - value;
    }
    items[item.id] = value;
    if (item.inTotal !== false) {
      raw += value;
      counted += 1;
    }
  }
  const { method, multiplier } = definition.scoring;
  const total =
    method === 'mean'
      ? round2(counted > 0 ? raw / counted : 0)
      : method === 'standard'
        ? Math.trunc(raw * (multiplier ?? 1) + 1e-9)
        : raw;

  const factors: FactorScore[] = definition.factors.map((f) => {
    const factorRaw = f.items.reduce((sum, itemId) => sum + (items[itemId] ?? 0), 0);
    const score = f.method === 'mean' ? round2(factorRaw / f.items.length) : factorRaw;
    return {
      id: f.id,
      name: f.name,
      validity: f.validity === true,
      raw: factorRaw,
      score,
      band: bandOf(f.bands, score),
    };
  });
  const factorById = new Map(factors.map((f) => [f.id, f]));
  const band = bandOf(definition.bands, total);
  const flagIds = new Set<string>();

  const holds = (c: Condition): boolean => {
    switch (c.kind) {
      case 'total':
        return compare(total, c.op, c.value);
      case 'factor': {
        const factor = factorById.get(c.factor);
        return factor !== undefined && compare(factor.score, c.op, c.value);
      }
      case 'anyFactor':
        return factors.some(
          (f) => (c.factors ? c.factors.includes(f.id) : !f.validity) && compare(f.score, c.op, c.value),
        );
      case 'item':
        return Object.hasOwn(items, c.item) && compare(items[c.item] ?? 0, c.op, c.value);
      case 'count': {
        const n = Object.values(items).filter((v) => compare(v, c.itemOp, c.itemValue)).length;
        return compare(n, c.op, c.value);
      }
      case 'band':
        return band !== null && c.bands.includes(band.id);
      case 'flag':
        return flagIds.has(c.flag);
      case 'any':
        return c.of.some(holds);
      case 'all':
        return c.of.every(holds);
    }
  };

  const invalid = definition.validity.filter((r) => holds(r.when)).map((r) => ({ rule: r.id, reason: r.reason }));
  const valid = invalid.length === 0;
  const flags: ScoreResult['flags'] = [];
  const warnings: RaisedWarning[] = [];
  if (valid) {
    for (const flag of definition.flags) {
      if (holds(flag.when)) {
        flagIds.add(flag.id);
        flags.push({ id: flag.id, label: flag.label });
      }
    }
    for (const rule of definition.warnings) {
      if (holds(rule.when)) warnings.push({ rule: rule.id, level: rule.level, reason: rule.reason });
    }
  }
  return { valid, invalid, raw, total, band: valid ? band : null, factors, items, flags, warnings };
}

/** The most severe warning raised, by the order of `levels` (most severe first), or null. */
export function topWarning(
  result: ScoreResult,
  levels: readonly string[] = ['red', 'orange', 'yellow'],
): RaisedWarning | null {
  const rank = (w: RaisedWarning) => {
    const i = levels.indexOf(w.level);
    return i < 0 ? levels.length : i;
  };
  return result.warnings.reduce<RaisedWarning | null>(
    (top, w) => (top === null || rank(w) < rank(top) ? w : top),
    null,
  );
}
