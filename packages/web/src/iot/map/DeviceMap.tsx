import type { TFunction } from 'i18next';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { MapDevice } from '../devices/api.ts';
import { STATUS_COLOURS } from '../devices/statusColours.ts';
import type { MapSettings } from './api.ts';
import { useLeafletMap } from './useLeafletMap.ts';

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
  const made = useLeafletMap(holder, settings);

  useEffect(() => {
    if (!made) return;
    const group = made.layer;
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
      made.map.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: 12, animate: false });
  }, [made, devices, t, onOpen]);

  return (
    <div
      ref={holder}
      data-testid="device-map"
      style={{ height: 'calc(100vh - 260px)', minHeight: 420, borderRadius: 8 }}
    />
  );
}
