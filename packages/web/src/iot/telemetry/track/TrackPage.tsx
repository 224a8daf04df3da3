import { Card, Empty, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DeviceSelect } from '../DeviceSelect.tsx';
import { TrackPanel } from './TrackPanel.tsx';

/** Positioning Track (spec section 2): pick a device, see where it went; `?device=&from=&to=` opens one range. */
export function TrackPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fromAddress = Number(params.get('device'));
  const [deviceId, setDeviceId] = useState<number | null>(fromAddress > 0 ? fromAddress : null);
  const from = Number(params.get('from'));
  const to = Number(params.get('to'));
  const initialRange = from > 0 && to > from ? { from, to } : undefined;
  return (
    <Card title={t('menu.devices.tracks')} data-testid="track-page">
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label={t('data.device')}>
          <DeviceSelect
            data-testid="track-device"
            value={deviceId ?? undefined}
            onChange={(id: number | undefined) => {
              setDeviceId(id ?? null);
              setParams(id ? { device: String(id) } : {}, { replace: true });
            }}
            allowClear
            style={{ width: 280 }}
          />
        </Form.Item>
      </Form>
      {deviceId === null ? (
        <Empty description={t('data.track.pickDevice')} />
      ) : (
        <TrackPanel key={deviceId} deviceId={deviceId} initialRange={initialRange} />
      )}
    </Card>
  );
}
