import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Flex, Image, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { fileAddress } from '../../shared/files.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { DebugPanel } from '../telemetry/DebugPanel.tsx';
import { DtuSettingsForm, MergeLength } from '../telemetry/DtuSettingsForm.tsx';
import { debuggable } from '../telemetry/hex.ts';
import { NetworkHistory } from '../telemetry/NetworkHistory.tsx';
import { IngestToken, NetworkPanel } from '../telemetry/NetworkPanel.tsx';
import { RealtimeTab } from '../telemetry/RealtimeTab.tsx';
import { useLiveDevice } from '../telemetry/useLive.ts';
import { SingleApplicationDialog } from '../templates/ApplyDialogs.tsx';
import { templateOf } from '../templates/api.ts';
import { PointsView, SlavesView } from '../templates/PointsView.tsx';
import { ServiceRecord } from '../workorders/ServiceRecord.tsx';
import { deviceOf } from './api.ts';
import { DeviceForm } from './DeviceForm.tsx';
import { intervalLabel } from './fields.tsx';
import { StatusBadge } from './status.tsx';

// Leaflet comes with the tracks tab, when it is opened.
const TrackPanel = lazy(async () => ({ default: (await import('../telemetry/track/TrackPanel.tsx')).TrackPanel }));

const date = (at: number | null | undefined, format = 'YYYY-MM-DD HH:mm') => (at ? dayjs(at).format(format) : '-');

/** A device: every field, its template's slaves and points, and the tabs of spec section 2. */
export function DeviceDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [editing, setEditing] = useState(false);
  const [applying, setApplying] = useState(false);
  const device = useQuery({
    queryKey: ['iot', 'devices', 'detail', id],
    queryFn: ({ signal }) => deviceOf(id, signal),
    meta: { silentError: true },
  });
  // The header's status follows the device live: connection changes and alarms firing or ending.
  const queryClient = useQueryClient();
  useLiveDevice(Number.isFinite(id) ? id : null, (update) => {
    if (update.type === 'status') void queryClient.invalidateQueries({ queryKey: ['iot', 'devices', 'detail', id] });
  });
  const templateId = device.data?.templateId ?? null;
  const template = useQuery({
    queryKey: ['iot', 'templates', 'detail', templateId],
    queryFn: ({ signal }) => templateOf(templateId ?? 0, signal),
    enabled: templateId !== null,
  });
  if (device.isError && !device.data) {
    return <LoadFailed error={device.error} onRetry={() => device.refetch()} retrying={device.isFetching} />;
  }
  if (!device.data) return <PageLoading />;
  const d = device.data;
  const points = template.data?.points ?? [];
  const noTemplate = (
    <Empty description={t('devices.detail.noTemplate')}>
      <Button type="primary" onClick={() => setApplying(true)}>
        {t('devices.detail.applyTemplate')}
      </Button>
    </Empty>
  );
  return (
    <Flex vertical gap={16} data-testid="device-detail">
      <Card>
        <Flex justify="space-between" align="start" wrap gap={12}>
          <Space size={12} align="center">
            <Link to="/devices" aria-label={t('devices.detail.back')}>
              <ArrowLeftOutlined />
            </Link>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {d.name}
            </Typography.Title>
            <span data-testid="device-status">
              <StatusBadge status={d.status} enabled={d.enabled} />
            </span>
          </Space>
          <Space>
            <Button onClick={() => setApplying(true)} data-testid="device-apply-template">
              {t('devices.detail.applyTemplate')}
            </Button>
            <Button type="primary" onClick={() => setEditing(true)} data-testid="device-edit">
              {t('ui.edit')}
            </Button>
          </Space>
        </Flex>
      </Card>
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            {
              key: 'info',
              label: t('devices.detail.tab.info'),
              children: (
                <Flex gap={24} align="start" wrap>
                  <Descriptions
                    data-testid="device-fields"
                    column={{ xs: 1, md: 2, xl: 3 }}
                    size="small"
                    style={{ flex: 1, minWidth: 480 }}
                    items={[
                      { label: t('devices.field.deviceNo'), children: d.deviceNo ?? '-' },
                      { label: t('devices.field.sn'), children: d.sn ?? '-' },
                      { label: t('devices.field.mac'), children: d.mac ?? '-' },
                      { label: t('devices.field.imei'), children: d.imei ?? '-' },
                      { label: t('devices.field.imei2'), children: d.imei2 ?? '-' },
                      { label: t('devices.field.loraNid'), children: d.loraNid ?? '-' },
                      { label: t('devices.field.commPassword'), children: d.commPassword ? '••••••••' : '-' },
                      {
                        label: t('devices.field.protocol'),
                        children: t(`devices.protocol.${d.protocol}`, { defaultValue: d.protocol }),
                      },
                      { label: t('devices.field.queryInterval'), children: intervalLabel(t, d.queryInterval) },
                      { label: t('devices.field.project'), children: d.projectName ?? '-' },
                      {
                        label: t('devices.field.tags'),
                        children: d.tags.length ? d.tags.map((tag) => <Tag key={tag.id}>{tag.name}</Tag>) : '-',
                      },
                      { label: t('devices.field.owner'), children: d.ownerAccount },
                      {
                        label: t('devices.field.template'),
                        children:
                          template.data?.name ??
                          d.templateName ??
                          (d.templateId ? `#${d.templateId}` : t('devices.noTemplate')),
                      },
                      { label: t('devices.field.address'), children: d.address ?? '-' },
                      {
                        label: t('devices.field.location'),
                        children: d.latitude !== null && d.longitude !== null ? `${d.latitude}, ${d.longitude}` : '-',
                      },
                      { label: t('devices.field.cloudConfig'), children: d.cloudConfig ? t('ui.on') : t('ui.off') },
                      {
                        label: t('devices.field.warranty'),
                        children: `${date(d.warrantyStart, 'YYYY-MM-DD')} ~ ${date(d.warrantyEnd, 'YYYY-MM-DD')}`,
                      },
                      { label: t('devices.field.version'), children: d.version ?? '-' },
                      { label: t('devices.field.sim'), children: d.simIccid ?? '-' },
                      { label: t('devices.field.lastOnline'), children: date(d.lastOnlineAt) },
                      { label: t('devices.field.lastData'), children: date(d.lastDataAt) },
                      { label: t('devices.field.createdAt'), children: date(d.createdAt) },
                      { label: t('devices.field.remark'), children: d.remark ?? '-', span: 'filled' },
                    ]}
                  />
                  {d.picture && <Image src={fileAddress(d.picture)} width={160} alt={d.name} />}
                </Flex>
              ),
            },
            {
              key: 'realtime',
              label: t('devices.detail.tab.realtime'),
              children: !d.templateId ? noTemplate : <RealtimeTab deviceId={d.id} points={points} />,
            },
            {
              key: 'template',
              label: t('devices.detail.tab.template'),
              children: !d.templateId ? (
                noTemplate
              ) : (
                <Flex vertical gap={16}>
                  <Typography.Title level={5} style={{ margin: 0 }}>
                    {t('templates.slaves')}
                  </Typography.Title>
                  <SlavesView slaves={template.data?.slaves ?? []} />
                  <Typography.Title level={5} style={{ margin: 0 }}>
                    {t('templates.points')}
                  </Typography.Title>
                  <PointsView points={points} custom={template.data?.protocol === 'custom'} />
                </Flex>
              ),
            },
            {
              key: 'history',
              label: t('devices.detail.tab.history'),
              children: (
                <Empty data-testid="tab-empty-history" description={t('data.history.fromDevice')}>
                  <Link to={`/data/history?device=${d.id}`}>
                    <Button type="primary">{t('data.history.open')}</Button>
                  </Link>
                </Empty>
              ),
            },
            {
              key: 'tracks',
              label: t('devices.detail.tab.tracks'),
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <TrackPanel deviceId={d.id} />
                </Suspense>
              ),
            },
            { key: 'service', label: t('devices.detail.tab.service'), children: <ServiceRecord deviceId={d.id} /> },
            {
              key: 'protocol',
              label: t('devices.detail.tab.protocol'),
              children: (
                <Descriptions
                  column={1}
                  size="small"
                  items={[
                    {
                      label: t('devices.field.protocol'),
                      children: t(`devices.protocol.${d.protocol}`, { defaultValue: d.protocol }),
                    },
                    {
                      label: t('devices.detail.register'),
                      children: d.sn
                        ? t('devices.detail.registerSn', { sn: d.sn })
                        : t('devices.detail.registerId', { no: d.deviceNo ?? '-' }),
                    },
                    { label: t('devices.field.queryInterval'), children: intervalLabel(t, d.queryInterval) },
                    {
                      label: t('devices.detail.mergeLength'),
                      children: <MergeLength deviceId={d.id} protocol={d.protocol} />,
                    },
                  ]}
                />
              ),
            },
            {
              key: 'debug',
              label: t('data.debug.title'),
              children: <DebugPanel deviceId={d.id} protocol={d.protocol} />,
            },
            ...(debuggable(d.protocol)
              ? [{ key: 'dtu', label: t('data.dtu.title'), children: <DtuSettingsForm deviceId={d.id} /> }]
              : []),
            {
              key: 'network',
              label: t('data.network.title'),
              children: (
                <Flex vertical gap={24}>
                  <NetworkPanel deviceId={d.id} />
                  <NetworkHistory deviceId={d.id} />
                  {d.protocol === 'httpJson' && <IngestToken deviceId={d.id} />}
                </Flex>
              ),
            },
          ]}
        />
      </Card>
      {editing && <DeviceForm open device={d} onClose={() => setEditing(false)} />}
      <SingleApplicationDialog device={applying ? d : null} onClose={() => setApplying(false)} />
    </Flex>
  );
}
