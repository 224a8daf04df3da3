import { AUTOMATIC_WARNING_SOURCES, type AutomaticRules } from '@meridian/contracts';

export type AutomaticSource = (typeof AUTOMATIC_WARNING_SOURCES)[number];
export interface SourceFigures {
  source: AutomaticSource;
  raised: number;
  open: number;
  solved: number;
}

/** `zngy`'s rules summed per source, every source listed (a source that raised nothing shows zeros). */
export function bySource(rules: AutomaticRules['rules']): SourceFigures[] {
  return AUTOMATIC_WARNING_SOURCES.map((source) => {
    const mine = rules.filter((r) => r.source === source);
    const sum = (pick: (r: AutomaticRules['rules'][number]) => number) => mine.reduce((n, r) => n + pick(r), 0);
    return { source, raised: sum((r) => r.raised), open: sum((r) => r.open), solved: sum((r) => r.solved) };
  });
}

/** The warning list narrowed to one source (and the cockpit's school, when one is chosen). */
export function warningListOf(source: AutomaticSource, schoolId: unknown): string {
  const query = new URLSearchParams({ source });
  if (typeof schoolId === 'number') query.set('schoolId', String(schoolId));
  return `/data/intervene?${query}`;
}
