import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import type { MapDevice } from '../devices/api.ts';
import { STATUS_COLOURS } from '../devices/statusColours.ts';
import type { MapSettings } from './api.ts';

/** China's middle, for a map with no located device yet. */
const EMPTY_VIEW: L.LatLngExpression = [35, 105];

function popupOf(device: MapDevice, t: TFunction, open: (id: number) => void): HTMLElement {
  const box = document.createElement('div');
  box.dataset.testid = 'map-popup';
  const name = document.createElement('strong');
  name.textContent = device.name;
  const status = document.createElement('div');
  status.textContent = device.enabled ? t(`devices.status.${device.status}`) : t('devices.disabled');
  status.style.color = STATUS_COLOURS[device.status];
  box.append(name, status);
  if (device.address) {
    const address = document.createElement('div');
    address.textContent = device.address;
    box.append(address);
  }
  const link = document.createElement('a');
  link.href = `/iot/devices/${device.id}`;
  link.textContent = t('map.open');
  // The router opens the detail, so the app is not loaded again.
  link.addEventListener('click', (event) => {
    event.preventDefault();
    open(device.id);
  });
  box.append(link);
  return box;
}

/** A Leaflet map of devices: one circle per device, coloured by its status, with a popup to open it. */
export function DeviceMap({
  settings,
  devices,
  t,
  onOpen,
}: {
  settings: MapSettings;
  devices: MapDevice[];
  t: TFunction;
  onOpen(id: number): void;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    if (!holder.current) return;
    const created = L.map(holder.current, { center: EMPTY_VIEW, zoom: 4 });
    L.tileLayer(settings.tileUrl, { attribution: settings.attribution, maxZoom: settings.maxZoom }).addTo(created);
    layer.current = L.layerGroup().addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      layer.current = null;
    };
  }, [settings]);

  useEffect(() => {
    const group = layer.current;
    if (!group || !map.current) return;
    group.clearLayers();
    const points = devices.map((device) => {
      const colour = device.enabled ? STATUS_COLOURS[device.status] : '#bfbfbf';
      L.circleMarker([device.latitude, device.longitude], {
        radius: 8,
        color: '#fff',
        weight: 2,
        fillColor: colour,
        fillOpacity: 0.9,
        className: `device-marker device-marker-${device.status}`,
      })
        .bindPopup(() => popupOf(device, t, onOpen))
        .addTo(group);
      return L.latLng(device.latitude, device.longitude);
    });
    if (points.length > 0)
      map.current.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: 12, animate: false });
  }, [devices, t, onOpen]);

  return (
    <div
      ref={holder}
      data-testid="device-map"
      style={{ height: 'calc(100vh - 260px)', minHeight: 420, borderRadius: 8 }}
    />
  );
}
