/**
 * The editor's undo and redo: a stack of whole documents (decision 0075). A screen's JSON is small
 * and shared structurally between steps, so keeping each state is simpler and safer than inverting
 * commands; the stack keeps the last `LIMIT` steps.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

const LIMIT = 100;

export const historyOf = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** A change: the present goes on the undo stack and the redo stack empties. */
export function commit<T>(history: History<T>, next: T): History<T> {
  if (next === history.present) return history;
  return { past: [...history.past, history.present].slice(-LIMIT), present: next, future: [] };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

/** Snaps a coordinate or a size to the grid; a grid of 0 leaves it as it is. */
export function snap(value: number, grid: number): number {
  return grid > 0 ? Math.round(value / grid) * grid : Math.round(value);
}

/** Moves one element to the end (drawn on top) or the start (drawn below the others) of the list. */
export function reorder<T extends { id: string }>(list: readonly T[], id: string, to: 'front' | 'back'): T[] {
  const item = list.find((e) => e.id === id);
  if (!item) return [...list];
  const rest = list.filter((e) => e.id !== id);
  return to === 'front' ? [...rest, item] : [item, ...rest];
}
