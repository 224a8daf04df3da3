import type { ScaleDefinition, ScoreResult } from '@meridian/contracts';

/**
 * What a result row keeps of a ScoreResult: numbers and ids only. The labels, interpretations and
 * reasons are the pinned version's, which never changes, so they are joined back on reading; a
 * sheet stores a fraction of the bytes, which is most of the cost of a submission.
 */
export interface StoredScore {
  valid: boolean;
  invalid: string[];
  raw: number;
  total: number;
  band: string | null;
  factors: Array<{ id: string; raw: number; score: number; band: string | null }>;
  items: Record<string, number>;
  flags: string[];
  warnings: Array<{ rule: string; level: string }>;
}

export function storedScore(s: ScoreResult): StoredScore {
  return {
    valid: s.valid,
    invalid: s.invalid.map((i) => i.rule),
    raw: s.raw,
    total: s.total,
    band: s.band?.id ?? null,
    factors: s.factors.map((f) => ({ id: f.id, raw: f.raw, score: f.score, band: f.band?.id ?? null })),
    items: s.items,
    flags: s.flags.map((f) => f.id),
    warnings: s.warnings.map((w) => ({ rule: w.rule, level: w.level })),
  };
}

/** The ScoreResult again, with the words of the version it was scored with. */
export function scoreOf(stored: StoredScore, d: ScaleDefinition): ScoreResult {
  const bandOf = (bands: ScaleDefinition['bands'] | undefined, id: string | null) => {
    const b = id === null ? undefined : bands?.find((x) => x.id === id);
    return b ? { id: b.id, label: b.label, interpretation: b.interpretation, suggestion: b.suggestion } : null;
  };
  return {
    valid: stored.valid,
    invalid: stored.invalid.map((rule) => ({ rule, reason: d.validity.find((v) => v.id === rule)?.reason ?? {} })),
    raw: stored.raw,
    total: stored.total,
    band: bandOf(d.bands, stored.band),
    factors: stored.factors.map((f) => {
      const def = d.factors.find((x) => x.id === f.id);
      return {
        id: f.id,
        name: def?.name ?? {},
        validity: def?.validity === true,
        raw: f.raw,
        score: f.score,
        band: bandOf(def?.bands, f.band),
      };
    }),
    items: stored.items,
    flags: stored.flags.map((id) => ({ id, label: d.flags.find((f) => f.id === id)?.label ?? {} })),
    warnings: stored.warnings.map((w) => ({
      ...w,
      reason: d.warnings.find((r) => r.id === w.rule)?.reason ?? {},
    })),
  };
}
