/**
 * A list's filters as searched: text trimmed, and text left empty is no filter (`undefined`), so
 * that a space typed by mistake neither filters nor keeps a list empty.
 */
export function trimmed<F extends object>(values: F): F {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() || undefined : value]),
  ) as F;
}
