import type { BigscreenSettings, BigscreenView } from '@meridian/contracts';
import { get, put } from '../../shared/request.ts';

/** The calls of the large-screen monitor (`/api/iot/bigscreen...`). */
export const bigscreenKey = ['iot', 'bigscreen'] as const;
export const bigscreenOf = (signal?: AbortSignal) => get<BigscreenView>('iot/bigscreen', { signal });
export const saveBigscreenSettings = (settings: BigscreenSettings) =>
  put<BigscreenSettings>('iot/bigscreen/settings', settings);
