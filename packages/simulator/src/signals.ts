/**
 * How simulated values move. A signal is advanced only when someone reads it, by the time that
 * has passed since its last read: thousands of devices need no timer per value, and the values
 * still drift at the same pace whether they are read every second or every hour.
 */

export type Drift =
  /** Mean-reverting random walk within [min, max]: a temperature, a voltage. */
  | { kind: 'walk'; centre: number; min: number; max: number; step: number }
  /** Only ever grows, at about `perHour` (each step between half and one and a half of it): an energy meter. */
  | { kind: 'counter'; perHour: number }
  /** Oscillates around `mean` with a little noise: a tank level over a fill-and-draw cycle. */
  | { kind: 'wave'; mean: number; amplitude: number; periodSeconds: number; noise?: number }
  /** Flips now and then (about `perHour` times an hour): a pump contactor, a door switch. */
  | { kind: 'toggle'; perHour: number }
  /** Holds still until written: a set point, a configured address. */
  | { kind: 'fixed' };

/** A small fast seeded PRNG (mulberry32): the same seed gives the same run, for tests and benches. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Roughly normal (Irwin-Hall of 4), mean 0, standard deviation 1; cheap enough for millions of draws. */
function gaussian(random: () => number): number {
  return (random() + random() + random() + random() - 2) * 1.7320508;
}

/**
 * The value after `dt` seconds. `t` is the absolute time in seconds (waves follow the clock, so
 * that two reads a second apart see neighbouring values); `phase` spreads devices apart.
 */
export function advance(drift: Drift, value: number, dt: number, t: number, phase: number, random: () => number) {
  switch (drift.kind) {
    case 'walk': {
      // Pulled back towards the centre with a time constant of ten minutes, so it wanders but stays plausible.
      const pull = (drift.centre - value) * Math.min(1, dt / 600);
      const next = value + pull + gaussian(random) * drift.step * Math.sqrt(Math.min(dt, 3600));
      return Math.min(drift.max, Math.max(drift.min, next));
    }
    case 'counter':
      return value + (drift.perHour / 3600) * dt * (0.5 + random());
    case 'wave': {
      const angle = (2 * Math.PI * t) / drift.periodSeconds + phase;
      return drift.mean + drift.amplitude * Math.sin(angle) + gaussian(random) * (drift.noise ?? 0);
    }
    case 'toggle': {
      const flip = 1 - Math.exp((-dt * drift.perHour) / 3600);
      return random() < flip ? (value ? 0 : 1) : value;
    }
    case 'fixed':
      return value;
  }
}
