import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveValue } from '../telemetry/live.ts';
import { formatValue } from '../telemetry/points.ts';
import { readingKey, useDeviceValues } from '../telemetry/useDeviceValues.ts';
import type { CameraView } from './api.ts';

/** Points shown per device beside a view; the device page shows them all. */
const POINTS = 6;

/** Whole numbers as they are, fractions to two places. */
const shown = (value: LiveValue | null | undefined) =>
  formatValue(value, typeof value === 'number' && !Number.isInteger(value) ? 2 : 0);

/** The live values of a camera's bound devices, followed as the device pages follow them. */
export function DeviceValues({ devices }: { devices: CameraView['devices'] }) {
  const { t } = useTranslation();
  const ids = useMemo(() => devices.map((d) => d.id), [devices]);
  const { values, latest } = useDeviceValues(ids);
  if (devices.length === 0) return <div className="monitor-values monitor-values-none">{t('video.noDevices')}</div>;
  return (
    <div className="monitor-values" data-testid="monitor-values">
      {devices.map((device, i) => {
        const points = latest[i]?.points.slice(0, POINTS) ?? [];
        return (
          <div key={device.id} className="monitor-device">
            <Typography.Text strong ellipsis>
              {device.name}
            </Typography.Text>
            {points.length === 0 && <div className="monitor-point">{t('video.noValues')}</div>}
            {points.map((point) => (
              <div key={point.pointId} className="monitor-point" data-testid={`value-${device.id}-${point.pointId}`}>
                <span>{point.name}</span>
                <b>
                  {shown(values.get(readingKey(device.id, point.pointId))) ?? '-'}
                  {point.unit ? ` ${point.unit}` : ''}
                </b>
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
