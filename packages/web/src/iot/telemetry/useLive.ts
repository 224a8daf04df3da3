import { useEffect, useState, useSyncExternalStore } from 'react';
import { getToken } from '../../shared/session.ts';
import { LiveClient, type LiveState, type LiveUpdate, type SocketLike } from './live.ts';

let client: LiveClient | null = null;

/** The browser's WebSocket behind the client's small interface. */
function browserSocket(address: string): SocketLike {
  const ws = new WebSocket(address);
  const socket: SocketLike = {
    get readyState() {
      return ws.readyState;
    },
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  ws.onopen = (event) => socket.onopen?.(event);
  ws.onmessage = (event: MessageEvent<unknown>) => socket.onmessage?.({ data: event.data });
  ws.onclose = (event) => socket.onclose?.({ code: event.code });
  ws.onerror = (event) => socket.onerror?.(event);
  return socket;
}

/** The page's one live-data socket, opened on first use. */
export function liveClient(): LiveClient {
  client ??= new LiveClient({
    open: browserSocket,
    address: () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/ws`,
    token: getToken,
  });
  return client;
}

/** The socket's state, for the "live" / "reconnecting" indicator. */
export function useLiveState(): LiveState {
  const live = liveClient();
  return useSyncExternalStore(
    (notify) => live.onState(notify),
    () => live.state,
  );
}

/** Follows a device while the component is shown; `onUpdate` hears every value and state change. */
export function useLiveDevice(deviceId: number | null, onUpdate: (update: LiveUpdate) => void): void {
  const [listener] = useState(() => ({ current: onUpdate }));
  listener.current = onUpdate;
  useEffect(() => {
    if (deviceId === null) return;
    return liveClient().follow(deviceId, (update) => listener.current(update));
  }, [deviceId, listener]);
}
