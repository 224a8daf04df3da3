import type { OpsRow } from '@meridian/contracts';
import { Card, Flex, Statistic, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { percent } from '../telemetry/history.ts';
import { LazyChart } from '../telemetry/LazyChart.tsx';
import { recoveryOption } from './charts.ts';
import { OpsState, useOperations } from './OperationsPage.tsx';

const rate = (v: number | null) => (v === null ? '-' : percent(v));

/** Daily failure recovery rate: of the alarms and faults raised each day, the share restored that day. */
export function RecoveryPage() {
  const { t } = useTranslation();
  const query = useOperations('days');
  const rows = query.data?.rows ?? [];
  const option = useMemo(
    () =>
      recoveryOption(rows, { raised: t('ops.f.raised'), restored: t('ops.f.restored'), rate: t('ops.f.recoveryRate') }),
    [rows, t],
  );
  const newest = useMemo(() => [...rows].reverse(), [rows]);
  return (
    <Flex vertical gap={16} data-testid="recovery-page">
      <Card>
        {rows.length === 0 || !query.data ? (
          <OpsState query={query} />
        ) : (
          <Flex vertical gap={16}>
            <Statistic
              title={t('ops.recovery.overall')}
              value={rate(query.data.totals.recoveryRate)}
              data-testid="recovery-overall"
            />
            <LazyChart option={option} height={300} testId="recovery-chart" />
          </Flex>
        )}
      </Card>
      {rows.length > 0 && (
        <Card>
          <Table<OpsRow>
            rowKey="period"
            size="small"
            dataSource={newest}
            pagination={{ pageSize: 15, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            data-testid="recovery-table"
            columns={[
              { title: t('ops.f.day'), dataIndex: 'period' },
              { title: t('ops.f.alarmsRaised'), dataIndex: 'alarmsRaised' },
              { title: t('ops.f.alarmsRestored'), dataIndex: 'alarmsRestored' },
              { title: t('ops.f.faultsRaised'), dataIndex: 'faultsRaised' },
              { title: t('ops.f.faultsRecovered'), dataIndex: 'faultsRecovered' },
              { title: t('ops.f.recoveryRate'), dataIndex: 'recoveryRate', render: rate },
            ]}
          />
        </Card>
      )}
    </Flex>
  );
}
