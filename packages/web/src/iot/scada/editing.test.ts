import { type ScadaDocument, type ScadaElement, scadaElement } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import {
  align,
  copyOf,
  distribute,
  group,
  layer,
  nudge,
  paste,
  removeAll,
  ungroup,
  zoomIn,
  zoomOut,
} from './editing.ts';
import { commit, historyOf, undo } from './history.ts';

const box = (id: string, x: number, y: number, width = 40, height = 20, change: Partial<ScadaElement> = {}) =>
  scadaElement.parse({ id, kind: 'lamp', x, y, width, height, rotation: 0, ...change });
const docOf = (...elements: ScadaElement[]): ScadaDocument => ({
  format: 1,
  width: 1280,
  height: 720,
  grid: 10,
  background: null,
  template: null,
  elements,
});
const places = (doc: ScadaDocument) => doc.elements.map((e) => [e.id, e.x, e.y]);
const order = (doc: ScadaDocument) => doc.elements.map((e) => e.id);

describe('aligning and distributing', () => {
  const doc = docOf(box('a', 10, 10), box('b', 100, 50, 80, 40), box('c', 300, 200, 20, 20));

  it('lines the selection up on each edge and centre of the box around it', () => {
    expect(places(align(doc, ['a', 'b'], 'left'))).toEqual([
      ['a', 10, 10],
      ['b', 10, 50],
      ['c', 300, 200],
    ]);
    // a spans 10-50, b 100-180: the right edges meet at 180.
    expect(places(align(doc, ['a', 'b'], 'right')).slice(0, 2)).toEqual([
      ['a', 140, 10],
      ['b', 100, 50],
    ]);
    expect(places(align(doc, ['a', 'b'], 'centre')).slice(0, 2)).toEqual([
      ['a', 75, 10],
      ['b', 55, 50],
    ]);
    expect(places(align(doc, ['a', 'b'], 'top')).slice(0, 2)).toEqual([
      ['a', 10, 10],
      ['b', 100, 10],
    ]);
    expect(places(align(doc, ['a', 'b'], 'bottom')).slice(0, 2)).toEqual([
      ['a', 10, 70],
      ['b', 100, 50],
    ]);
    expect(places(align(doc, ['a', 'b'], 'middle')).slice(0, 2)).toEqual([
      ['a', 10, 40],
      ['b', 100, 30],
    ]);
  });

  it('leaves one element alone, and moves a group as one box', () => {
    expect(align(doc, ['a'], 'left')).toBe(doc);
    const grouped = group(doc, ['b', 'c'], 'g1');
    // Picking a alone and b (of the group b+c): the group's box, 100-320, lines up at a's left.
    const aligned = align(grouped, ['a', 'b'], 'left');
    expect(places(aligned)).toEqual([
      ['a', 10, 10],
      ['b', 10, 50],
      ['c', 210, 200],
    ]);
  });

  it('spaces three or more with equal gaps between the outer two', () => {
    const spread = distribute(doc, ['a', 'b', 'c'], 'horizontal');
    // From 10 to 320, 140 wide in all: two gaps of 85.
    expect(places(spread)).toEqual([
      ['a', 10, 10],
      ['b', 135, 50],
      ['c', 300, 200],
    ]);
    expect(places(distribute(doc, ['a', 'b', 'c'], 'vertical'))[1]).toEqual(['b', 100, 95]);
    expect(distribute(doc, ['a', 'b'], 'horizontal')).toBe(doc);
  });
});

describe('groups, layers, copies and nudges', () => {
  const doc = docOf(box('a', 0, 0), box('b', 50, 0), box('c', 100, 0), box('d', 150, 0));

  it('groups two elements so that one pick moves both, and ungroups them', () => {
    const grouped = group(doc, ['a', 'c'], 'g1');
    expect(grouped.elements.map((e) => e.group)).toEqual(['g1', null, 'g1', null]);
    expect(places(nudge(grouped, ['a'], 5, -10)).filter(([, x]) => x !== 50 && x !== 150)).toEqual([
      ['a', 5, -10],
      ['c', 105, -10],
    ]);
    expect(group(doc, ['a'], 'g2')).toBe(doc);
    const apart = ungroup(grouped, ['c']);
    expect(apart.elements.map((e) => e.group)).toEqual([null, null, null, null]);
    expect(ungroup(doc, ['a'])).toBe(doc);
  });

  it('brings forward and sends backward one step, or to the front and the back', () => {
    expect(order(layer(doc, ['a'], 'forward'))).toEqual(['b', 'a', 'c', 'd']);
    expect(order(layer(doc, ['c'], 'backward'))).toEqual(['a', 'c', 'b', 'd']);
    expect(order(layer(doc, ['b'], 'front'))).toEqual(['a', 'c', 'd', 'b']);
    expect(order(layer(doc, ['c'], 'back'))).toEqual(['c', 'a', 'b', 'd']);
    expect(layer(doc, ['d'], 'forward')).toBe(doc);
    expect(layer(doc, ['a'], 'backward')).toBe(doc);
    expect(order(layer(doc, ['a', 'b'], 'forward'))).toEqual(['c', 'a', 'b', 'd']);
  });

  it('pastes copies shifted with new ids and a group of their own, and deletes a whole group', () => {
    const grouped = group(doc, ['a', 'b'], 'g1');
    const copied = copyOf(grouped, ['a']);
    expect(copied.map((e) => e.id)).toEqual(['a', 'b']);
    const { document: pasted, ids } = paste(grouped, copied, 10, (e) => `${e.id}2`);
    expect(ids).toEqual(['a2', 'b2']);
    expect(places(pasted).slice(4)).toEqual([
      ['a2', 10, 10],
      ['b2', 60, 10],
    ]);
    expect(pasted.elements.slice(4).map((e) => e.group)).toEqual(['a2g', 'a2g']);
    expect(order(removeAll(pasted, ['b2']))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('undoes each step through the history', () => {
    let h = historyOf(doc);
    h = commit(h, group(h.present, ['a', 'b'], 'g1'));
    h = commit(h, align(h.present, ['a', 'c'], 'left'));
    h = commit(h, nudge(h.present, ['a'], 0, 10));
    expect(places(h.present).slice(0, 2)).toEqual([
      ['a', 0, 10],
      ['b', 50, 10],
    ]);
    expect(places(h.present)[2]).toEqual(['c', 0, 0]);
    h = undo(undo(h));
    expect(h.present.elements.map((e) => e.group)).toEqual(['g1', 'g1', null, null]);
    expect(places(h.present)[2]).toEqual(['c', 100, 0]);
    expect(undo(h).present).toBe(doc);
  });
});

describe('zoom', () => {
  it('steps in and out between a quarter and four times', () => {
    expect(zoomIn(1)).toBe(1.5);
    expect(zoomIn(0.6)).toBe(0.75);
    expect(zoomIn(4)).toBe(4);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomOut(0.25)).toBe(0.25);
  });
});
