import type { LatestValues } from '@meridian/contracts';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { latestOf } from './api.ts';
import type { LiveValue } from './live.ts';
import { liveClient } from './useLive.ts';

/** `deviceId:pointId`, the key of a reading. */
export const readingKey = (deviceId: number, pointId: number) => `${deviceId}:${pointId}`;

type Heard = ReadonlyArray<[string, LiveValue | null]>;

/**
 * The latest values of these devices (with the points' names and units), read once; `onRead` hears
 * the stored values by reading key whenever a device's answer arrives.
 */
export function useLatestValues(
  deviceIds: readonly number[],
  onRead: (values: Heard) => void,
): Array<LatestValues | undefined> {
  const latest = useQueries({
    queries: deviceIds.map((id) => ({
      queryKey: ['iot', 'latest', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => latestOf(id, signal),
      staleTime: Number.POSITIVE_INFINITY,
      meta: { silentError: true },
    })),
  });
  const [listener] = useState(() => ({ current: onRead }));
  listener.current = onRead;
  const stamp = latest.map((q) => q.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `stamp` says when any device's latest values arrived.
  useEffect(() => {
    listener.current(
      latest.flatMap((query) =>
        (query.data?.points ?? []).map((point): [string, LiveValue | null] => [
          readingKey(query.data?.deviceId ?? 0, point.pointId),
          point.value,
        ]),
      ),
    );
  }, [stamp]);
  return latest.map((q) => q.data);
}

/** Follows these devices over the one live-data socket; `onValues` hears each update's values by reading key. */
export function useFollowedValues(deviceIds: readonly number[], onValues: (values: Heard) => void): void {
  const [listener] = useState(() => ({ current: onValues }));
  listener.current = onValues;
  const followed = deviceIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `followed` names the devices to follow.
  useEffect(() => {
    const client = liveClient();
    const stops = deviceIds.map((deviceId) =>
      client.follow(deviceId, (update) => {
        if (update.type !== 'data') return;
        listener.current(
          Object.entries(update.values).map(([pointId, value]) => [readingKey(deviceId, Number(pointId)), value]),
        );
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [followed]);
}

/**
 * The values of these devices' points: each device's latest values read once, then followed over
 * the one live-data socket the device pages use. A device the caller may not see simply has no values.
 */
export function useDeviceValues(deviceIds: readonly number[]): {
  values: Map<string, LiveValue | null>;
  latest: Array<LatestValues | undefined>;
} {
  const [live, setLive] = useState<Map<string, LiveValue | null>>(new Map());
  const latest = useLatestValues(deviceIds, (values) =>
    setLive((previous) => {
      const next = new Map(previous);
      // A live value that came before the stored one is the newer.
      for (const [key, value] of values) if (!next.has(key)) next.set(key, value);
      return next;
    }),
  );
  useFollowedValues(deviceIds, (values) =>
    setLive((previous) => {
      const next = new Map(previous);
      for (const [key, value] of values) next.set(key, value);
      return next;
    }),
  );
  return { values: live, latest };
}
