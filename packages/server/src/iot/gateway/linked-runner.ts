import type { Logger } from 'pino';
import type { DeviceLink, DeviceLinks } from './links.ts';

/** Device ids asked about per query. */
const CHUNK = 500;

/**
 * Work that waits for a device to be connected to this gateway process, done when it is: remote
 * configuration (decision 0062), a timed task's run on recovery (0061). Every `everyMs`, and at
 * once when kicked, `among` is asked about the devices linked here, a chunk at a time; the work it
 * starts is tracked with `track`, so that a stop waits for it. Calls made while a look runs coalesce
 * into one more look. Subclasses claim their work in the database before doing it, so that of
 * several gateway processes on one PostgreSQL exactly one does it.
 */
export abstract class LinkedDevicesRunner {
  protected readonly links: DeviceLinks;
  protected readonly log: Logger;
  readonly #everyMs: number;
  readonly #inFlight = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #ticking: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  /** Looks done, for tests that wait for a few to pass. */
  ticks = 0;

  constructor(links: DeviceLinks, log: Logger, everyMs: number) {
    this.links = links;
    this.log = log;
    this.#everyMs = everyMs;
  }

  /** What this process's name was doing when it last stopped (a crash) is given back first. */
  protected abstract recover(): Promise<void>;
  /** Before each look: e.g. give back work whose claim ran out. */
  protected abstract before(now: number): Promise<void>;
  /** Looks for work among these connected devices and starts it (with `track`). */
  protected abstract among(ids: number[], now: number): Promise<void>;
  /** The links this runner has work for (all by default). */
  protected wants(_link: DeviceLink): boolean {
    return true;
  }

  async start(): Promise<void> {
    await this.recover();
    this.#timer = setInterval(() => this.kick(), this.#everyMs);
    this.#timer.unref();
    this.kick();
  }

  /** Looks for work now; calls made while a look runs coalesce into one more. */
  kick(): void {
    if (this.#stopped) return;
    if (this.#ticking) {
      this.#again = true;
      return;
    }
    this.#ticking = this.tick()
      .catch((error: unknown) => this.log.warn({ err: error }, 'looking for work for the connected devices failed'))
      .finally(() => {
        this.#ticking = null;
        if (this.#again) {
          this.#again = false;
          this.kick();
        }
      });
  }

  async tick(now = Date.now()): Promise<void> {
    await this.before(now);
    const ids = [...this.links.entries()].filter(([, link]) => this.wants(link)).map(([id]) => id);
    for (let i = 0; i < ids.length && !this.#stopped; i += CHUNK) await this.among(ids.slice(i, i + CHUNK), now);
    this.ticks++;
  }

  /** Work started by `among`, waited for by `stop`. */
  protected track(work: Promise<void>): void {
    const tracked = work.finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#ticking;
    await Promise.all([...this.#inFlight]);
  }
}
