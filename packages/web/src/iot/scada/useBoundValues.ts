import type { ScadaDocument } from '@meridian/contracts';
import { useMemo } from 'react';
import type { LiveValue } from '../telemetry/live.ts';
import { readingKey, useDeviceValues } from '../telemetry/useDeviceValues.ts';

export { readingKey };

/** The values of every point a screen binds, read and followed as the device pages do. */
export function useBoundValues(document: ScadaDocument): Map<string, LiveValue | null> {
  const deviceIds = useMemo(
    () => [...new Set(document.elements.flatMap((e) => (e.binding ? [e.binding.deviceId] : [])))].sort((a, b) => a - b),
    [document],
  );
  return useDeviceValues(deviceIds).values;
}
