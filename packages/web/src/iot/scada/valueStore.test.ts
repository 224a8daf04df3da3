import { describe, expect, it } from 'vitest';
import { readingKey, ValueStore } from './valueStore.ts';

/** A store whose frames come when the test says. */
function framed() {
  const frames: Array<() => void> = [];
  const store = new ValueStore((run) => frames.push(run));
  const heard: string[] = [];
  const follow = (key: string) => store.subscribe(key, () => heard.push(`${key}=${String(store.get(key))}`));
  const frame = () => {
    for (const run of frames.splice(0)) run();
  };
  return { store, heard, follow, frame, frames };
}

describe('the values of a running screen', () => {
  it('tells each component once a frame, only when its own point changed, with the newest value', () => {
    const { store, heard, follow, frame, frames } = framed();
    const pump = readingKey(1, 10);
    const tank = readingKey(2, 20);
    follow(pump);
    follow(tank);
    store.set(pump, 1);
    store.set(pump, 2);
    store.set(readingKey(3, 30), 7);
    // The value is there at once; the components hear it at the next frame, once.
    expect(store.get(pump)).toBe(2);
    expect(heard).toEqual([]);
    expect(frames).toHaveLength(1);
    frame();
    expect(heard).toEqual(['1:10=2']);
    // The same value again changes nothing and asks for no frame.
    store.set(pump, 2);
    expect(frames).toHaveLength(0);
    store.set(tank, 'low');
    frame();
    expect(heard).toEqual(['1:10=2', '2:20=low']);
  });

  it('stops telling a component that left, and takes a polled answer as all there is', () => {
    const { store, heard, follow, frame } = framed();
    const pump = readingKey(1, 10);
    const tank = readingKey(2, 20);
    const leave = follow(pump);
    follow(tank);
    store.replace(
      new Map([
        [pump, 1],
        [tank, 40],
      ]),
    );
    frame();
    leave();
    // The pump's point is gone from the next answer: it has no value any more.
    store.replace(new Map([[tank, 41]]));
    frame();
    expect(store.get(pump)).toBeNull();
    expect(heard).toEqual(['1:10=1', '2:20=40', '2:20=41']);
  });
});
