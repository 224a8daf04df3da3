import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Card, Flex, Select, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { DEVICE_STATUSES, type DeviceStatus, mapDevices } from '../devices/api.ts';
import { STATUS_COLOURS } from '../devices/statusColours.ts';
import { mapSettings } from './api.ts';
import { DeviceMap } from './DeviceMap.tsx';

/** Devices Map: every located device of the caller on the map, coloured by status. */
export function MapPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<DeviceStatus>();
  const settings = useQuery({
    queryKey: ['iot', 'map', 'settings'],
    queryFn: ({ signal }) => mapSettings(signal),
    staleTime: Infinity,
  });
  const devices = useQuery({
    queryKey: ['iot', 'devices', 'map'],
    queryFn: ({ signal }) => mapDevices(signal),
    meta: { silentError: true },
  });
  const shown = useMemo(
    () => (devices.data?.list ?? []).filter((device) => !status || device.status === status),
    [devices.data, status],
  );
  const open = useCallback((id: number) => navigate(`/devices/${id}`), [navigate]);
  const failed = settings.error ?? devices.error;
  return (
    <Card
      data-testid="map-page"
      title={t('menu.devices.map')}
      extra={
        <Flex gap={16} align="center" wrap>
          {DEVICE_STATUSES.map((s) => (
            <Badge key={s} color={STATUS_COLOURS[s]} text={t(`devices.status.${s}`)} />
          ))}
          <Select<DeviceStatus>
            allowClear
            placeholder={t('map.allStatuses')}
            style={{ width: 140 }}
            value={status}
            onChange={setStatus}
            options={DEVICE_STATUSES.map((s) => ({ value: s, label: t(`devices.status.${s}`) }))}
          />
        </Flex>
      }
    >
      {failed && !(settings.data && devices.data) ? (
        <LoadFailed
          error={failed}
          onRetry={() => {
            void settings.refetch();
            void devices.refetch();
          }}
          retrying={settings.isFetching || devices.isFetching}
        />
      ) : !settings.data || !devices.data ? (
        <PageLoading />
      ) : (
        <Flex vertical gap={12}>
          {devices.data.list.length === 0 ? (
            <Alert type="info" showIcon title={t('map.noLocated')} />
          ) : (
            <Typography.Text type="secondary" data-testid="map-count">
              {t('map.count', { count: shown.length })}
              {devices.data.truncated ? ` ${t('map.truncated')}` : ''}
            </Typography.Text>
          )}
          <DeviceMap settings={settings.data} devices={shown} t={t} onOpen={open} />
        </Flex>
      )}
    </Card>
  );
}
