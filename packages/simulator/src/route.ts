/** `[longitude, latitude]`, as a location point reports it (`"lng,lat"`). */
export type LngLat = [number, number];

/** A moving device's way: along `path` at `speedKmh`, back to the start when it ends, round and round. */
export interface Route {
  /** The location signal it reports (the template's location point name). */
  signal: string;
  path: readonly LngLat[];
  speedKmh: number;
}

const EARTH_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

function metres(a: LngLat, b: LngLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Where a device on `route` is `elapsedMs` after it set off from the first point (the loop closes back to it). */
export function positionOnRoute(route: Route, elapsedMs: number): LngLat {
  const loop = [...route.path, route.path[0] as LngLat];
  const legs = loop.slice(1).map((to, i) => metres(loop[i] as LngLat, to));
  const total = legs.reduce((sum, m) => sum + m, 0);
  if (total === 0) return route.path[0] as LngLat;
  let left = ((((elapsedMs / 3_600_000) * route.speedKmh * 1000) % total) + total) % total;
  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i] as number;
    if (left <= leg) {
      const a = loop[i] as LngLat;
      const b = loop[i + 1] as LngLat;
      const share = leg === 0 ? 0 : left / leg;
      return [a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share];
    }
    left -= leg;
  }
  return route.path[0] as LngLat;
}

/** The reported text of a position: `lng,lat` with six decimals (about 0.1 m). */
export const locationText = ([lng, lat]: LngLat) => `${lng.toFixed(6)},${lat.toFixed(6)}`;
