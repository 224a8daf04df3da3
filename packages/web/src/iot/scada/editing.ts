import type { ScadaDocument, ScadaElement } from '@meridian/contracts';

/**
 * The editor's editing, as pure functions of the document and the selection (decision 0117): each
 * returns a new document that the editor commits to its history, so every one of them undoes.
 * Boxes are the elements' unrotated boxes; a group moves and aligns as one box.
 */

export type Edge = 'left' | 'centre' | 'right' | 'top' | 'middle' | 'bottom';
export type Axis = 'horizontal' | 'vertical';
export type LayerMove = 'forward' | 'backward' | 'front' | 'back';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The selection widened to whole groups: picking one member picks its group. */
export function withGroups(elements: readonly ScadaElement[], ids: readonly string[]): string[] {
  const picked = new Set(ids);
  const groups = new Set(elements.flatMap((e) => (picked.has(e.id) && e.group ? [e.group] : [])));
  return elements.filter((e) => picked.has(e.id) || (e.group !== null && groups.has(e.group))).map((e) => e.id);
}

export function boxOf(elements: readonly Box[]): Box {
  const left = Math.min(...elements.map((e) => e.x));
  const top = Math.min(...elements.map((e) => e.y));
  const right = Math.max(...elements.map((e) => e.x + e.width));
  const bottom = Math.max(...elements.map((e) => e.y + e.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The selected elements as units that move together: each group one unit, each other element its own. */
function unitsOf(elements: readonly ScadaElement[], ids: readonly string[]): Array<{ ids: string[]; box: Box }> {
  const picked = new Set(withGroups(elements, ids));
  const units = new Map<string, ScadaElement[]>();
  for (const e of elements) {
    if (!picked.has(e.id)) continue;
    const key = e.group ? `g:${e.group}` : `e:${e.id}`;
    units.set(key, [...(units.get(key) ?? []), e]);
  }
  return [...units.values()].map((members) => ({ ids: members.map((m) => m.id), box: boxOf(members) }));
}

function moved(doc: ScadaDocument, shifts: Map<string, { dx: number; dy: number }>): ScadaDocument {
  if ([...shifts.values()].every((s) => s.dx === 0 && s.dy === 0)) return doc;
  return {
    ...doc,
    elements: doc.elements.map((e) => {
      const shift = shifts.get(e.id);
      return shift && (shift.dx !== 0 || shift.dy !== 0) ? { ...e, x: e.x + shift.dx, y: e.y + shift.dy } : e;
    }),
  };
}

/** Lines the selected units up on one edge or centre of the box around them all; needs two units. */
export function align(doc: ScadaDocument, ids: readonly string[], edge: Edge): ScadaDocument {
  const units = unitsOf(doc.elements, ids);
  if (units.length < 2) return doc;
  const all = boxOf(units.map((u) => u.box));
  const shifts = new Map<string, { dx: number; dy: number }>();
  for (const { ids: members, box } of units) {
    const dx =
      edge === 'left'
        ? all.x - box.x
        : edge === 'right'
          ? all.x + all.width - (box.x + box.width)
          : edge === 'centre'
            ? Math.round(all.x + all.width / 2 - (box.x + box.width / 2))
            : 0;
    const dy =
      edge === 'top'
        ? all.y - box.y
        : edge === 'bottom'
          ? all.y + all.height - (box.y + box.height)
          : edge === 'middle'
            ? Math.round(all.y + all.height / 2 - (box.y + box.height / 2))
            : 0;
    for (const id of members) shifts.set(id, { dx, dy });
  }
  return moved(doc, shifts);
}

/** Spaces the selected units with equal gaps between the first and the last; needs three units. */
export function distribute(doc: ScadaDocument, ids: readonly string[], axis: Axis): ScadaDocument {
  const units = unitsOf(doc.elements, ids);
  if (units.length < 3) return doc;
  const start = (b: Box) => (axis === 'horizontal' ? b.x : b.y);
  const length = (b: Box) => (axis === 'horizontal' ? b.width : b.height);
  const sorted = [...units].sort((a, b) => start(a.box) - start(b.box));
  const first = sorted[0]?.box as Box;
  const last = sorted.at(-1)?.box as Box;
  const span = start(last) + length(last) - start(first);
  const gap = (span - sorted.reduce((sum, u) => sum + length(u.box), 0)) / (sorted.length - 1);
  const shifts = new Map<string, { dx: number; dy: number }>();
  let at = start(first);
  for (const { ids: members, box } of sorted) {
    const delta = Math.round(at) - start(box);
    for (const id of members) shifts.set(id, axis === 'horizontal' ? { dx: delta, dy: 0 } : { dx: 0, dy: delta });
    at += length(box) + gap;
  }
  return moved(doc, shifts);
}

/** Moves the selection (whole groups) by dx, dy. */
export function nudge(doc: ScadaDocument, ids: readonly string[], dx: number, dy: number): ScadaDocument {
  const shift = { dx, dy };
  return moved(doc, new Map(withGroups(doc.elements, ids).map((id) => [id, shift])));
}

/** Makes the selection one group (two elements or more); an element leaves any group it was in. */
export function group(doc: ScadaDocument, ids: readonly string[], groupId: string): ScadaDocument {
  const members = new Set(withGroups(doc.elements, ids));
  if (members.size < 2) return doc;
  return { ...doc, elements: doc.elements.map((e) => (members.has(e.id) ? { ...e, group: groupId } : e)) };
}

/** Breaks the groups the selection belongs to. */
export function ungroup(doc: ScadaDocument, ids: readonly string[]): ScadaDocument {
  const members = new Set(withGroups(doc.elements, ids));
  if (!doc.elements.some((e) => members.has(e.id) && e.group)) return doc;
  return { ...doc, elements: doc.elements.map((e) => (members.has(e.id) ? { ...e, group: null } : e)) };
}

/** Moves the selection one layer up or down (past the next element not selected), or to the top or bottom. */
export function layer(doc: ScadaDocument, ids: readonly string[], move: LayerMove): ScadaDocument {
  const picked = new Set(withGroups(doc.elements, ids));
  if (picked.size === 0) return doc;
  const chosen = doc.elements.filter((e) => picked.has(e.id));
  const rest = doc.elements.filter((e) => !picked.has(e.id));
  let elements: ScadaElement[];
  if (move === 'front') elements = [...rest, ...chosen];
  else if (move === 'back') elements = [...chosen, ...rest];
  else {
    // Where the selection's first (backward) or last (forward) element sits among the others, one step on.
    const indexIn = (id: string) => doc.elements.findIndex((e) => e.id === id);
    const anchor = move === 'forward' ? indexIn((chosen.at(-1) as ScadaElement).id) : indexIn(chosen[0]?.id ?? '');
    const below = doc.elements.slice(0, anchor).filter((e) => !picked.has(e.id)).length;
    const at = move === 'forward' ? Math.min(rest.length, below + 1) : Math.max(0, below - 1);
    elements = [...rest.slice(0, at), ...chosen, ...rest.slice(at)];
  }
  return elements.every((e, i) => e === doc.elements[i]) ? doc : { ...doc, elements };
}

/** Deletes the selection (whole groups). */
export function removeAll(doc: ScadaDocument, ids: readonly string[]): ScadaDocument {
  const picked = new Set(withGroups(doc.elements, ids));
  if (picked.size === 0) return doc;
  return { ...doc, elements: doc.elements.filter((e) => !picked.has(e.id)) };
}

/** What a copy keeps: the selected elements, in their layer order. */
export function copyOf(doc: ScadaDocument, ids: readonly string[]): ScadaElement[] {
  const picked = new Set(withGroups(doc.elements, ids));
  return doc.elements.filter((e) => picked.has(e.id));
}

/**
 * Pastes copied elements on top, shifted by `offset`, with new ids (and new groups, so a pasted group
 * is its own); returns the document and the pasted ids, which become the selection.
 */
export function paste(
  doc: ScadaDocument,
  copied: readonly ScadaElement[],
  offset: number,
  newId: (element: ScadaElement) => string,
): { document: ScadaDocument; ids: string[] } {
  if (copied.length === 0) return { document: doc, ids: [] };
  const groups = new Map<string, string>();
  const pasted = copied.map((e) => {
    let groupId: string | null = null;
    if (e.group) {
      groupId = groups.get(e.group) ?? `${newId(e)}g`;
      groups.set(e.group, groupId);
    }
    return { ...e, id: newId(e), x: e.x + offset, y: e.y + offset, group: groupId };
  });
  return { document: { ...doc, elements: [...doc.elements, ...pasted] }, ids: pasted.map((e) => e.id) };
}

/** The editor's zoom steps; "fit" is the scale that fits the canvas in its box. */
export const ZOOMS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4] as const;

export function zoomIn(scale: number): number {
  return ZOOMS.find((z) => z > scale + 1e-6) ?? (ZOOMS.at(-1) as number);
}

/** A pinch's zoom: the scale when two fingers met, times how much farther apart they are now, within the steps' range. */
export function pinchZoom(start: number, apartAtStart: number, apart: number): number {
  if (apartAtStart <= 0) return start;
  const scaled = Math.round(start * (apart / apartAtStart) * 100) / 100;
  return Math.min(ZOOMS.at(-1) as number, Math.max(ZOOMS[0], scaled));
}

export function zoomOut(scale: number): number {
  return [...ZOOMS].reverse().find((z) => z < scale - 1e-6) ?? ZOOMS[0];
}

/**
 * The rubber band's selection (decision 0152): every element whose box the band touches, as Figma
 * picks, widened to whole groups; with `add` (Shift) they join the current selection.
 */
export function marquee(
  elements: readonly ScadaElement[],
  band: Box,
  current: readonly string[],
  add: boolean,
): string[] {
  const left = Math.min(band.x, band.x + band.width);
  const right = Math.max(band.x, band.x + band.width);
  const top = Math.min(band.y, band.y + band.height);
  const bottom = Math.max(band.y, band.y + band.height);
  const touched = elements
    .filter((e) => e.x <= right && e.x + e.width >= left && e.y <= bottom && e.y + e.height >= top)
    .map((e) => e.id);
  const picked = new Set([...(add ? current : []), ...withGroups(elements, touched)]);
  return elements.filter((e) => picked.has(e.id)).map((e) => e.id);
}

/** One line a moving box may snap to: a vertical line at x (`at`), running from `from` to `to` in y, or the other way. */
interface SnapLine {
  at: number;
  from: number;
  to: number;
}

/** The edges and centres of the components that stay put, sorted, so that a drag looks only at the lines near it. */
export interface SnapLines {
  xs: SnapLine[];
  ys: SnapLine[];
}

/** A guide drawn while a snap holds: a vertical (`x`) or horizontal (`y`) line at `at`, from `from` to `to`. */
export interface Guide {
  axis: 'x' | 'y';
  at: number;
  from: number;
  to: number;
}

export function snapLinesOf(boxes: readonly Box[]): SnapLines {
  const xs: SnapLine[] = [];
  const ys: SnapLine[] = [];
  for (const b of boxes) {
    for (const at of [b.x, b.x + b.width / 2, b.x + b.width]) xs.push({ at, from: b.y, to: b.y + b.height });
    for (const at of [b.y, b.y + b.height / 2, b.y + b.height]) ys.push({ at, from: b.x, to: b.x + b.width });
  }
  return { xs: merged(xs), ys: merged(ys) };
}

/** The lines sorted, those at one place made one that spans them all: a column of equal components is one line. */
function merged(lines: SnapLine[]): SnapLine[] {
  const out: SnapLine[] = [];
  for (const line of lines.sort((a, b) => a.at - b.at)) {
    const last = out.at(-1);
    if (last && last.at === line.at) {
      last.from = Math.min(last.from, line.from);
      last.to = Math.max(last.to, line.to);
    } else out.push({ ...line });
  }
  return out;
}

/** The lines of a sorted list within `reach` of `value`, found by bisection: 2,000 components cost a few steps. */
function near(lines: readonly SnapLine[], value: number, reach: number): SnapLine[] {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((lines[mid] as SnapLine).at < value - reach) low = mid + 1;
    else high = mid;
  }
  const found: SnapLine[] = [];
  for (let i = low; i < lines.length && (lines[i] as SnapLine).at <= value + reach; i++)
    found.push(lines[i] as SnapLine);
  return found;
}

/** The shortest shift (within `reach`) that puts one of `values` on a line, or null when none is near. */
function shiftTo(lines: readonly SnapLine[], values: readonly number[], reach: number): number | null {
  let best: number | null = null;
  for (const value of values) {
    for (const line of near(lines, value, reach)) {
      const shift = line.at - value;
      if (best === null || Math.abs(shift) < Math.abs(best)) best = shift;
    }
  }
  return best;
}

/** The guides of the lines that `values` now lie on, each spanning the moving box (`from`..`to`) and what it lines up with. */
function guidesOn(axis: 'x' | 'y', lines: readonly SnapLine[], values: readonly number[], from: number, to: number) {
  const guides: Guide[] = [];
  for (const value of new Set(values)) {
    const on = near(lines, value, 0.5);
    if (on.length === 0) continue;
    guides.push({
      axis,
      at: value,
      from: Math.min(from, ...on.map((l) => l.from)),
      to: Math.max(to, ...on.map((l) => l.to)),
    });
  }
  return guides;
}

/**
 * Where a dragged box snaps: its left, centre or right (and top, middle or bottom) onto the nearest
 * edge or centre of another component within `reach` canvas pixels; `snapped` tells which axes held,
 * and the guides show what it lines up with.
 */
export function snapBox(
  box: Box,
  lines: SnapLines,
  reach: number,
): { dx: number; dy: number; snapped: { x: boolean; y: boolean }; guides: Guide[] } {
  const xs = (b: Box) => [b.x, b.x + b.width / 2, b.x + b.width];
  const ys = (b: Box) => [b.y, b.y + b.height / 2, b.y + b.height];
  const dx = shiftTo(lines.xs, xs(box), reach);
  const dy = shiftTo(lines.ys, ys(box), reach);
  const at = { ...box, x: box.x + (dx ?? 0), y: box.y + (dy ?? 0) };
  return {
    dx: dx ?? 0,
    dy: dy ?? 0,
    snapped: { x: dx !== null, y: dy !== null },
    guides: [
      ...(dx === null ? [] : guidesOn('x', lines.xs, xs(at), at.y, at.y + at.height)),
      ...(dy === null ? [] : guidesOn('y', lines.ys, ys(at), at.x, at.x + at.width)),
    ],
  };
}

/** Where a resize handle at x, y snaps: onto the nearest edge or centre within `reach`, each axis apart. */
export function snapPoint(
  x: number,
  y: number,
  lines: SnapLines,
  reach: number,
): { x: number; y: number; snapped: { x: boolean; y: boolean }; guides: Guide[] } {
  const dx = shiftTo(lines.xs, [x], reach);
  const dy = shiftTo(lines.ys, [y], reach);
  const at = { x: x + (dx ?? 0), y: y + (dy ?? 0) };
  return {
    ...at,
    snapped: { x: dx !== null, y: dy !== null },
    guides: [
      ...(dx === null ? [] : guidesOn('x', lines.xs, [at.x], at.y, at.y)),
      ...(dy === null ? [] : guidesOn('y', lines.ys, [at.y], at.x, at.x)),
    ],
  };
}
