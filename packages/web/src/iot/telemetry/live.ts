/**
 * The one live-data WebSocket of Device Cloud (`/api/ws`, docs/decisions/0027). Pages follow devices
 * through `follow`; the socket opens with the first follower, signs in with the session token in its
 * first message (a browser cannot set headers on a WebSocket), subscribes what is followed, and
 * reconnects with a growing delay when the link drops. It never polls the API.
 */

export type LiveValue = number | string | boolean;
export type LiveUpdate =
  | { type: 'data'; deviceId: number; at: number; values: Record<string, LiveValue> }
  | {
      type: 'status';
      deviceId: number;
      at: number;
      status: 'online' | 'offline' | 'alarm' | 'fault';
      reason: string | null;
    };
/** connecting: not yet signed in; live: updates flow; reconnecting: waiting to try again; signedOut: the token was refused. */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'signedOut';

/** What the client needs of a WebSocket, so that tests can hand it a stand-in. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface LiveOptions {
  open(address: string): SocketLike;
  address(): string;
  token(): string | null;
  /** Timers, replaceable in tests. */
  setTimer?(run: () => void, ms: number): unknown;
  clearTimer?(timer: unknown): void;
  random?(): number;
}

/** Close code of the server for a refused token (socket.ts CLOSE_UNAUTHORISED): reconnecting would not help. */
export const CLOSE_UNAUTHORISED = 4401;
const OPEN = 1;
/** With nobody following, the socket is kept this long so that moving between pages does not reopen it. */
export const IDLE_CLOSE_MS = 15_000;
export const BACKOFF_FIRST_MS = 500;
export const BACKOFF_MAX_MS = 15_000;

/** The wait before reconnect attempt `attempt` (0 first): doubling up to the cap, with up to a quarter of jitter so that a restarted server is not hit by every browser at once. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.min(attempt, 20));
  return Math.round(base * (1 - 0.25 * random()));
}

function isUpdate(message: unknown): message is LiveUpdate {
  if (typeof message !== 'object' || message === null || !('type' in message) || !('deviceId' in message)) return false;
  return (message.type === 'data' || message.type === 'status') && typeof message.deviceId === 'number';
}

type Listener = (update: LiveUpdate) => void;

export class LiveClient {
  readonly #options: LiveOptions;
  readonly #listeners = new Map<number, Set<Listener>>();
  readonly #stateListeners = new Set<(state: LiveState) => void>();
  #socket: SocketLike | null = null;
  #state: LiveState = 'connecting';
  #attempt = 0;
  #retryTimer: unknown = null;
  #idleTimer: unknown = null;

  constructor(options: LiveOptions) {
    this.#options = options;
  }

  get state(): LiveState {
    return this.#state;
  }

  /** Follows a device until the returned function is called. */
  follow(deviceId: number, listener: Listener): () => void {
    this.#cancel('idle');
    let set = this.#listeners.get(deviceId);
    const fresh = !set;
    if (!set) {
      set = new Set();
      this.#listeners.set(deviceId, set);
    }
    set.add(listener);
    if (!this.#socket && this.#retryTimer === null) this.#connect();
    else if (fresh && this.#state === 'live') this.#send({ type: 'subscribe', deviceIds: [deviceId] });
    return () => {
      const current = this.#listeners.get(deviceId);
      if (!current?.delete(listener) || current.size > 0) return;
      this.#listeners.delete(deviceId);
      if (this.#state === 'live') this.#send({ type: 'unsubscribe', deviceIds: [deviceId] });
      if (this.#listeners.size === 0) this.#idleTimer = this.#timer(() => this.close(), IDLE_CLOSE_MS);
    };
  }

  onState(listener: (state: LiveState) => void): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  /** Closes the socket and forgets the retry; following again reopens it. */
  close(): void {
    this.#cancel('idle');
    this.#cancel('retry');
    const socket = this.#socket;
    this.#socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'done');
    }
    this.#attempt = 0;
    this.#setState('connecting');
  }

  #connect(): void {
    const token = this.#options.token();
    if (!token) {
      this.#setState('signedOut');
      return;
    }
    this.#setState(this.#attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = this.#options.open(this.#options.address());
    this.#socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token }));
    socket.onmessage = (event) => this.#receive(event.data);
    socket.onerror = () => {
      // The close event follows and schedules the retry.
    };
    socket.onclose = (event) => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      if (event.code === CLOSE_UNAUTHORISED) {
        this.#setState('signedOut');
        return;
      }
      if (this.#listeners.size === 0) {
        this.#setState('connecting');
        return;
      }
      this.#setState('reconnecting');
      const delay = backoffDelay(this.#attempt, this.#options.random);
      this.#attempt += 1;
      this.#retryTimer = this.#timer(() => {
        this.#retryTimer = null;
        if (this.#listeners.size > 0) this.#connect();
      }, delay);
    };
  }

  #receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      // The server only sends JSON; anything else is not ours to act on.
      return;
    }
    if (typeof message === 'object' && message !== null && 'type' in message && message.type === 'ready') {
      this.#attempt = 0;
      this.#setState('live');
      const ids = [...this.#listeners.keys()];
      if (ids.length) this.#send({ type: 'subscribe', deviceIds: ids });
      return;
    }
    if (!isUpdate(message)) return;
    for (const listener of this.#listeners.get(message.deviceId) ?? []) listener(message);
  }

  #send(message: object): void {
    if (this.#socket?.readyState === OPEN) this.#socket.send(JSON.stringify(message));
  }

  #setState(state: LiveState): void {
    if (state === this.#state) return;
    this.#state = state;
    for (const listener of this.#stateListeners) listener(state);
  }

  #timer(run: () => void, ms: number): unknown {
    return (this.#options.setTimer ?? ((r, t) => setTimeout(r, t)))(run, ms);
  }

  #cancel(which: 'idle' | 'retry'): void {
    const timer = which === 'idle' ? this.#idleTimer : this.#retryTimer;
    if (timer === null) return;
    if (this.#options.clearTimer) this.#options.clearTimer(timer);
    else clearTimeout(timer as ReturnType<typeof setTimeout>);
    if (which === 'idle') this.#idleTimer = null;
    else this.#retryTimer = null;
  }
}
