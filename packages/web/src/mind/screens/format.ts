/** A share as a percentage with one decimal, or a dash when there is nothing to divide by. */
export const percent = (part: number, whole: number): string =>
  whole === 0 ? '—' : `${Math.round((part / whole) * 1000) / 10}%`;

export const count = (n: number): string => n.toLocaleString();
