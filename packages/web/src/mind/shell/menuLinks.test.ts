import { describe, expect, it } from 'vitest';
import { menuTarget } from './menuLinks.ts';

const origin = 'https://mind.example.edu';

describe('where a sidebar entry opens (spec section 2)', () => {
  it('opens an address with /jdp and data/ as the in-app route after /jdp', () => {
    expect(menuTarget('/jdp/data/intervene', 7, origin)).toEqual({ kind: 'route', to: '/data/intervene' });
    expect(menuTarget(`${origin}/jdp/data/studentFile?x=1`, 7, origin)).toEqual({
      kind: 'route',
      to: '/data/studentFile?x=1',
    });
  });

  it('opens a /jdp address outside data/ in a new window with the tab flag', () => {
    expect(menuTarget('/jdp/schoolWarning', 7, origin)).toEqual({ kind: 'window', url: '/jdp/schoolWarning?tab=1' });
  });

  it('adds the app id and the tab flag to an address under /dsp', () => {
    expect(menuTarget('/dsp/board?year=2026', 42, origin)).toEqual({
      kind: 'window',
      url: '/dsp/board?year=2026&appId=42&tab=1',
    });
  });

  it('opens another site in a new window at its full address', () => {
    expect(menuTarget('https://other.example.com/x', 3, origin)).toEqual({
      kind: 'window',
      url: 'https://other.example.com/x?tab=1',
    });
  });
});
