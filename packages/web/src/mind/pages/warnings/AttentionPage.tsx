import { Card, Form, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { type AttentionRow, attentionPage } from './api.ts';
import { time, useClassLevelStateColumns } from './lookups.tsx';
import './strings.ts';

const WINDOWS = [24, 72, 168];

/** `/data/attentionReminder`: warnings whose follow-up is due or overdue, soonest first. */
export function AttentionPage() {
  const { t } = useTranslation();
  const classLevelState = useClassLevelStateColumns<AttentionRow>();
  const rows = usePagedList<{ withinHours?: number }, AttentionRow>(['warn', 'attention'], attentionPage);
  return (
    <Card data-testid="attention-page">
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label={t('warn.attention.within')}>
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('warn.attention.withinAll')}
            value={rows.filters.withinHours}
            onChange={(withinHours?: number) => rows.search({ withinHours })}
            options={WINDOWS.map((hours) => ({ value: hours, label: t('warn.attention.withinHours', { hours }) }))}
          />
        </Form.Item>
      </Form>
      <PagedTable<AttentionRow>
        list={rows}
        rowKey="warningId"
        data-testid="attention-table"
        locale={{ emptyText: t('warn.attention.empty') }}
        columns={[
          { title: t('warn.list.student'), dataIndex: 'studentName', width: 120 },
          ...classLevelState,
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
    </Card>
  );
}
