import { describe, expect, it } from 'vitest';
import { menuPathsOf } from './routeTable.ts';

describe('the menu pages a page belongs to (the sidebar item it lights)', () => {
  it('leads with the page itself, then the list a detail page is reached from', () => {
    expect(menuPathsOf('/data/studentFileDetails/42')).toEqual([
      '/data/studentFileDetails/42',
      '/data/studentFileDetails',
      '/data/studentFile',
    ]);
    expect(menuPathsOf('/data/earlyWarningIntervention/7').at(-1)).toBe('/data/intervene');
  });

  it('takes in the pages of the same row of top tabs, whose menu item opens one of them', () => {
    expect(menuPathsOf('/data/scaleDetails/42')).toEqual([
      '/data/scaleDetails/42',
      '/data/scaleDetails',
      '/data/scaleResult',
      '/data/scaleMeasurement',
      '/data/otherEvaluation',
      '/data/systemScale',
    ]);
    expect(menuPathsOf('/data/groupRecord')).toEqual(['/data/groupRecord', '/data/groupApply', '/data/grp']);
  });

  it('is the page alone when it is reached from no list and has no tabs', () => {
    expect(menuPathsOf('/data/dataDocking')).toEqual(['/data/dataDocking']);
    expect(menuPathsOf('/accountCenter')).toEqual(['/accountCenter']);
  });
});
