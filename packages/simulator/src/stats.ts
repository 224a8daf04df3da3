/** Counters shared by every simulated device of a process; the CLI prints them every few seconds. */
export class Stats {
  connected = 0;
  connects = 0;
  disconnects = 0;
  requests = 0;
  replies = 0;
  faults = 0;
  heartbeats = 0;
  published = 0;
  commands = 0;
  errors = 0;
  bytesIn = 0;
  bytesOut = 0;

  line(): string {
    return (
      `connected ${this.connected} | connects ${this.connects} drops ${this.disconnects} | ` +
      `requests ${this.requests} replies ${this.replies} faults ${this.faults} heartbeats ${this.heartbeats} | ` +
      `published ${this.published} commands ${this.commands} | errors ${this.errors} | ` +
      `in ${this.bytesIn} B out ${this.bytesOut} B`
    );
  }
}

/**
 * One once-a-second interval for any number of devices, instead of a timer each: heartbeats and
 * publishing walk the members. Unreferenced, so a process with nothing else to do can exit.
 */
export class Ticker {
  readonly #members = new Set<{ tick(now: number): void }>();
  #timer: NodeJS.Timeout | undefined;

  add(member: { tick(now: number): void }): void {
    this.#members.add(member);
    if (!this.#timer) {
      this.#timer = setInterval(() => {
        const now = Date.now();
        for (const m of this.#members) m.tick(now);
      }, 1000);
      this.#timer.unref();
    }
  }

  delete(member: { tick(now: number): void }): void {
    this.#members.delete(member);
    if (this.#members.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }
}

export const sharedTicker = new Ticker();
