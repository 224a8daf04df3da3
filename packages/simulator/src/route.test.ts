import { describe, expect, it } from 'vitest';
import { locationText, positionOnRoute, type Route } from './route.ts';

// A square of about 1.11 km sides on the equator: one lap is about 4.45 km.
const square: Route = {
  signal: 'Place',
  path: [
    [0, 0],
    [0.01, 0],
    [0.01, 0.01],
    [0, 0.01],
  ],
  speedKmh: 60,
};

describe('a device moving along its route', () => {
  it('is where its speed has taken it, and laps back to the start', () => {
    expect(positionOnRoute(square, 0)).toEqual([0, 0]);
    // 60 km/h: a kilometre a minute, so half a minute is half a kilometre east.
    const [lng, lat] = positionOnRoute(square, 30_000);
    expect(lng).toBeCloseTo(0.0045, 4);
    expect(lat).toBe(0);
    const lapMs = (4 * 1111.95 * 3_600_000) / 60_000;
    const [lng2, lat2] = positionOnRoute(square, lapMs + 30_000);
    expect(lng2).toBeCloseTo(0.0045, 3);
    expect(lat2).toBeCloseTo(0, 4);
  });
  it('reports `lng,lat` with six decimals', () => {
    expect(locationText([121.47371234, 31.2304])).toBe('121.473712,31.230400');
  });
});
