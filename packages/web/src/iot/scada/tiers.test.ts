import { type ScadaElement, scadaElement } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { tiersOf } from './tiers.ts';

const at = (id: string, kind: string, x: number, y: number, width = 60, height = 60, rotation = 0): ScadaElement =>
  scadaElement.parse({ id, kind, x, y, width, height, rotation });
const ids = (tiers: ScadaElement[][]) => tiers.map((tier) => tier.map((e) => e.id));

describe('the tiers of a running screen', () => {
  it('draws the still components on one canvas under the moving ones when nothing overlaps', () => {
    const grid = [
      at('n1', 'number', 0, 0),
      at('p1', 'pump', 100, 0),
      at('t1', 'tank', 200, 0),
      at('f1', 'pipe', 300, 0),
    ];
    expect(ids(tiersOf(grid))).toEqual([
      ['n1', 't1'],
      ['p1', 'f1'],
    ]);
  });

  it('keeps a tank drawn over its pipe above it, and a pipe drawn over a tank above that; a lamp apart stays low', () => {
    const station = [
      at('bg', 'rectangle', 0, 0, 800, 400),
      at('pipe', 'pipe', 50, 100, 300, 20),
      at('tank', 'tank', 300, 40, 80, 160),
      at('lamp', 'lamp', 600, 300, 40, 40),
      at('out', 'pipe', 360, 120, 200, 20),
    ];
    expect(ids(tiersOf(station))).toEqual([['bg', 'lamp'], ['pipe'], ['tank'], ['out']]);
  });

  it('counts a lamp’s glow and a turned component’s corners as where it paints', () => {
    // The lamp's box ends 10 px before the pump's, but its glow reaches over it.
    const glow = [at('pump', 'pump', 0, 0, 60, 60), at('lamp', 'lamp', 70, 0, 40, 40)];
    expect(ids(tiersOf(glow))).toEqual([['pump'], ['lamp']]);
    // A pipe turned 90 degrees about its corner lies over x -20..0: it meets a label to its left.
    const turned = [at('pipe', 'pipe', 200, 0, 200, 20, 90), at('label', 'label', 150, 50, 30, 30)];
    expect(ids(tiersOf(turned))).toEqual([['pipe'], ['label']]);
  });

  it('draws the screen on one canvas in its own order when it would need too many', () => {
    const stack = Array.from({ length: 8 }, (_, i) => at(`e${i}`, i % 2 ? 'pump' : 'tank', i * 5, 0));
    expect(ids(tiersOf(stack))).toEqual([stack.map((e) => e.id)]);
  });
});
