import { describe, expect, it } from 'vitest';
import { movesOf } from './moves.ts';

describe('movesOf', () => {
  it('offers the moves of each state', () => {
    expect(movesOf('draft')).toEqual(['publish']);
    expect(movesOf('published')).toEqual(['pause', 'end']);
    expect(movesOf('paused')).toEqual(['resume', 'end']);
    expect(movesOf('ended')).toEqual([]);
  });
});
