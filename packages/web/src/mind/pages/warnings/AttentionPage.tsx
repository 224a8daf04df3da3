import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Form, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../shared/lists/PagedList.tsx';
import { type AttentionRow, attentionPage, type WarningState } from './api.ts';
import { LevelTag, StateTag, time, useLevels, useOrgNames } from './lookups.tsx';
import './strings.ts';

const WINDOWS = [24, 72, 168];

/** `/data/attentionReminder`: warnings whose follow-up is due or overdue, soonest first. */
export function AttentionPage() {
  const { t } = useTranslation();
  const levels = useLevels();
  const names = useOrgNames();
  const [withinHours, setWithinHours] = useState<number | undefined>(undefined);
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const rows = useQuery({
    queryKey: ['warn', 'attention', withinHours, paging],
    queryFn: ({ signal }) => attentionPage({ withinHours, ...paging }, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  return (
    <Card data-testid="attention-page">
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label={t('warn.attention.within')}>
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('warn.attention.withinAll')}
            value={withinHours}
            onChange={(value?: number) => {
              setWithinHours(value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={WINDOWS.map((hours) => ({ value: hours, label: t('warn.attention.withinHours', { hours }) }))}
          />
        </Form.Item>
      </Form>
      {rows.isError && !rows.data ? (
        <LoadFailed error={rows.error} onRetry={() => rows.refetch()} retrying={rows.isFetching} />
      ) : (
        <Table<AttentionRow>
          rowKey="warningId"
          size="middle"
          data-testid="attention-table"
          loading={rows.isFetching}
          dataSource={rows.data?.list ?? []}
          locale={{ emptyText: t('warn.attention.empty') }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: rows.data?.total ?? 0,
            showTotal: (total) => t('system.total', { total }),
            onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
          }}
          columns={[
            { title: t('warn.list.student'), dataIndex: 'studentName', width: 120 },
            {
              title: t('warn.list.class'),
              key: 'class',
              render: (_v, r) => [names.school(r.schoolId), names.klass(r.classId)].filter(Boolean).join(' / '),
            },
            {
              title: t('warn.list.level'),
              dataIndex: 'level',
              width: 100,
              render: (level: string) => <LevelTag code={level} levels={levels.data} />,
            },
            {
              title: t('warn.list.state'),
              dataIndex: 'state',
              width: 130,
              render: (state: WarningState) => <StateTag state={state} />,
            },
            {
              title: t('warn.attention.dueAt'),
              key: 'due',
              width: 220,
              render: (_v, r) => (
                <>
                  {time(r.dueAt)}{' '}
                  <Tag color={r.overdue ? 'red' : 'gold'}>
                    {t(r.overdue ? 'warn.attention.overdue' : 'warn.attention.due')}
                  </Tag>
                </>
              ),
            },
            {
              title: t('system.actions'),
              key: 'actions',
              width: 90,
              render: (_v, r) => <Link to={`/data/intervene?id=${r.warningId}`}>{t('warn.list.open')}</Link>,
            },
          ]}
        />
      )}
    </Card>
  );
}
