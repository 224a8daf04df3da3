import { describe, expect, it } from 'vitest';
import { commit, historyOf, redo, reorder, snap, undo } from './history.ts';

describe('the editor history', () => {
  it('undoes and redoes changes in order, and a new change drops what could be redone', () => {
    let h = historyOf('a');
    h = commit(h, 'b');
    h = commit(h, 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    h = commit(h, 'd');
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
    expect(undo(h).present).toBe('b');
  });

  it('keeps the last 100 steps', () => {
    let h = historyOf(0);
    for (let i = 1; i <= 150; i++) h = commit(h, i);
    expect(h.past).toHaveLength(100);
    expect(h.past[0]).toBe(50);
  });

  it('snaps to the grid, and only rounds with the grid off', () => {
    expect(snap(37, 10)).toBe(40);
    expect(snap(34, 10)).toBe(30);
    expect(snap(37.4, 0)).toBe(37);
  });

  it('brings an element to the front or sends it to the back', () => {
    const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(reorder(list, 'a', 'front').map((e) => e.id)).toEqual(['b', 'c', 'a']);
    expect(reorder(list, 'c', 'back').map((e) => e.id)).toEqual(['c', 'a', 'b']);
  });
});
