import type { TFunction } from 'i18next';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { MapDevice } from '../devices/api.ts';
import { STATUS_COLOURS } from '../devices/statusColours.ts';
import type { MapSettings } from './api.ts';
import { useLeafletMap } from './useLeafletMap.ts';
import './dark-map.css';

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

/** Dims light tiles for a dark wall (decision 0154): the tile server's own pictures, inverted. */
const DARK_TILES = 'invert(1) hue-rotate(180deg) brightness(0.85) contrast(0.9) saturate(0.6)';

/**
 * A Leaflet map of devices: one circle per device, coloured by its status, with a popup to open it;
 * or, with `onPick`, a click picks the device (the large-screen monitor shows its values). The map
 * fits the devices when the set of devices changes, not when only a status does, so that a live
 * wall keeps where its viewer moved it.
 */
export function DeviceMap({
  settings,
  devices,
  t,
  onOpen,
  onPick,
  selected,
  dark = false,
  height = 'calc(100vh - 260px)',
}: {
  settings: MapSettings;
  devices: MapDevice[];
  t: TFunction;
  onOpen?(id: number): void;
  onPick?(id: number): void;
  /** The picked device, drawn larger. */
  selected?: number | null;
  dark?: boolean;
  height?: number | string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const fitted = useRef<string | null>(null);
  const made = useLeafletMap(holder, settings, () => {
    fitted.current = null;
  });

  useEffect(() => {
    if (!made) return;
    const tiles = made.map.getPane('tilePane');
    if (tiles) tiles.style.filter = dark ? DARK_TILES : '';
    made.map.getContainer().classList.toggle('device-map-dark', dark);
  }, [made, dark]);

  useEffect(() => {
    if (!made) return;
    const group = made.layer;
    group.clearLayers();
    const points = devices.map((device) => {
      const colour = device.enabled ? STATUS_COLOURS[device.status] : '#bfbfbf';
      const marker = L.circleMarker([device.latitude, device.longitude], {
        radius: device.id === selected ? 12 : 8,
        color: dark ? '#0b1a33' : '#fff',
        weight: 2,
        fillColor: colour,
        fillOpacity: 0.9,
        className: `device-marker device-marker-${device.status}`,
      });
      if (onPick) marker.on('click', () => onPick(device.id)).bindTooltip(device.name);
      else if (onOpen) marker.bindPopup(() => popupOf(device, t, onOpen));
      marker.addTo(group);
      return L.latLng(device.latitude, device.longitude);
    });
    const set = devices
      .map((d) => d.id)
      .sort((a, b) => a - b)
      .join(',');
    if (points.length > 0 && fitted.current !== set) {
      fitted.current = set;
      made.map.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: 12, animate: false });
    }
  }, [made, devices, t, onOpen, onPick, selected, dark]);

  return (
    <div
      ref={holder}
      data-testid="device-map"
      style={{
        height,
        minHeight: typeof height === 'number' ? undefined : 420,
        borderRadius: 8,
        background: dark ? '#0b1a33' : undefined,
      }}
    />
  );
}
