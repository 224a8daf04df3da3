import { signalDbm } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Progress, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { useConfirm } from '../../shared/useConfirm.ts';
import { type DeviceToken, makeIngestToken, networkOf } from './api.ts';

/** 1536 → "1.5 KB". */
export function bytesText(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/**
 * Network monitoring of one device: signal and battery where the device reports them (MQTT status
 * messages, a DTU's reported values), and the bytes in and out the gateway counted.
 */
export function NetworkPanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const network = useQuery({
    queryKey: ['iot', 'network', deviceId],
    queryFn: ({ signal }) => networkOf(deviceId, signal),
    meta: { silentError: true },
  });
  if (network.isError && !network.data) {
    return <LoadFailed error={network.error} onRetry={() => network.refetch()} retrying={network.isFetching} />;
  }
  const n = network.data;
  const notReported = <Typography.Text type="secondary">{t('data.network.notReported')}</Typography.Text>;
  return (
    <Descriptions
      data-testid="network-stats"
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        {
          label: t('data.network.signal'),
          // As reported, and in dBm when the device reported a modem's CSQ.
          children:
            n?.signal == null
              ? notReported
              : n.signal >= 0
                ? `${n.signal} (CSQ, ${signalDbm(n.signal) ?? '-'} dBm)`
                : `${n.signal} dBm`,
        },
        {
          label: t('data.network.battery'),
          children:
            n?.battery == null ? (
              notReported
            ) : (
              <Progress percent={Math.round(n.battery)} size="small" style={{ width: 160 }} />
            ),
        },
        { label: t('data.network.bytesIn'), children: n ? bytesText(n.bytesIn) : '-' },
        { label: t('data.network.bytesOut'), children: n ? bytesText(n.bytesOut) : '-' },
        {
          label: t('data.network.updatedAt'),
          children: n?.updatedAt ? dayjs(n.updatedAt).format('YYYY-MM-DD HH:mm:ss') : '-',
        },
      ]}
    />
  );
}

/** The HTTP ingest token of an NB or cellular device: made on request, shown once, replacing the previous one. */
export function IngestToken({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [token, setToken] = useState<DeviceToken | null>(null);
  return (
    <Flex vertical gap={12} align="start" data-testid="ingest-token">
      <Typography.Text type="secondary">{t('data.token.hint')}</Typography.Text>
      <Button
        data-testid="ingest-token-make"
        onClick={() =>
          confirm(
            { title: t('data.token.confirmTitle'), content: t('data.token.confirm'), okText: t('data.token.make') },
            async () => setToken(await makeIngestToken(deviceId)),
          )
        }
      >
        {t('data.token.make')}
      </Button>
      {token && (
        <Alert
          type="success"
          showIcon
          title={t('data.token.once')}
          description={
            <Typography.Text code copyable data-testid="ingest-token-value">
              {token.token}
            </Typography.Text>
          }
        />
      )}
    </Flex>
  );
}
