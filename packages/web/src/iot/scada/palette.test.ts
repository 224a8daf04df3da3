import { type ScadaElement, scadaElement } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { advance, DASH_PERIOD } from './animator.ts';
import { appendSample, needleAngle, shareOf, speedOf, trendLine } from './bindings.ts';

const element = (change: Record<string, unknown>): ScadaElement =>
  scadaElement.parse({ id: 'e', kind: 'pump', x: 0, y: 0, width: 60, height: 60, rotation: 0, ...change });

describe('the palette’s moving and ranged components', () => {
  it('stands still when not running, runs at the normal speed without a rule, and maps the value onto its speeds', () => {
    const plain = element({});
    expect(speedOf(plain, 1, false)).toBe(0);
    expect(speedOf(plain, 1, true)).toBe(1);
    const ruled = element({ speed: { from: 0, to: 80, slowest: 0.5, fastest: 3 } });
    expect([-5, 0, 40, 80, 200].map((v) => speedOf(ruled, v, true))).toEqual([0.5, 0.5, 1.75, 3, 3]);
    expect(speedOf(ruled, null, true)).toBe(0.5);
    expect(speedOf(ruled, 40, false)).toBe(0);
  });

  it('turns a rotor half a turn a second at speed 1 and moves a flow’s dashes along, wrapping', () => {
    expect(advance({ how: 'turn', speed: 1 }, 0, 1)).toBe(180);
    expect(advance({ how: 'turn', speed: 2 }, 270, 0.5)).toBe(90);
    expect(advance({ how: 'turn', speed: 0 }, 30, 1)).toBe(30);
    const offset = advance({ how: 'flow', speed: 1 }, 0, 0.1);
    expect(offset).toBeCloseTo(-6);
    expect(Math.abs(advance({ how: 'flow', speed: 3 }, -20, 1))).toBeLessThan(DASH_PERIOD);
  });

  it('places a value within its range for a tank, a bar and a gauge’s needle', () => {
    expect([null, undefined, 'x', -1, 0, 20, 40, 99].map((v) => shareOf(v, 0, 40))).toEqual([0, 0, 0, 0, 0, 0.5, 1, 1]);
    expect(shareOf(5, 10, 10)).toBe(0);
    expect([0, 0.5, 1].map(needleAngle)).toEqual([-135, 0, 135]);
  });

  it('keeps a trend’s latest values and draws them oldest on the left, the range’s foot at the bottom', () => {
    let trail: number[] = [];
    for (const v of [1, 'x', 2, null, 3, true]) trail = appendSample(trail, v, 3);
    expect(trail).toEqual([2, 3, 1]);
    // A live value equal to the trail's newest is the stored past's newest seen again (decision 0148), not a new sample.
    expect(appendSample([40, 60], 60, 5)).toEqual([40, 60]);
    expect(appendSample([40, 60], 61, 5)).toEqual([40, 60, 61]);
    expect(trendLine([0, 2, 4], 0, 4, 100, 50)).toEqual([0, 50, 50, 25, 100, 0]);
    expect(trendLine([], 0, 4, 100, 50)).toEqual([]);
  });
});
