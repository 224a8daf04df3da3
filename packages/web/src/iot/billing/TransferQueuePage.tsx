import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { time } from '../workorders/orderText.tsx';
import { confirmTransfer, listTransfers, rejectTransfer, type TransferQueueView, yuan } from './api.ts';
import { useProductName } from './billingText.tsx';

const TRANSFERS = '/iot/transfers';

type Decision = 'confirm' | 'reject';
/** Each decision's field, call and words: the bank's reference of money received, or why none came. */
const DECISIONS = {
  confirm: {
    field: 'bankReference',
    maxLength: 64,
    send: (id: number, value: string) => confirmTransfer(id, { bankReference: value }),
    title: 'billing.transfers.confirmTitle',
    ok: 'billing.transfers.confirm',
    label: 'billing.transfers.bankReference',
    help: 'billing.transfers.bankReferenceHelp',
    done: 'billing.transfers.confirmed',
  },
  reject: {
    field: 'reason',
    maxLength: 200,
    send: (id: number, value: string) => rejectTransfer(id, { reason: value }),
    title: 'billing.transfers.rejectTitle',
    ok: 'billing.transfers.reject',
    label: 'billing.transfers.reason',
    help: 'billing.transfers.reasonHelp',
    done: 'billing.transfers.rejected',
  },
} as const;

/** Confirms that the money arrived (the order is paid) or that it never came (the order is cancelled). */
function DecisionModal({
  order,
  decision,
  onClose,
}: {
  order: TransferQueueView;
  decision: Decision;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const d = DECISIONS[decision];
  const [form] = Form.useForm<{ value: string }>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (values: { value: string }) => {
    setBusy(true);
    try {
      await d.send(order.id, values.value);
      await queryClient.invalidateQueries({ queryKey: ['iot', 'transfers'] });
      message.success(t(d.done, { number: order.number }));
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
      title={t(d.title, { number: order.number })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t(d.ok)}
      okButtonProps={{ loading: busy, danger: decision === 'reject', 'data-testid': `transfer-${decision}-ok` }}
      destroyOnHidden
    >
      <FormAlert error={error} />
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="value"
          label={t(d.label)}
          extra={t(d.help)}
          rules={[{ required: true, whitespace: true, message: t(d.label) }]}
        >
          {decision === 'confirm' ? (
            <Input maxLength={d.maxLength} data-testid="transfer-reference" />
          ) : (
            <Input.TextArea maxLength={d.maxLength} showCount rows={3} data-testid="transfer-reason" />
          )}
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
  const [deciding, setDeciding] = useState<{ order: TransferQueueView; decision: Decision } | null>(null);
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
            width: 190,
            render: (_v, row) =>
              mayConfirm && (
                <Space size={0}>
                  {(['confirm', 'reject'] as const).map((decision) => (
                    <Button
                      key={decision}
                      type="link"
                      size="small"
                      danger={decision === 'reject'}
                      onClick={() => setDeciding({ order: row, decision })}
                      data-testid={`transfer-${decision}-${row.id}`}
                    >
                      {t(DECISIONS[decision].ok)}
                    </Button>
                  ))}
                </Space>
              ),
          },
        ]}
      />
      {deciding && <DecisionModal {...deciding} onClose={() => setDeciding(null)} />}
    </Card>
  );
}
