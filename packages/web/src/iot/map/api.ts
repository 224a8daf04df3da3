import { get } from '../../shared/request.ts';

/** Where the Devices Map's tiles come from (`MAP_TILE_URL`), so an offline site can use its own tile server. */
export interface MapSettings {
  tileUrl: string;
  attribution: string;
  maxZoom: number;
}

export const mapSettings = (signal?: AbortSignal) => get<MapSettings>('iot/map/settings', { signal });
