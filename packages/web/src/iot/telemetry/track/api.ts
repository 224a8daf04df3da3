import type { TrackView } from '@meridian/contracts';
import { get } from '../../../shared/request.ts';
import type { Range } from '../api.ts';

export type { TrackView };

export const trackOf = (deviceId: number, pointId: number | null, range: Range, signal?: AbortSignal) =>
  get<TrackView>('iot/history/track', {
    query: { deviceId, ...(pointId ? { pointId } : {}), from: range.from, to: range.to },
    signal,
  });
