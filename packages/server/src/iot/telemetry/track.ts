import {
  TRACK_DRAWN_MAX,
  TRACK_STOP_MIN_MS,
  TRACK_STOP_RADIUS_M,
  type TrackQuery,
  type TrackStop,
  type TrackView,
} from '@meridian/contracts';
import simplify from 'simplify-js';
import { rulesBroken } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { readingsOf } from './repository.ts';
import { devicePoints } from './service.ts';

/** `[time, latitude, longitude]`. */
export type Fix = [number, number, number];

const EARTH_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function metresBetween(a: Fix, b: Fix): number {
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[2] - a[2]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A stored location is `longitude,latitude` (decode.ts and write-rules.ts check it on the way in). */
export function fixOf(ts: number, text: string | null): Fix | null {
  if (!text) return null;
  const [lng, lat] = text.split(',').map(Number);
  if (lng === undefined || lat === undefined || !Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  // 0,0 is what a GPS module without a fix reports: no position, not the Gulf of Guinea.
  if (lng === 0 && lat === 0) return null;
  return [ts, lat, lng];
}

/**
 * Stops: runs of positions that stay within the radius of the run's first position for at least
 * the minimum time; the stop's place is that first position.
 */
export function stopsOf(fixes: readonly Fix[]): TrackStop[] {
  const stops: TrackStop[] = [];
  let i = 0;
  while (i < fixes.length) {
    const anchor = fixes[i] as Fix;
    let j = i;
    while (j + 1 < fixes.length && metresBetween(anchor, fixes[j + 1] as Fix) <= TRACK_STOP_RADIUS_M) j++;
    const last = fixes[j] as Fix;
    if (last[0] - anchor[0] >= TRACK_STOP_MIN_MS) {
      stops.push({ from: anchor[0], to: last[0], lat: anchor[1], lng: anchor[2] });
    }
    i = j + 1;
  }
  return stops;
}

/** Distance along the track, the fastest step, and the average speed while moving (outside stops). */
export function figuresOf(fixes: readonly Fix[], stops: readonly TrackStop[]) {
  let distanceM = 0;
  let maxSpeedKmh = 0;
  let movingM = 0;
  let movingMs = 0;
  let s = 0;
  for (let i = 1; i < fixes.length; i++) {
    const a = fixes[i - 1] as Fix;
    const b = fixes[i] as Fix;
    const m = metresBetween(a, b);
    const ms = b[0] - a[0];
    distanceM += m;
    if (ms > 0) maxSpeedKmh = Math.max(maxSpeedKmh, (m / ms) * 3600);
    while (s < stops.length && (stops[s] as TrackStop).to < a[0]) s++;
    const stop = stops[s];
    const stopped = stop !== undefined && a[0] >= stop.from && b[0] <= stop.to;
    if (!stopped) {
      movingM += m;
      movingMs += ms;
    }
  }
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    distanceM: Math.round(distanceM),
    maxSpeedKmh: round(maxSpeedKmh),
    movingSpeedKmh: movingMs > 0 ? round((movingM / movingMs) * 3600) : 0,
  };
}

/**
 * At most TRACK_DRAWN_MAX positions for the map, the shape kept: Douglas-Peucker (simplify-js)
 * with a tolerance that doubles until the track fits. Start and end always stay.
 */
export function drawnOf(fixes: readonly Fix[]): { points: Fix[]; simplified: boolean } {
  if (fixes.length <= TRACK_DRAWN_MAX) return { points: [...fixes], simplified: false };
  // simplify-js hands back the very objects it was given, so each keeps its position.
  const xy = fixes.map((fix) => ({ x: fix[2], y: fix[1], fix }));
  const run = (tolerance: number) => simplify(xy, tolerance, true) as typeof xy;
  let tolerance = 0.00001;
  let kept = run(tolerance);
  while (kept.length > TRACK_DRAWN_MAX) {
    tolerance *= 2;
    kept = run(tolerance);
  }
  const points = kept.map((p) => p.fix);
  return { points, simplified: true };
}

/** Positioning Track: a device's positions over a range, drawn simplified, figured from every position. */
export async function trackOf(actor: Actor, query: TrackQuery): Promise<TrackView> {
  const { points } = await devicePoints(actor, query.deviceId);
  const locationPoints = points.filter((p) => p.data_type === 'location').map((p) => ({ id: p.id, name: p.name }));
  const empty = { total: 0, points: [], simplified: false, distanceM: 0, maxSpeedKmh: 0, movingSpeedKmh: 0, stops: [] };
  const pointId = query.pointId ?? locationPoints[0]?.id ?? null;
  if (pointId === null) return { locationPoints, pointId, ...empty };
  if (!locationPoints.some((p) => p.id === pointId)) {
    throw rulesBroken([{ field: 'pointId', key: 'track.point.notLocation', params: { id: pointId } }]);
  }
  const rows = await readingsOf(actor.db, { deviceId: query.deviceId, from: query.from, to: query.to }, pointId);
  const fixes: Fix[] = [];
  for (const row of rows) {
    const fix = fixOf(Number(row.ts), row.text);
    if (fix) fixes.push(fix);
  }
  const stops = stopsOf(fixes);
  return { locationPoints, pointId, total: fixes.length, ...drawnOf(fixes), ...figuresOf(fixes, stops), stops };
}
