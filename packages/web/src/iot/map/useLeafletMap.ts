import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { MapSettings } from './api.ts';

/** China's middle, for a map with nothing on it yet. */
const EMPTY_VIEW: L.LatLngExpression = [35, 105];

/**
 * A Leaflet map in `holder` on the deployment's tiles, and one layer group to draw on, made again
 * when the settings change and removed with the component. Both are state, so that what draws on
 * them runs again on a new map. `onRemove` lets the caller forget layers of its own.
 */
export function useLeafletMap(holder: RefObject<HTMLDivElement | null>, settings: MapSettings, onRemove?: () => void) {
  const [made, setMade] = useState<{ map: L.Map; layer: L.LayerGroup } | null>(null);
  const removed = useRef(onRemove);
  removed.current = onRemove;
  useEffect(() => {
    if (!holder.current) return;
    const map = L.map(holder.current, { center: EMPTY_VIEW, zoom: 4 });
    L.tileLayer(settings.tileUrl, { attribution: settings.attribution, maxZoom: settings.maxZoom }).addTo(map);
    setMade({ map, layer: L.layerGroup().addTo(map) });
    return () => {
      map.remove();
      setMade(null);
      removed.current?.();
    };
  }, [holder, settings]);
  return made;
}
