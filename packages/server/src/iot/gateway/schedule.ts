/**
 * One timer for every poll of the process: a binary heap of due times and a single setTimeout for
 * the earliest. 10,000 DTUs polled every 10 s are 1,000 entries a second; a heap costs O(log n)
 * per entry where 10,000 setIntervals would each hold a libuv timer (decision 0026).
 */
export interface Scheduled {
  /** Set by the schedule; the position in the heap, -1 when not scheduled. */
  slot: number;
  dueAt: number;
  run(now: number): void;
}

export class PollSchedule {
  readonly #heap: Scheduled[] = [];
  #timer: NodeJS.Timeout | null = null;
  #timerAt = Number.POSITIVE_INFINITY;
  #stopped = false;
  /** How late polls started, in milliseconds, since the last `takeLateness` (for the benchmark). */
  #lateness: number[] = [];

  get size(): number {
    return this.#heap.length;
  }

  /** Schedules (or moves) `entry` to run at `at`. */
  at(entry: Scheduled, at: number): void {
    if (this.#stopped) return;
    if (entry.slot >= 0) this.remove(entry);
    entry.dueAt = at;
    entry.slot = this.#heap.length;
    this.#heap.push(entry);
    this.#up(entry.slot);
    this.#arm();
  }

  remove(entry: Scheduled): void {
    const i = entry.slot;
    if (i < 0 || this.#heap[i] !== entry) return;
    const last = this.#heap.pop() as Scheduled;
    entry.slot = -1;
    if (last !== entry) {
      this.#heap[i] = last;
      last.slot = i;
      this.#down(i);
      this.#up(last.slot);
    }
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    for (const e of this.#heap) e.slot = -1;
    this.#heap.length = 0;
  }

  takeLateness(): number[] {
    const out = this.#lateness;
    this.#lateness = [];
    return out;
  }

  #arm(): void {
    const first = this.#heap[0];
    if (!first || first.dueAt >= this.#timerAt) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timerAt = first.dueAt;
    this.#timer = setTimeout(this.#fire, Math.max(0, first.dueAt - Date.now()));
  }

  /** Runs what is due; made once, not a closure per timer. */
  readonly #fire = (): void => {
    this.#timer = null;
    this.#timerAt = Number.POSITIVE_INFINITY;
    const now = Date.now();
    // Bounded: entries rescheduled while running are due later than now.
    for (let first = this.#heap[0]; first && first.dueAt <= now; first = this.#heap[0]) {
      this.remove(first);
      if (this.#lateness.length < 100_000) this.#lateness.push(now - first.dueAt);
      first.run(now);
    }
    this.#arm();
  };

  #up(i: number): void {
    const heap = this.#heap;
    const entry = heap[i] as Scheduled;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent] as Scheduled;
      if (p.dueAt <= entry.dueAt) break;
      heap[i] = p;
      p.slot = i;
      i = parent;
    }
    heap[i] = entry;
    entry.slot = i;
  }

  #down(i: number): void {
    const heap = this.#heap;
    const n = heap.length;
    const entry = heap[i] as Scheduled;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      const right = heap[child + 1];
      if (right && right.dueAt < (heap[child] as Scheduled).dueAt) child++;
      const c = heap[child] as Scheduled;
      if (c.dueAt >= entry.dueAt) break;
      heap[i] = c;
      c.slot = i;
      i = child;
    }
    heap[i] = entry;
    entry.slot = i;
  }
}
