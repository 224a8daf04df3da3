import type { InvoiceInfoInput } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Col, Empty, Flex, Form, Input, Row, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { time } from '../workorders/orderText.tsx';
import { yuan } from './api.ts';
import {
  applyForInvoice,
  type InvoiceFilters,
  type InvoiceView,
  invoiceableOrders,
  invoiceInfo,
  listMyInvoices,
  saveInvoiceInfo,
} from './invoicesApi.ts';
import { DeliveryCell, InvoiceStatusTag, orderNumbers } from './invoiceText.tsx';

const ORDERS = '/iot/orders';
const FIELDS = ['title', 'taxNumber', 'address', 'phone', 'bank', 'bankAccount', 'email'] as const;
const REQUIRED = new Set<string>(['title', 'taxNumber', 'email']);

function InfoCard({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<InvoiceInfoInput>();
  const info = useQuery({
    queryKey: ['iot', 'billing', 'invoice-info'],
    queryFn: ({ signal }) => invoiceInfo(signal),
    meta: { silentError: true },
  });
  useEffect(() => {
    if (info.data) form.setFieldsValue(info.data);
  }, [info.data, form]);
  const save = useMutation({
    mutationFn: saveInvoiceInfo,
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t('invoices.saved'));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'billing', 'invoice-info'] });
    },
  });
  return (
    <Card title={t('invoices.info')} data-testid="invoice-info">
      {info.isError && !info.data ? (
        <LoadFailed error={info.error} onRetry={() => info.refetch()} retrying={info.isFetching} />
      ) : info.isPending ? (
        <Skeleton active />
      ) : (
        <>
          {info.data === null && (
            <Alert type="info" showIcon title={t('invoices.infoEmpty')} style={{ marginBottom: 16 }} />
          )}
          <FormAlert error={save.error} form={form} />
          <Form<InvoiceInfoInput> form={form} layout="vertical" disabled={!mayEdit} onFinish={(v) => save.mutate(v)}>
            <Row gutter={16}>
              {FIELDS.map((field) => (
                <Col key={field} xs={24} md={12} lg={8}>
                  <Form.Item
                    name={field}
                    label={t(`invoices.${field}`)}
                    extra={field === 'taxNumber' ? t('invoices.taxNumberHelp') : undefined}
                    rules={
                      REQUIRED.has(field)
                        ? [{ required: true, whitespace: true, message: t(`invoices.${field}`) }]
                        : undefined
                    }
                  >
                    <Input data-testid={`invoice-info-${field}`} maxLength={field === 'address' ? 200 : 100} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
            {mayEdit && (
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="invoice-info-save">
                {t('ui.save')}
              </Button>
            )}
          </Form>
        </>
      )}
    </Card>
  );
}

function ApplyCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number[]>([]);
  const orders = useQuery({
    queryKey: ['iot', 'billing', 'invoiceable-orders'],
    queryFn: ({ signal }) => invoiceableOrders(signal),
    meta: { silentError: true },
  });
  const apply = useMutation({
    mutationFn: () => applyForInvoice(chosen),
    meta: { silentError: true },
    onError: notifyError,
    onSuccess: async () => {
      message.success(t('invoices.applied'));
      setChosen([]);
      await queryClient.invalidateQueries({ queryKey: ['iot', 'billing'] });
    },
  });
  return (
    <Card title={t('invoices.apply')} data-testid="invoice-apply">
      {orders.isError && !orders.data ? (
        <LoadFailed error={orders.error} onRetry={() => orders.refetch()} retrying={orders.isFetching} />
      ) : !orders.data ? (
        <Skeleton active />
      ) : orders.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invoices.noOrders')} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('invoices.applyHelp')}</Typography.Text>
          <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as number[])}>
            <Flex vertical gap={4}>
              {orders.data.map((o) => (
                <Checkbox key={o.id} value={o.id} data-testid={`invoice-order-${o.id}`}>
                  {o.number} · {yuan(o.amount)} · {time(o.paidAt)}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
          <div>
            <Button
              type="primary"
              disabled={chosen.length === 0}
              loading={apply.isPending}
              onClick={() => apply.mutate()}
              data-testid="invoice-apply-submit"
            >
              {t('invoices.apply')}
              {chosen.length > 0 &&
                ` · ${yuan(orders.data.filter((o) => chosen.includes(o.id)).reduce((s, o) => s + o.amount, 0))}`}
            </Button>
          </div>
        </Flex>
      )}
    </Card>
  );
}

/** Invoices: the account's invoice info, applying for paid orders, and its invoices with their states. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const mayApply = can({ path: ORDERS, code: 'add' });
  const list = usePagedList<InvoiceFilters, InvoiceView>(['iot', 'billing', 'invoices'], listMyInvoices);
  return (
    <Flex vertical gap={16} data-testid="invoices-page">
      <InfoCard mayEdit={mayApply} />
      {mayApply && <ApplyCard />}
      <Card title={t('invoices.list')}>
        <PagedTable<InvoiceView>
          list={list}
          rowKey="id"
          data-testid="invoices-table"
          scroll={{ x: 900 }}
          locale={{ emptyText: t('invoices.empty') }}
          columns={[
            { title: t('invoices.orders'), key: 'orders', render: (_v, row) => orderNumbers(row) },
            { title: t('invoices.title'), dataIndex: 'title', key: 'title', width: 200 },
            { title: t('invoices.amount'), key: 'amount', width: 110, render: (_v, row) => yuan(row.amount) },
            {
              title: t('invoices.status'),
              key: 'status',
              width: 200,
              render: (_v, row) => (
                <Flex vertical gap={2}>
                  <span>
                    <InvoiceStatusTag status={row.status} testId={`invoice-status-${row.id}`} />
                  </span>
                  {row.rejectReason && <Typography.Text type="danger">{row.rejectReason}</Typography.Text>}
                </Flex>
              ),
            },
            {
              title: t('invoices.delivery'),
              key: 'delivery',
              width: 170,
              render: (_v, row) => <DeliveryCell invoice={row} />,
            },
            { title: t('invoices.createdAt'), key: 'createdAt', width: 170, render: (_v, row) => time(row.createdAt) },
          ]}
        />
      </Card>
    </Flex>
  );
}
