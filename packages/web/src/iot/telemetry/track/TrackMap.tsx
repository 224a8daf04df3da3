import type { TrackStop } from '@meridian/contracts';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { MapSettings } from '../../map/api.ts';
import { useLeafletMap } from '../../map/useLeafletMap.ts';
import { type Fix, positionAt } from './playback.ts';

const LINE = '#1f6feb';

/**
 * A track on a Leaflet map: the line, its start and end, its stops, and the playback marker at `at`.
 * SVG is fast enough: the server sends at most TRACK_DRAWN_MAX positions.
 */
export function TrackMap({
  settings,
  points,
  stops,
  at,
  labels,
}: {
  settings: MapSettings;
  points: readonly Fix[];
  stops: readonly TrackStop[];
  at: number | null;
  labels: { start: string; end: string; stop(stop: TrackStop): string };
}) {
  const holder = useRef<HTMLDivElement>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const made = useLeafletMap(holder, settings, () => {
    marker.current = null;
  });

  useEffect(() => {
    if (!made) return;
    const group = made.layer;
    group.clearLayers();
    marker.current = null;
    if (points.length === 0) return;
    const line = L.polyline(
      points.map((p) => [p[1], p[2]] as L.LatLngTuple),
      { color: LINE, weight: 4, opacity: 0.85, className: 'track-line' },
    ).addTo(group);
    const end = (p: Fix, colour: string, title: string) =>
      L.circleMarker([p[1], p[2]], { radius: 7, color: '#fff', weight: 2, fillColor: colour, fillOpacity: 1 })
        .bindTooltip(title)
        .addTo(group);
    end(points[0] as Fix, '#52c41a', labels.start);
    end(points[points.length - 1] as Fix, '#f5222d', labels.end);
    for (const stop of stops) {
      L.circleMarker([stop.lat, stop.lng], {
        radius: 6,
        color: '#fff',
        weight: 2,
        fillColor: '#fa8c16',
        fillOpacity: 1,
      })
        .bindTooltip(labels.stop(stop))
        .addTo(group);
    }
    made.map.fitBounds(line.getBounds(), { padding: [30, 30], maxZoom: 16, animate: false });
  }, [made, points, stops, labels]);

  useEffect(() => {
    if (!made) return;
    const group = made.layer;
    const where = at === null ? null : positionAt(points, at);
    if (!where) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = L.circleMarker(where, {
        radius: 8,
        color: '#fff',
        weight: 3,
        fillColor: LINE,
        fillOpacity: 1,
        className: 'track-marker',
      }).addTo(group);
    } else marker.current.setLatLng(where);
  }, [made, at, points]);

  return (
    <div ref={holder} data-testid="track-map" style={{ height: 'min(60vh, 560px)', minHeight: 320, borderRadius: 8 }} />
  );
}
