import { describe, expect, it } from 'vitest';
import { warningFiltersOf } from '../pages/warnings/listFilters.ts';
import { bySource, warningListOf } from './cockpit.ts';

const rule = (source: 'assessment' | 'journal', level: string, raised: number, open: number, solved: number) => ({
  source,
  rule: `${source}-${level}`,
  scale: null,
  level,
  raised,
  open,
  solved,
  cancelled: raised - open - solved,
  lastAt: 0,
});

describe('the cockpit card of what the platform raised by itself', () => {
  it('sums the rules per source and lists every source, a silent one at zero', () => {
    const figures = bySource([
      rule('assessment', 'red', 3, 1, 2),
      rule('assessment', 'orange', 2, 2, 0),
      rule('journal', 'red', 1, 0, 0),
    ]);
    expect(figures).toEqual([
      { source: 'assessment', raised: 5, open: 3, solved: 2 },
      { source: 'journal', raised: 1, open: 0, solved: 0 },
      { source: 'treeHole', raised: 0, open: 0, solved: 0 },
      { source: 'interview', raised: 0, open: 0, solved: 0 },
    ]);
  });

  it('links to the warning list, which opens narrowed to that source and school', () => {
    const link = warningListOf('treeHole', 7);
    expect(link).toBe('/data/intervene?source=treeHole&schoolId=7');
    expect(warningFiltersOf(link.slice(link.indexOf('?')))).toEqual({ source: 'treeHole', schoolId: 7 });
    expect(warningListOf('journal', undefined)).toBe('/data/intervene?source=journal');
  });

  it('opens the whole list from a link whose values the list does not know', () => {
    expect(warningFiltersOf('?source=rumour&state=lost&schoolId=-2')).toEqual({});
    expect(warningFiltersOf('?state=solved&level=red')).toEqual({ state: 'solved', level: 'red' });
  });
});
