import { useQuery } from '@tanstack/react-query';
import { Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BindLogEntry, bindLog } from './bindings-api.ts';

const actionColors: Record<BindLogEntry['action'], string> = { bind: 'green', unbind: 'default', transfer: 'blue' };
const SIZE = 5;

/** Every bind, unbind and move of this account's outside accounts: when, who, and from where. */
export function BindLog() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ['account', 'bindLog', page],
    queryFn: ({ signal }) => bindLog(page, SIZE, signal),
    placeholderData: (previous) => previous,
  });
  return (
    <div>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('bindings.log')}
      </Typography.Title>
      <Table<BindLogEntry>
        data-testid="bind-log"
        size="small"
        rowKey="id"
        loading={log.isFetching}
        dataSource={log.data?.list ?? []}
        locale={{ emptyText: t('bindings.logEmpty') }}
        pagination={{
          current: page,
          pageSize: SIZE,
          total: log.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        scroll={{ x: 560 }}
        columns={[
          {
            title: t('bindings.col.time'),
            dataIndex: 'at',
            width: 150,
            render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          { title: t('bindings.col.provider'), dataIndex: 'providerName', width: 80 },
          {
            title: t('bindings.col.action'),
            dataIndex: 'actionName',
            width: 80,
            render: (name: string, entry) => <Tag color={actionColors[entry.action]}>{name}</Tag>,
          },
          { title: t('bindings.col.nickname'), dataIndex: 'nickname', render: (v: string | null) => v ?? '-' },
          { title: t('bindings.col.by'), dataIndex: 'byAccount', render: (v: string | null) => v ?? '-' },
          { title: t('bindings.col.ip'), dataIndex: 'ip', width: 120, render: (v: string | null) => v ?? '-' },
        ]}
      />
    </div>
  );
}
