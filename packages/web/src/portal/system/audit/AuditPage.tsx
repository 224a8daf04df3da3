import { Card, DatePicker, Flex, Form, Input, Select, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterForm, PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { AUDIT_ACTIONS, actionKey } from './actions.ts';
import { type AuditEntry, type AuditQuery, searchAudit } from './api.ts';
import { browserOf } from './userAgent.ts';

type Filters = Omit<AuditQuery, 'page' | 'size'>;

interface FilterValues {
  account?: string;
  action?: string;
  result?: 'ok' | 'fail';
  range?: [Dayjs | null, Dayjs | null] | null;
}

const TIME = 'YYYY-MM-DD HH:mm:ss';

/** The form's choices as the search's filters; the end minute is included (the server's `to` is exclusive). */
function filtersOf(form: FilterValues): Filters {
  const [from, to] = form.range ?? [];
  return {
    account: form.account,
    action: form.action,
    result: form.result,
    from: from ? from.startOf('minute').valueOf() : undefined,
    to: to ? to.startOf('minute').add(1, 'minute').valueOf() : undefined,
  };
}

/** The audit log: who did what, when and from where, newest first, searched by account, action, result and time. */
export function AuditPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const log = usePagedList<Filters, AuditEntry>(['system', 'audit'], searchAudit);
  const actionName = (action: string) => t(actionKey(action), { defaultValue: action });
  const search = (values: FilterValues) => log.search(filtersOf(values));

  return (
    <Card data-testid="audit-page" title={t('system.route.audit')}>
      <FilterForm<FilterValues> name="audit" form={form} onSearch={search} searchTestId="audit-search">
        <Form.Item name="account" label={t('system.audit.account')}>
          <Input allowClear placeholder={t('system.audit.accountPlaceholder')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="action" label={t('system.audit.actionLabel')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('system.all')}
            style={{ width: 180 }}
            options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionName(action) }))}
          />
        </Form.Item>
        <Form.Item name="result" label={t('system.audit.result')}>
          <Select
            allowClear
            placeholder={t('system.all')}
            style={{ width: 110 }}
            options={[
              { value: 'ok', label: t('system.audit.ok') },
              { value: 'fail', label: t('system.audit.fail') },
            ]}
          />
        </Form.Item>
        <Form.Item name="range" label={t('system.audit.time')}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            presets={[
              { label: t('system.audit.lastHour'), value: [dayjs().subtract(1, 'hour'), dayjs()] },
              { label: t('system.audit.today'), value: [dayjs().startOf('day'), dayjs()] },
              { label: t('system.audit.lastWeek'), value: [dayjs().subtract(7, 'day'), dayjs()] },
            ]}
          />
        </Form.Item>
      </FilterForm>
      <PagedTable<AuditEntry>
        list={log}
        data-testid="audit-table"
        rowKey="id"
        locale={{ emptyText: t('system.audit.empty') }}
        scroll={{ x: 900 }}
        expandable={{
          expandedRowRender: (entry) => (
            <pre data-testid="audit-detail" style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>
              {JSON.stringify(entry.detail, null, 2)}
            </pre>
          ),
          rowExpandable: (entry) => Object.keys(entry.detail).length > 0,
        }}
        columns={[
          {
            title: t('system.audit.time'),
            dataIndex: 'at',
            width: 155,
            render: (at: number) => dayjs(at).format(TIME),
          },
          {
            title: t('system.audit.account'),
            dataIndex: 'account',
            width: 110,
            ellipsis: true,
            render: (account: string | null) => account ?? <Typography.Text type="secondary">-</Typography.Text>,
          },
          {
            title: t('system.audit.actionLabel'),
            dataIndex: 'action',
            width: 140,
            render: (action: string, entry) => (
              <Flex vertical>
                <span>{actionName(action)}</span>
                {entry.detail.runAsBy !== undefined && (
                  <Typography.Text type="warning" style={{ fontSize: 12 }}>
                    {t('system.audit.viaRunAs')}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: t('system.audit.result'),
            dataIndex: 'result',
            width: 90,
            render: (result: AuditEntry['result']) =>
              result === 'ok' ? (
                <Tag color="success">{t('system.audit.ok')}</Tag>
              ) : (
                <Tag color="error">{t('system.audit.fail')}</Tag>
              ),
          },
          {
            title: t('system.audit.target'),
            key: 'target',
            width: 90,
            render: (_value, entry) =>
              entry.targetType
                ? `${t(`system.audit.targetType.${entry.targetType}`, { defaultValue: entry.targetType })}${entry.targetId ? ` #${entry.targetId}` : ''}`
                : '-',
          },
          { title: t('system.audit.ip'), dataIndex: 'ip', width: 120, render: (ip: string | null) => ip ?? '-' },
          {
            title: t('system.audit.browser'),
            dataIndex: 'userAgent',
            width: 150,
            ellipsis: { showTitle: false },
            render: (userAgent: string | null) =>
              userAgent ? (
                <Tooltip title={userAgent} placement="topLeft">
                  {browserOf(userAgent)}
                </Tooltip>
              ) : (
                '-'
              ),
          },
        ]}
      />
    </Card>
  );
}
