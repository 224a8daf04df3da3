import type { ScadaElement } from '@meridian/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import type { LiveValue } from '../telemetry/live.ts';
import { readingKey } from '../telemetry/useDeviceValues.ts';
import type { Reading } from './shapes.tsx';

export { readingKey };

type Frame = (run: () => void) => unknown;

/** A page that draws no frames (a hidden tab) still takes its values, later. */
const LATEST_MS = 250;

/** The next frame the browser draws, or a short while when it draws none (units run without frames). */
const nextFrame: Frame = (run) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  setTimeout(run, LATEST_MS);
};

/**
 * The values a running screen shows, by point (decision 0153). Values arriving within one frame (the
 * devices of a gateway report in a burst) are told to the components in one go at the next frame,
 * and only the components whose own point changed hear it: a screen of 500 components draws again
 * what changed once per frame, not the whole screen once per device.
 */
export class ValueStore {
  readonly #values = new Map<string, LiveValue | null>();
  readonly #listeners = new Map<string, Set<() => void>>();
  readonly #changed = new Set<string>();
  readonly #frame: Frame;
  #scheduled = false;

  constructor(frame: Frame = nextFrame) {
    this.#frame = frame;
  }

  has(key: string): boolean {
    return this.#values.has(key);
  }

  get(key: string): LiveValue | null | undefined {
    return this.#values.get(key);
  }

  /** A component's reading: `undefined` while unbound, `null` before its point's first value. */
  readingOf(element: ScadaElement): Reading {
    return element.binding
      ? (this.get(readingKey(element.binding.deviceId, element.binding.pointId)) ?? null)
      : undefined;
  }

  /** Notes a point's value; whoever shows it hears at the next frame. */
  set(key: string, value: LiveValue | null): void {
    if (this.#values.has(key) && this.#values.get(key) === value) return;
    this.#values.set(key, value);
    this.#changed.add(key);
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.#frame(() => {
      if (this.#scheduled) this.flush();
    });
  }

  /** Takes these values as all there are: a point no longer among them has no value. */
  replace(values: ReadonlyMap<string, LiveValue | null>): void {
    for (const key of this.#values.keys()) if (!values.has(key)) this.set(key, null);
    for (const [key, value] of values) this.set(key, value);
  }

  /** Tells each listener whose point changed since the last flush, once. */
  flush(): void {
    this.#scheduled = false;
    const changed = [...this.#changed];
    this.#changed.clear();
    for (const key of changed) {
      for (const listener of this.#listeners.get(key) ?? []) listener();
    }
  }

  subscribe(key: string, listener: () => void): () => void {
    let set = this.#listeners.get(key);
    if (!set) {
      set = new Set();
      this.#listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(key);
    };
  }
}

const NO_KEY = '';
const never = () => () => undefined;

/** The reading of one component, followed on its own: the component renders again only when it changes. */
export function useReading(store: ValueStore, element: ScadaElement): Reading {
  const key = element.binding ? readingKey(element.binding.deviceId, element.binding.pointId) : NO_KEY;
  const subscribe = useCallback(
    (listener: () => void) => (key === NO_KEY ? never() : store.subscribe(key, listener)),
    [store, key],
  );
  const read = () => (key === NO_KEY ? undefined : (store.get(key) ?? null));
  return useSyncExternalStore(subscribe, read);
}
