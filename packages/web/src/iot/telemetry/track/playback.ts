/** `[time, latitude, longitude]`, oldest first. */
export type Fix = [number, number, number];

/** Playback speeds: track time per second of playback. */
export const PLAYBACK_SPEEDS = [60, 600, 3600] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/**
 * Where the device was at `at`: between the two positions around it, in proportion to the time
 * (the track between them is a straight line on the map, so the marker moves along it).
 */
export function positionAt(points: readonly Fix[], at: number): [number, number] | null {
  if (points.length === 0) return null;
  const first = points[0] as Fix;
  const last = points[points.length - 1] as Fix;
  if (at <= first[0]) return [first[1], first[2]];
  if (at >= last[0]) return [last[1], last[2]];
  // The last position at or before `at` (binary search: tracks hold thousands).
  let lo = 0;
  let hi = points.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((points[mid] as Fix)[0] <= at) lo = mid;
    else hi = mid;
  }
  const a = points[lo] as Fix;
  const b = points[hi] as Fix;
  const share = b[0] === a[0] ? 0 : (at - a[0]) / (b[0] - a[0]);
  return [a[1] + (b[1] - a[1]) * share, a[2] + (b[2] - a[2]) * share];
}
