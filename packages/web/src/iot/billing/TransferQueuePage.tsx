import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { time } from '../workorders/orderText.tsx';
import { confirmTransfer, listTransfers, type TransferQueueView, yuan } from './api.ts';
import { useProductName } from './billingText.tsx';

const TRANSFERS = '/iot/transfers';

/** Asks the bank's reference of the money received, and marks the order paid. */
function ConfirmModal({ order, onClose }: { order: TransferQueueView; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ bankReference: string }>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (values: { bankReference: string }) => {
    setBusy(true);
    try {
      await confirmTransfer(order.id, values);
      await queryClient.invalidateQueries({ queryKey: ['iot', 'transfers'] });
      message.success(t('billing.transfers.confirmed', { number: order.number }));
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
      title={t('billing.transfers.confirmTitle', { number: order.number })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('billing.transfers.confirm')}
      okButtonProps={{ loading: busy, 'data-testid': 'transfer-confirm-ok' }}
      destroyOnHidden
    >
      <FormAlert error={error} />
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="bankReference"
          label={t('billing.transfers.bankReference')}
          extra={t('billing.transfers.bankReferenceHelp')}
          rules={[{ required: true, whitespace: true, message: t('billing.transfers.bankReference') }]}
        >
          <Input maxLength={64} data-testid="transfer-reference" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The platform administrators' queue of orders waiting for a bank transfer (decision 0115). */
export function TransferQueuePage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const productName = useProductName();
  const [confirming, setConfirming] = useState<TransferQueueView | null>(null);
  const list = usePagedList<object, TransferQueueView>(['iot', 'transfers', 'queue'], listTransfers);
  const mayConfirm = can({ path: TRANSFERS, code: 'confirm' });
  return (
    <Card title={t('menu.billing.transferQueue')} data-testid="transfer-queue-page">
      <PagedTable<TransferQueueView>
        list={list}
        rowKey="id"
        data-testid="transfer-queue-table"
        scroll={{ x: 900 }}
        locale={{ emptyText: t('billing.transfers.empty') }}
        columns={[
          { title: t('billing.orders.number'), dataIndex: 'number', key: 'number', width: 200 },
          { title: t('billing.transfers.account'), dataIndex: 'account', key: 'account', width: 140 },
          {
            title: t('billing.orders.items'),
            key: 'items',
            render: (_v, row) => `${productName(row.product)} × ${row.quantity}`,
          },
          { title: t('billing.orders.amount'), key: 'amount', width: 120, render: (_v, row) => yuan(row.amount) },
          {
            title: t('billing.orders.createdAt'),
            key: 'createdAt',
            width: 170,
            render: (_v, row) => time(row.createdAt),
          },
          {
            title: t('billing.transfers.expiresAt'),
            key: 'expiresAt',
            width: 170,
            render: (_v, row) => time(row.expiresAt),
          },
          {
            title: t('ui.actions'),
            key: 'actions',
            width: 130,
            render: (_v, row) =>
              mayConfirm && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setConfirming(row)}
                  data-testid={`transfer-confirm-${row.id}`}
                >
                  {t('billing.transfers.confirm')}
                </Button>
              ),
          },
        ]}
      />
      {confirming && <ConfirmModal order={confirming} onClose={() => setConfirming(null)} />}
    </Card>
  );
}
