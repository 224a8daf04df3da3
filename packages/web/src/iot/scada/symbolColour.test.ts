import { type ScadaElement, scadaElement } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { channelsOf, svgInColour, symbolColour, tintPixels } from './symbolColour.ts';

const symbol = (change: Record<string, unknown>): ScadaElement =>
  scadaElement.parse({
    id: 's',
    kind: 'symbol',
    x: 0,
    y: 0,
    width: 64,
    height: 64,
    rotation: 0,
    colour: '#1677ff',
    picture: 'symbol/202611/0123456789abcdef0123456789abcdef.svg',
    binding: { deviceId: 1, pointId: 2 },
    ...change,
  });

describe('recolouring a symbol by its binding (decision 0154)', () => {
  it('draws a symbol without a colour rule as uploaded, and one with a rule in the rule’s colour', () => {
    expect(symbolColour(symbol({}), 1)).toBeNull();
    const pump = symbol({ colourRule: { by: 'switch', on: '#52c41a', off: '#ff4d4f' } });
    expect(symbolColour(pump, true)).toBe('#52c41a');
    expect(symbolColour(pump, 0)).toBe('#ff4d4f');
    // Before a value arrives (and in the editor), its own colour.
    expect(symbolColour(pump, undefined)).toBe('#1677ff');
    const tank = symbol({
      colourRule: {
        by: 'threshold',
        steps: [
          { from: 80, colour: '#ff4d4f' },
          { from: 50, colour: '#faad14' },
        ],
      },
    });
    expect([10, 60, 95].map((v) => symbolColour(tank, v))).toEqual(['#1677ff', '#faad14', '#ff4d4f']);
    // Another kind keeps its own drawing: only a symbol is painted here.
    expect(symbolColour({ ...pump, kind: 'image' }, true)).toBeNull();
  });

  it('gives an SVG’s currentColor parts the colour, and says when a drawing has none', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect fill="currentColor" stroke="#000"/><path stroke="CurrentColor"/></svg>';
    expect(svgInColour(svg, '#52c41a')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect fill="#52c41a" stroke="#000"/><path stroke="#52c41a"/></svg>',
    );
    expect(svgInColour('<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#fff"/></svg>', '#52c41a')).toBeNull();
  });

  it('tints pixels: white takes the colour, black stays black, transparency is kept', () => {
    expect(channelsOf('#52c41A')).toEqual([0x52, 0xc4, 0x1a]);
    const pixels = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 128, 128, 128, 0]);
    tintPixels(pixels, '#ff8000');
    expect([...pixels]).toEqual([255, 128, 0, 255, 0, 0, 0, 255, 128, 64, 0, 0]);
  });
});
