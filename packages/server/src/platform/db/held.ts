import { watchWrites } from './writes.ts';

/**
 * Reads held for a moment: what every request reads first (its session, its data scope) is kept
 * for `holdReadsFor` milliseconds (SESSION_CACHE_MS, 2 s) and forgotten whenever this process
 * writes one of the tables it was read from (decision 0042). Another process learns of a change
 * within the moment.
 */
let holdMs = 2000;

/** How long held reads are kept; 0 reads again every time. Set from the configuration at start. */
export function holdReadsFor(ms: number): void {
  holdMs = ms;
}

/** At most this many entries per kind; the oldest go first, so that random keys cannot grow memory. */
const MAX_ENTRIES = 10_000;

export class Held<T> {
  readonly #entries = new Map<string, { value: T; readAt: number }>();

  /** `tables`: every table the held values are read from. */
  constructor(tables: readonly string[]) {
    watchWrites(tables, () => this.forget());
  }

  async get(key: string, read: () => Promise<T>): Promise<T> {
    if (holdMs === 0) return read();
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && now - hit.readAt < holdMs) return hit.value;
    const value = await read();
    this.#entries.delete(key);
    this.#entries.set(key, { value, readAt: now });
    if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value ?? '');
    return value;
  }

  forget(): void {
    this.#entries.clear();
  }
}
