import { CloseOutlined } from '@ant-design/icons';
import type { BigscreenView } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceStatus, MapDevice } from '../devices/api.ts';
import { STATUS_COLOURS } from '../devices/statusColours.ts';
import { mapSettings } from '../map/api.ts';
import { DeviceMap } from '../map/DeviceMap.tsx';
import { readingKey, useDeviceValues } from '../telemetry/useDeviceValues.ts';
import { liveClient } from '../telemetry/useLive.ts';
import { WALL } from './charts.ts';

/** Points a picked device shows. */
const SHOWN_POINTS = 8;

/**
 * The map's devices with the status each last reported on the live socket (decision 0154): a
 * device turning to alarm turns on the wall at once, before the next refresh brings it too.
 */
function useLiveStatuses(devices: readonly MapDevice[]): MapDevice[] {
  const [live, setLive] = useState<ReadonlyMap<number, DeviceStatus>>(new Map());
  const ids = devices.map((d) => d.id).join(',');
  useEffect(() => {
    // A refresh brings every status afresh.
    setLive(new Map());
    if (!ids) return;
    const client = liveClient();
    const stops = ids.split(',').map((id) =>
      client.follow(Number(id), (update) => {
        if (update.type === 'status') setLive((before) => new Map(before).set(update.deviceId, update.status));
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [ids]);
  return useMemo(() => devices.map((d) => ({ ...d, status: live.get(d.id) ?? d.status })), [devices, live]);
}

/** The picked device's latest values, live: a card over the map. */
function PickedDevice({ device, onClose }: { device: MapDevice; onClose(): void }) {
  const { t } = useTranslation();
  const ids = useMemo(() => [device.id], [device.id]);
  const { values, latest } = useDeviceValues(ids);
  const points = latest[0]?.points.slice(0, SHOWN_POINTS);
  return (
    <div
      data-testid="bigscreen-map-device"
      style={{
        position: 'absolute',
        top: 12,
        right: 12,
        zIndex: 1000,
        width: 320,
        background: 'rgba(5, 13, 31, 0.92)',
        border: `1px solid ${WALL.line}`,
        borderRadius: 6,
        padding: '12px 16px',
        color: WALL.text,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <strong style={{ fontSize: 20, color: '#fff', flex: 1 }}>{device.name}</strong>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('bigscreen.mapClose')}
          onClick={onClose}
          style={{ color: WALL.dim }}
        />
      </div>
      <div style={{ color: STATUS_COLOURS[device.status], fontSize: 16, margin: '4px 0 8px' }}>
        ● {t(`devices.status.${device.status}`)}
      </div>
      {device.address && <div style={{ color: WALL.dim, marginBottom: 8 }}>{device.address}</div>}
      {points === undefined ? (
        <Spin size="small" />
      ) : points.length === 0 ? (
        <div style={{ color: WALL.dim }}>{t('bigscreen.mapNoValues')}</div>
      ) : (
        <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 16px', margin: 0, fontSize: 17 }}>
          {points.map((p) => {
            const value = values.get(readingKey(device.id, p.pointId));
            return [
              <dt key={`n${p.pointId}`} style={{ color: WALL.dim }}>
                {p.name}
              </dt>,
              <dd
                key={`v${p.pointId}`}
                data-testid="bigscreen-map-value"
                style={{ margin: 0, color: '#fff', fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}
              >
                {value === null || value === undefined ? '—' : String(value)}
                {p.unit ? ` ${p.unit}` : ''}
              </dd>,
            ];
          })}
        </dl>
      )}
    </div>
  );
}

/**
 * The device overview's map (decision 0154): the located devices of the monitor's one call on the
 * Devices Map's tiles, dimmed for the wall, coloured by status and kept live on the socket; a
 * click shows the device's latest values.
 */
export function MonitorMap({ data }: { data: BigscreenView }) {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: ['iot', 'map', 'settings'],
    queryFn: ({ signal }) => mapSettings(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const devices = useLiveStatuses(data.map.list);
  const [picked, setPicked] = useState<number | null>(null);
  const device = devices.find((d) => d.id === picked);
  if (settings.isError) return <Empty description={settings.error.message} />;
  if (!settings.data) return <Spin />;
  return (
    <div style={{ position: 'relative', height: '100%' }} data-testid="bigscreen-map">
      <DeviceMap
        settings={settings.data}
        devices={devices}
        t={t}
        onPick={setPicked}
        selected={picked}
        dark
        height="100%"
      />
      <div
        data-testid="bigscreen-map-count"
        style={{
          position: 'absolute',
          left: 12,
          bottom: 12,
          zIndex: 1000,
          padding: '4px 10px',
          borderRadius: 4,
          background: 'rgba(5, 13, 31, 0.8)',
          color: WALL.dim,
          fontSize: 15,
        }}
      >
        {t('bigscreen.mapCount', { count: devices.length })}
        {data.map.truncated ? ` ${t('bigscreen.mapTruncated', { count: devices.length })}` : ''}
        {' · '}
        {t('bigscreen.mapPick')}
      </div>
      {device && <PickedDevice device={device} onClose={() => setPicked(null)} />}
    </div>
  );
}
