import { describe, expect, it } from 'vitest';
import { type Fix, positionAt } from './playback.ts';

const track: Fix[] = [
  [1000, 30, 120],
  [2000, 30, 121],
  [4000, 32, 121],
];

describe('where the playback marker stands', () => {
  it('moves along each segment in proportion to the time', () => {
    expect(positionAt(track, 1500)).toEqual([30, 120.5]);
    expect(positionAt(track, 3000)).toEqual([31, 121]);
  });
  it('waits at the start before it and stays at the end after it', () => {
    expect(positionAt(track, 0)).toEqual([30, 120]);
    expect(positionAt(track, 9999)).toEqual([32, 121]);
    expect(positionAt([], 5)).toBeNull();
  });
});
