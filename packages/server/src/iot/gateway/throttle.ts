/**
 * Repeated registration failures are slowed, like sign-in failures (portal/sessions/throttle.ts),
 * but in memory: the DTU port answers floods without a database write per attempt, and each
 * gateway process guards its own port. What is counted is up to the caller: the gateway counts a
 * refused SN per address and SN, so that one misconfigured DTU does not hold back the others
 * behind the same NAT, and bytes naming no SN per address.
 */
const WINDOW_MS = 10 * 60_000;
const WAIT_SECONDS = [1, 2, 5, 10, 30, 60] as const;
/** Addresses remembered at most; the oldest are forgotten first, so a flood from many addresses cannot grow memory. */
const MAX_ADDRESSES = 50_000;

interface Failures {
  count: number;
  windowStart: number;
  lastAt: number;
  /** When a throttled refusal was last written to the registration log. */
  loggedAt: number;
}

export class RegistrationThrottle {
  readonly #byAddress = new Map<string, Failures>();

  /** From this many failures on, further attempts wait the next step before they are heard. */
  readonly slowAfter: number;

  constructor(slowAfter = 5) {
    this.slowAfter = slowAfter;
  }

  /** 0 when a connection from `address` may register now, else the seconds it must wait. */
  waitSeconds(address: string, now: number): number {
    const f = this.#byAddress.get(address);
    if (!f || now - f.windowStart > WINDOW_MS || f.count < this.slowAfter) return 0;
    const wait = WAIT_SECONDS[Math.min(f.count - this.slowAfter, WAIT_SECONDS.length - 1)] as number;
    const ready = f.lastAt + wait * 1000;
    return ready > now ? Math.ceil((ready - now) / 1000) : 0;
  }

  fail(address: string, now: number): void {
    const f = this.#byAddress.get(address);
    if (f && now - f.windowStart <= WINDOW_MS) {
      f.count++;
      f.lastAt = now;
      return;
    }
    this.#byAddress.delete(address);
    if (this.#byAddress.size >= MAX_ADDRESSES) {
      const oldest = this.#byAddress.keys().next().value;
      if (oldest !== undefined) this.#byAddress.delete(oldest);
    }
    this.#byAddress.set(address, { count: 1, windowStart: now, lastAt: now, loggedAt: 0 });
  }

  /** Whether a throttled refusal should be logged: at most one a minute per address, so a flood does not flood the log. */
  shouldLog(address: string, now: number): boolean {
    const f = this.#byAddress.get(address);
    if (!f || now - f.loggedAt < 60_000) return false;
    f.loggedAt = now;
    return true;
  }

  clear(address: string): void {
    this.#byAddress.delete(address);
  }
}
