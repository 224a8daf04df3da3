import { type ScadaDocument, type ScadaElement, scadaElement } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import {
  align,
  copyOf,
  distribute,
  group,
  layer,
  marquee,
  nudge,
  paste,
  pinchZoom,
  removeAll,
  snapBox,
  snapLinesOf,
  snapPoint,
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

describe('the rubber band', () => {
  const doc = docOf(
    box('a', 10, 10),
    box('b', 100, 10),
    box('c', 200, 10),
    box('g1', 10, 200, 40, 20, { group: 'g' }),
    box('g2', 400, 400, 40, 20, { group: 'g' }),
  );

  it('picks every component the band touches, not only those inside it, whichever way it was drawn', () => {
    // From 30,0 to 110,40: a is half inside, b touched by its left edge, c outside.
    expect(marquee(doc.elements, { x: 30, y: 0, width: 80, height: 40 }, [], false)).toEqual(['a', 'b']);
    expect(marquee(doc.elements, { x: 110, y: 40, width: -80, height: -40 }, [], false)).toEqual(['a', 'b']);
    expect(marquee(doc.elements, { x: 600, y: 600, width: 10, height: 10 }, ['a'], false)).toEqual([]);
  });

  it('picks a group whole when the band touches one member, and with Shift adds to the selection', () => {
    expect(marquee(doc.elements, { x: 0, y: 190, width: 30, height: 20 }, [], false)).toEqual(['g1', 'g2']);
    expect(marquee(doc.elements, { x: 190, y: 0, width: 30, height: 30 }, ['a'], true)).toEqual(['a', 'c']);
    expect(marquee(doc.elements, { x: 190, y: 0, width: 30, height: 30 }, ['a'], false)).toEqual(['c']);
  });
});

describe('snap guides', () => {
  // Two components that stay: one at 100..140 x 100..120, one at 300..380 x 50..90.
  const lines = snapLinesOf([
    { x: 100, y: 100, width: 40, height: 20 },
    { x: 300, y: 50, width: 80, height: 40 },
  ]);

  it("snaps a dragged box's edge onto the nearest edge within reach and draws the guide across both", () => {
    const result = snapBox({ x: 103, y: 400, width: 40, height: 20 }, lines, 5);
    expect(result.dx).toBe(-3);
    expect(result.dy).toBe(0);
    expect(result.snapped).toEqual({ x: true, y: false });
    // Left on 100, centre on 120 and right on 140: all three line up with the first component.
    expect(result.guides).toEqual([
      { axis: 'x', at: 100, from: 100, to: 420 },
      { axis: 'x', at: 120, from: 100, to: 420 },
      { axis: 'x', at: 140, from: 100, to: 420 },
    ]);
  });

  it('snaps centres onto centres, on both axes at once, taking the nearest line', () => {
    // Centre 338,72 against the second component's centre 340,70.
    const result = snapBox({ x: 318, y: 62, width: 40, height: 20 }, lines, 5);
    expect([result.dx, result.dy]).toEqual([2, -2]);
    expect(result.guides).toContainEqual({ axis: 'x', at: 340, from: 50, to: 90 });
    expect(result.guides).toContainEqual({ axis: 'y', at: 70, from: 300, to: 380 });
  });

  it('leaves a box that is out of reach where it is, with no guide', () => {
    expect(snapBox({ x: 200, y: 200, width: 20, height: 20 }, lines, 5)).toEqual({
      dx: 0,
      dy: 0,
      snapped: { x: false, y: false },
      guides: [],
    });
  });

  it('snaps a resize handle on each axis apart', () => {
    const result = snapPoint(378, 131, lines, 4);
    expect([result.x, result.y]).toEqual([380, 131]);
    expect(result.snapped).toEqual({ x: true, y: false });
    expect(result.guides).toEqual([{ axis: 'x', at: 380, from: 50, to: 131 }]);
  });

  it('stays fast with 2,000 components: a drag step looks only at the lines near it', () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({
      x: (i % 50) * 37,
      y: Math.floor(i / 50) * 29,
      width: 30,
      height: 20,
    }));
    const all = snapLinesOf(many);
    const started = performance.now();
    for (let step = 0; step < 1000; step++) snapBox({ x: 5 + step, y: 7 + step / 2, width: 30, height: 20 }, all, 4);
    // A thousand drag steps, each well under a millisecond, when a frame has 16.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('pinching', () => {
  it('zooms as far as the fingers spread, within the quarter to four times of the zoom steps', () => {
    expect(pinchZoom(0.3, 100, 200)).toBe(0.6);
    expect(pinchZoom(1, 200, 100)).toBe(0.5);
    expect(pinchZoom(2, 50, 500)).toBe(4);
    expect(pinchZoom(0.3, 100, 10)).toBe(0.25);
    expect(pinchZoom(0.3, 0, 10)).toBe(0.3);
  });
});
