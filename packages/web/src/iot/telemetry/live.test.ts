import { describe, expect, it } from 'vitest';
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  CLOSE_UNAUTHORISED,
  LiveClient,
  type LiveUpdate,
  type SocketLike,
} from './live.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function harness(token: string | null = 'tok') {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const client = new LiveClient({
    open: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    address: () => 'ws://test/api/ws',
    token: () => token,
    random: () => 0,
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  });
  const states: string[] = [];
  client.onState((state) => states.push(state));
  return { client, sockets, timers, states };
}

describe('the live-data socket', () => {
  it('signs in first, subscribes the followed devices, and hands each its updates', () => {
    const { client, sockets, states } = harness();
    const heard: LiveUpdate[] = [];
    client.follow(7, (u) => heard.push(u));
    client.follow(8, () => undefined);
    expect(sockets).toHaveLength(1);
    const socket = sockets[0] as FakeSocket;
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'tok' }]);
    socket.receive({ type: 'ready' });
    expect(states).toContain('live');
    expect(socket.sent[1]).toEqual({ type: 'subscribe', deviceIds: [7, 8] });
    socket.receive({ type: 'data', deviceId: 7, at: 1, values: { '3': 21.5 } });
    socket.receive({ type: 'data', deviceId: 8, at: 1, values: { '4': 1 } });
    expect(heard).toEqual([{ type: 'data', deviceId: 7, at: 1, values: { '3': 21.5 } }]);
  });

  it('unsubscribes a device nobody follows any more and closes the idle socket later', () => {
    const { client, sockets, timers } = harness();
    const stop = client.follow(7, () => undefined);
    const socket = sockets[0] as FakeSocket;
    socket.open();
    socket.receive({ type: 'ready' });
    stop();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', deviceIds: [7] });
    expect(socket.closed).toBe(false);
    timers.at(-1)?.run();
    expect(socket.closed).toBe(true);
  });

  it('reconnects after a drop with a growing delay, and subscribes again once signed in', () => {
    const { client, sockets, timers, states } = harness();
    client.follow(7, () => undefined);
    (sockets[0] as FakeSocket).drop();
    expect(states.at(-1)).toBe('reconnecting');
    expect(timers.at(-1)?.ms).toBe(500);
    timers.at(-1)?.run();
    (sockets[1] as FakeSocket).drop();
    expect(timers.at(-1)?.ms).toBe(1000);
    timers.at(-1)?.run();
    const third = sockets[2] as FakeSocket;
    third.open();
    third.receive({ type: 'ready' });
    expect(third.sent).toEqual([
      { type: 'auth', token: 'tok' },
      { type: 'subscribe', deviceIds: [7] },
    ]);
    // A good connection starts the delays over.
    third.drop();
    expect(timers.at(-1)?.ms).toBe(500);
  });

  it('stops trying when the server refuses the token', () => {
    const { client, sockets, timers, states } = harness();
    client.follow(7, () => undefined);
    (sockets[0] as FakeSocket).drop(CLOSE_UNAUTHORISED);
    expect(states.at(-1)).toBe('signedOut');
    expect(timers).toHaveLength(0);
  });

  it('does not open a socket without a session', () => {
    const { client, sockets, states } = harness(null);
    client.follow(7, () => undefined);
    expect(sockets).toHaveLength(0);
    expect(states).toEqual(['signedOut']);
  });

  it('caps the delay and spreads it with jitter', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(3, () => 0)).toBe(4000);
    expect(backoffDelay(50, () => 0)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(50, () => 1)).toBe(BACKOFF_MAX_MS * 0.75);
  });
});
