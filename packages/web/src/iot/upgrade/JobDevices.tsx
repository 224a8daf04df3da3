import type { UpgradeState } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Progress, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../shared/permissions.ts';
import { listJobDevices, retryDevice, type UpgradeDeviceView } from './api.ts';

const COLORS: Record<UpgradeState, string> = {
  pending: 'default',
  upgrading: 'processing',
  success: 'success',
  failed: 'error',
};

/** The devices of one job, refreshed every 2 s while any of them has not ended. */
export function JobDevices({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const devices = useQuery({
    queryKey: ['iot', 'upgrades', jobId, 'devices'],
    queryFn: ({ signal }) => listJobDevices(jobId, signal),
    refetchInterval: (query) =>
      query.state.data?.list.some((d) => d.state === 'pending' || d.state === 'upgrading') ? 2000 : false,
  });
  const retry = useMutation({
    mutationFn: (deviceId: number) => retryDevice(jobId, deviceId),
    onSuccess: async () => {
      message.success(t('upgrade.retried'));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'upgrades'] });
    },
  });
  return (
    <Table<UpgradeDeviceView>
      size="small"
      rowKey="deviceId"
      data-testid={`upgrade-devices-${jobId}`}
      loading={devices.isLoading}
      dataSource={devices.data?.list ?? []}
      pagination={false}
      columns={[
        { title: t('upgrade.deviceName'), dataIndex: 'deviceName' },
        { title: t('upgrade.sn'), dataIndex: 'sn' },
        {
          title: t('upgrade.deviceState'),
          dataIndex: 'state',
          render: (state: UpgradeState) => <Tag color={COLORS[state]}>{t(`upgrade.deviceStates.${state}`)}</Tag>,
        },
        {
          title: t('upgrade.progress'),
          dataIndex: 'percent',
          width: 160,
          render: (percent: number, row) => (
            <Progress percent={percent} size="small" status={row.state === 'failed' ? 'exception' : undefined} />
          ),
        },
        { title: t('upgrade.fromVersion'), dataIndex: 'fromVersion', render: (v: string | null) => v ?? '-' },
        { title: t('upgrade.currentVersion'), dataIndex: 'version', render: (v: string | null) => v ?? '-' },
        { title: t('upgrade.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '' },
        {
          title: t('ui.actions'),
          key: 'actions',
          width: 90,
          render: (_v, row) =>
            row.state === 'failed' &&
            can({ path: '/iot/firmware', code: 'add' }) && (
              <Button type="link" size="small" onClick={() => retry.mutate(row.deviceId)}>
                {t('upgrade.retry')}
              </Button>
            ),
        },
      ]}
    />
  );
}
