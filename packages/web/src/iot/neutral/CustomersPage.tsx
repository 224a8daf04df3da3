import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Card, Form, Input, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { time } from '../workorders/orderText.tsx';
import { type CustomerFilters, listCustomers, type ResellerUser, setCustomerStatus } from './api.ts';

const KEY = ['portal', 'brand', 'customers'];

/** Reseller users (spec section 6): the accounts that signed up on the neutral member's domain. */
export function CustomersPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message } = App.useApp();
  const list = usePagedList<CustomerFilters, ResellerUser>(KEY, listCustomers);
  const [filters] = Form.useForm<CustomerFilters>();
  const status = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      setCustomerStatus(id, enabled ? 'enabled' : 'disabled'),
    onSuccess: async () => {
      message.success(t('neutral.customers.changed'));
      await client.invalidateQueries({ queryKey: KEY });
    },
    onError: notifyError,
  });
  return (
    <Card title={t('menu.neutral.customers')} data-testid="customers-page">
      <FilterForm<CustomerFilters> form={filters} onSearch={(values) => list.search(values)}>
        <Form.Item name="keyword" label={t('neutral.customers.keyword')}>
          <Input allowClear maxLength={50} />
        </Form.Item>
      </FilterForm>
      <PagedTable<ResellerUser>
        list={list}
        rowKey="id"
        data-testid="customers-table"
        locale={{ emptyText: t('neutral.customers.empty') }}
        columns={[
          { title: t('neutral.customers.account'), dataIndex: 'account', key: 'account' },
          { title: t('neutral.customers.nickname'), dataIndex: 'nickname', key: 'nickname' },
          { title: t('neutral.customers.phone'), key: 'phone', render: (_v, row) => row.phone ?? '-' },
          {
            title: t('neutral.customers.createdAt'),
            key: 'createdAt',
            width: 170,
            render: (_v, row) => time(row.createdAt),
          },
          {
            title: t('neutral.customers.status'),
            key: 'status',
            width: 120,
            render: (_v, row) =>
              row.status === 'pending' ? (
                <Tag>{t('neutral.customers.pending')}</Tag>
              ) : (
                <Switch
                  checked={row.status === 'enabled'}
                  loading={status.isPending && status.variables?.id === row.id}
                  aria-label={t('neutral.customers.status')}
                  data-testid={`customer-status-${row.account}`}
                  onChange={(enabled) => status.mutate({ id: row.id, enabled })}
                />
              ),
          },
        ]}
      />
    </Card>
  );
}
