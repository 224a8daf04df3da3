import { useQuery } from '@tanstack/react-query';
import { Badge, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import type { TemplatePointView } from '../templates/api.ts';
import { latestOf } from './api.ts';
import type { LiveState, LiveUpdate, LiveValue } from './live.ts';
import { formatValue, isOn } from './points.ts';
import { useLiveDevice, useLiveState } from './useLive.ts';
import { WriteControl } from './WriteControl.tsx';

interface Reading {
  value: LiveValue | null;
  at: number | null;
}

const stateBadge: Record<LiveState, 'success' | 'processing' | 'warning' | 'default'> = {
  live: 'success',
  connecting: 'processing',
  reconnecting: 'warning',
  signedOut: 'default',
};

/** The socket's state in a word: live, connecting, reconnecting, or signed out. */
export function LiveIndicator() {
  const { t } = useTranslation();
  const state = useLiveState();
  return (
    <span data-testid="live-indicator" data-state={state}>
      <Badge status={stateBadge[state]} text={t(`data.live.${state}`)} />
    </span>
  );
}

/**
 * Real-time data: every point of the device's template with its newest value, unit and time. The
 * values are read once, then arrive through the live socket within a second of each poll; when the
 * socket comes back after a drop the values are read once more, so none missed meanwhile stays stale.
 */
export function RealtimeTab({ deviceId, points }: { deviceId: number; points: TemplatePointView[] }) {
  const { t } = useTranslation();
  const state = useLiveState();
  const [readings, setReadings] = useState<Map<number, Reading>>(new Map());
  const latest = useQuery({
    queryKey: ['iot', 'latest', deviceId],
    queryFn: ({ signal }) => latestOf(deviceId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
  });
  useEffect(() => {
    if (!latest.data) return;
    setReadings(new Map(latest.data.points.map((p) => [p.pointId, { value: p.value, at: p.at }])));
  }, [latest.data]);
  const { refetch } = latest;
  const [wasLive, setWasLive] = useState(false);
  useEffect(() => {
    if (state !== 'live') return;
    if (wasLive) refetch();
    setWasLive(true);
  }, [state, wasLive, refetch]);

  useLiveDevice(deviceId, (update: LiveUpdate) => {
    // Status changes are the detail page's (its header follows them).
    if (update.type === 'status') return;
    setReadings((previous) => {
      const next = new Map(previous);
      for (const [pointId, value] of Object.entries(update.values)) {
        next.set(Number(pointId), { value, at: update.at });
      }
      return next;
    });
  });

  if (latest.isError && !latest.data) {
    return <LoadFailed error={latest.error} onRetry={() => latest.refetch()} retrying={latest.isFetching} />;
  }
  const show = (point: TemplatePointView) => {
    const reading = readings.get(point.id);
    if (!reading || reading.value === null) {
      return <Typography.Text type="secondary">{t('devices.detail.noData')}</Typography.Text>;
    }
    if (point.dataType === 'switch' || point.variant === 'bit') {
      return (
        <Tag color={isOn(reading.value) ? 'green' : 'default'}>{isOn(reading.value) ? t('ui.on') : t('ui.off')}</Tag>
      );
    }
    return <Typography.Text strong>{formatValue(reading.value, point.precision)}</Typography.Text>;
  };

  return (
    <Flex vertical gap={12} data-testid="realtime-tab">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('data.realtime.hint')}</Typography.Text>
        <LiveIndicator />
      </Flex>
      <Table<TemplatePointView>
        data-testid="realtime-points"
        size="small"
        rowKey="id"
        loading={latest.isPending}
        dataSource={points}
        pagination={points.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{ emptyText: t('templates.noPoints') }}
        scroll={{ x: 900 }}
        columns={[
          { title: t('templates.point.name'), dataIndex: 'name', width: 180 },
          {
            title: t('data.realtime.value'),
            key: 'value',
            width: 160,
            render: (_v, point) => <span data-testid={`point-value-${point.id}`}>{show(point)}</span>,
          },
          {
            title: t('templates.point.unit'),
            dataIndex: 'unit',
            width: 90,
            render: (unit: string | null) => unit ?? '-',
          },
          {
            title: t('data.realtime.at'),
            key: 'at',
            width: 170,
            render: (_v, point) => {
              const at = readings.get(point.id)?.at;
              return at ? (
                <Tooltip title={dayjs(at).format('YYYY-MM-DD HH:mm:ss.SSS')}>
                  {dayjs(at).format('YYYY-MM-DD HH:mm:ss')}
                </Tooltip>
              ) : (
                '-'
              );
            },
          },
          {
            title: t('templates.point.readWrite'),
            dataIndex: 'readWrite',
            width: 90,
            render: (mode: string) => t(`templates.readWrite.${mode}`, { defaultValue: mode }),
          },
          {
            title: t('data.write.title'),
            key: 'write',
            render: (_v, point) => (
              <WriteControl deviceId={deviceId} point={point} value={readings.get(point.id)?.value ?? null} />
            ),
          },
        ]}
      />
    </Flex>
  );
}
