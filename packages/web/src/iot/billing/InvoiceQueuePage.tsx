import { INVOICE_STATUSES, type InvoiceReviewInput } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { useConfirm } from '../../shared/useConfirm.ts';
import { time } from '../workorders/orderText.tsx';
import { yuan } from './api.ts';
import { type InvoiceFilters, type InvoiceView, listInvoiceQueue, reviewInvoice } from './invoicesApi.ts';
import { DeliveryCell, InvoiceStatusTag, orderNumbers } from './invoiceText.tsx';

const REVIEW = '/iot/invoices';
type Asking = { invoice: InvoiceView; action: 'reject' | 'ship' };

/** Asks the reason of a rejection or the tracking number of a shipment, and takes the step. */
function StepModal({ asking, onClose }: { asking: Asking; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ text: string }>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const field = asking.action === 'reject' ? 'rejectReason' : 'tracking';
  const submit = async ({ text }: { text: string }) => {
    const input: InvoiceReviewInput =
      asking.action === 'reject' ? { action: 'reject', reason: text } : { action: 'ship', trackingNumber: text };
    setBusy(true);
    try {
      await reviewInvoice(asking.invoice.id, input);
      await queryClient.invalidateQueries({ queryKey: ['iot', 'invoices'] });
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${t(`invoices.${asking.action}`)} · ${asking.invoice.title}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t(`invoices.${asking.action}`)}
      okButtonProps={{ loading: busy, danger: asking.action === 'reject', 'data-testid': 'invoice-step-ok' }}
      destroyOnHidden
    >
      <FormAlert error={error} />
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="text"
          label={t(`invoices.${field}`)}
          rules={[{ required: true, whitespace: true, message: t(`invoices.${field}`) }]}
        >
          <Input data-testid="invoice-step-text" maxLength={asking.action === 'reject' ? 200 : 40} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The platform administrators' review queue: approve, reject with a reason, ship with a tracking number. */
export function InvoiceQueuePage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<InvoiceFilters>();
  const [asking, setAsking] = useState<Asking | null>(null);
  const list = usePagedList<InvoiceFilters, InvoiceView>(['iot', 'invoices', 'queue'], listInvoiceQueue);
  const mayReview = can({ path: REVIEW, code: 'review' });
  const approve = (row: InvoiceView) =>
    confirm(
      {
        title: row.title,
        content: t(row.status === 'applied' ? 'invoices.approveConfirm' : 'invoices.finishConfirm'),
        okText: t(row.status === 'applied' ? 'invoices.approve' : 'invoices.finish'),
      },
      async () => {
        await reviewInvoice(row.id, { action: 'approve' });
        await queryClient.invalidateQueries({ queryKey: ['iot', 'invoices'] });
      },
    );
  const link = (row: InvoiceView, key: string, onClick: () => void, danger = false) => (
    <Button type="link" size="small" danger={danger} onClick={onClick} data-testid={`invoice-${key}-${row.id}`}>
      {t(`invoices.${key}`)}
    </Button>
  );

  return (
    <Card title={t('menu.billing.invoiceQueue')} data-testid="invoice-queue-page">
      <FilterForm<InvoiceFilters> form={form} onSearch={(values) => list.search(values)} searchTestId="invoice-search">
        <Form.Item name="status">
          <Select
            allowClear
            placeholder={t('invoices.status')}
            style={{ width: 160 }}
            options={INVOICE_STATUSES.filter((s) => s !== 'not_applied').map((s) => ({
              value: s,
              label: t(`invoices.statuses.${s}`),
            }))}
          />
        </Form.Item>
      </FilterForm>
      <PagedTable<InvoiceView>
        list={list}
        rowKey="id"
        data-testid="invoice-queue-table"
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('invoices.queueEmpty') }}
        columns={[
          { title: t('invoices.account'), dataIndex: 'account', key: 'account', width: 140 },
          {
            title: t('invoices.title'),
            key: 'title',
            width: 220,
            render: (_v, row) => (
              <Flex vertical gap={0}>
                <span>{row.title}</span>
                <Typography.Text type="secondary">{row.taxNumber}</Typography.Text>
              </Flex>
            ),
          },
          { title: t('invoices.orders'), key: 'orders', render: (_v, row) => orderNumbers(row) },
          { title: t('invoices.amount'), key: 'amount', width: 110, render: (_v, row) => yuan(row.amount) },
          {
            title: t('invoices.status'),
            key: 'status',
            width: 110,
            render: (_v, row) => <InvoiceStatusTag status={row.status} testId={`invoice-status-${row.id}`} />,
          },
          {
            title: t('invoices.delivery'),
            key: 'delivery',
            width: 160,
            render: (_v, row) => <DeliveryCell invoice={row} />,
          },
          { title: t('invoices.createdAt'), key: 'createdAt', width: 170, render: (_v, row) => time(row.createdAt) },
          {
            title: t('ui.actions'),
            key: 'actions',
            width: 200,
            render: (_v, row) =>
              mayReview &&
              (row.status === 'applied' || row.status === 'in_audit') && (
                <Flex gap={4} wrap>
                  {row.status === 'applied' && link(row, 'approve', () => approve(row))}
                  {row.status === 'in_audit' && link(row, 'ship', () => setAsking({ invoice: row, action: 'ship' }))}
                  {row.status === 'in_audit' && link(row, 'finish', () => approve(row))}
                  {link(row, 'reject', () => setAsking({ invoice: row, action: 'reject' }), true)}
                </Flex>
              ),
          },
        ]}
      />
      {asking && <StepModal asking={asking} onClose={() => setAsking(null)} />}
    </Card>
  );
}
