import { PlusOutlined } from '@ant-design/icons';
import type { UpgradeJobState } from '@meridian/contracts';
import { Button, Card, Flex, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { listUpgradeJobs, type UpgradeJobView } from './api.ts';
import { JobDevices } from './JobDevices.tsx';
import { StartForm } from './StartForm.tsx';

const COLORS: Record<UpgradeJobState, string> = { running: 'processing', finished: 'success', stopped: 'error' };

/** Upgrade Tasks: the jobs with their devices' counts; a row opens its devices; start a new job. */
export function UpgradePage() {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const [starting, setStarting] = useState(false);
  const list = usePagedList<object, UpgradeJobView>(['iot', 'upgrades', 'jobs'], listUpgradeJobs);
  // The counts move while a job runs: refreshed every 2 s until every job shown has ended.
  const running = list.rows.some((row) => row.state === 'running');
  const { refetch } = list.query;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refetch(), 2000);
    return () => clearInterval(timer);
  }, [running, refetch]);
  return (
    <Card data-testid="upgrade-page" title={t('menu.firmware.upgrades')}>
      <Flex vertical gap={16}>
        <Flex justify="flex-end">
          {can({ path: '/iot/firmware', code: 'add' }) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setStarting(true)}
              data-testid="upgrade-start"
            >
              {t('upgrade.start')}
            </Button>
          )}
        </Flex>
        <PagedTable<UpgradeJobView>
          list={list}
          data-testid="upgrade-table"
          rowKey="id"
          locale={{ emptyText: t('upgrade.empty') }}
          pagination={{ showSizeChanger: false }}
          expandable={{ expandedRowRender: (row) => <JobDevices jobId={row.id} /> }}
          columns={[
            { title: t('upgrade.firmware'), dataIndex: 'firmwareName' },
            { title: t('upgrade.seriesModel'), key: 'model', render: (_v, row) => `${row.series} / ${row.model}` },
            { title: t('upgrade.version'), dataIndex: 'version' },
            { title: t('upgrade.waveSize'), dataIndex: 'waveSize' },
            { title: t('upgrade.failPercent'), dataIndex: 'failPercent' },
            {
              title: t('upgrade.state'),
              dataIndex: 'state',
              render: (state: UpgradeJobState, row) => (
                <Tag color={COLORS[state]} title={row.reason ?? undefined}>
                  {t(`upgrade.states.${state}`)}
                </Tag>
              ),
            },
            {
              title: t('upgrade.counts'),
              key: 'counts',
              render: (_v, { counts }) =>
                `${counts.success} / ${counts.failed} / ${counts.pending + counts.upgrading + counts.success + counts.failed}`,
            },
            {
              title: t('upgrade.createdAt'),
              dataIndex: 'createdAt',
              render: (at: number) => new Date(at).toLocaleString(i18n.language),
            },
          ]}
        />
      </Flex>
      {starting && <StartForm onClose={() => setStarting(false)} />}
    </Card>
  );
}
