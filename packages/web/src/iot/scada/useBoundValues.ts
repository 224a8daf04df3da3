import type { ScadaDocument } from '@meridian/contracts';
import { useMemo, useState } from 'react';
import { useFollowedValues, useLatestValues } from '../telemetry/useDeviceValues.ts';
import { readingKey, ValueStore } from './valueStore.ts';

export { readingKey };

/**
 * The values of every point a screen binds, read and followed as the device pages do: each device's
 * latest values once, then its updates over the one live-data socket. They go into a store rather
 * than the page's state (decision 0153), so that an update draws only the components it changes.
 */
export function useBoundValues(document: ScadaDocument): ValueStore {
  const deviceIds = useMemo(
    () => [...new Set(document.elements.flatMap((e) => (e.binding ? [e.binding.deviceId] : [])))].sort((a, b) => a - b),
    [document],
  );
  const [store] = useState(() => new ValueStore());
  // A live value that came before the stored one is the newer.
  useLatestValues(deviceIds, (values) => {
    for (const [key, value] of values) if (!store.has(key)) store.set(key, value);
  });
  useFollowedValues(deviceIds, (values) => {
    for (const [key, value] of values) store.set(key, value);
  });
  return store;
}
