import type { LatestValues } from '@meridian/contracts';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { latestOf } from './api.ts';
import type { LiveValue } from './live.ts';
import { liveClient } from './useLive.ts';

/** `deviceId:pointId`, the key of a reading. */
export const readingKey = (deviceId: number, pointId: number) => `${deviceId}:${pointId}`;

/**
 * The values of these devices' points: each device's latest values read once (with the points'
 * names and units), then followed over the one live-data socket the device pages use. A device the
 * caller may not see simply has no values.
 */
export function useDeviceValues(deviceIds: readonly number[]): {
  values: Map<string, LiveValue | null>;
  latest: Array<LatestValues | undefined>;
} {
  const latest = useQueries({
    queries: deviceIds.map((id) => ({
      queryKey: ['iot', 'latest', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => latestOf(id, signal),
      staleTime: Number.POSITIVE_INFINITY,
      meta: { silentError: true },
    })),
  });
  const [live, setLive] = useState<Map<string, LiveValue | null>>(new Map());
  const stamp = latest.map((q) => q.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `stamp` says when any device's latest values arrived.
  useEffect(() => {
    setLive((previous) => {
      const next = new Map(previous);
      for (const query of latest) {
        for (const point of query.data?.points ?? []) {
          const key = readingKey(query.data?.deviceId ?? 0, point.pointId);
          if (!next.has(key)) next.set(key, point.value);
        }
      }
      return next;
    });
  }, [stamp]);
  const followed = deviceIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `followed` names the devices to follow.
  useEffect(() => {
    const client = liveClient();
    const stops = deviceIds.map((deviceId) =>
      client.follow(deviceId, (update) => {
        if (update.type !== 'data') return;
        setLive((previous) => {
          const next = new Map(previous);
          for (const [pointId, value] of Object.entries(update.values))
            next.set(readingKey(deviceId, Number(pointId)), value);
          return next;
        });
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [followed]);
  return { values: live, latest: latest.map((q) => q.data) };
}
