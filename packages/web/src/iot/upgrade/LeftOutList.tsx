import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UpgradeStartedView } from './api.ts';

/** The devices of the picked template or project that a new job left out, each with the reason. */
export function LeftOutList({ leftOut }: { leftOut: UpgradeStartedView['leftOut'] }) {
  const { t } = useTranslation();
  return (
    <Table
      data-testid="upgrade-left-out"
      size="small"
      rowKey="deviceId"
      pagination={leftOut.length > 10 ? { pageSize: 10 } : false}
      dataSource={leftOut}
      columns={[
        { title: t('upgrade.leftOutName'), render: (_, d) => `${d.name} (${d.sn})` },
        { title: t('upgrade.leftOutReason'), dataIndex: 'reason' },
      ]}
    />
  );
}
