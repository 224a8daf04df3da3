import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Modal, QRCode, Result, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { time } from '../workorders/orderText.tsx';
import { type OrderView, orderOf, payByWechat, yuan } from './api.ts';
import { useProductName } from './billingText.tsx';

/**
 * Pays an order by WeChat Pay (Native): the code_url drawn as a QR code (antd's QRCode), and the
 * order watched until the notification has marked it paid.
 */
export function PayModal({ order, onClose }: { order: OrderView; onClose(): void }) {
  const { t } = useTranslation();
  const productName = useProductName();
  const queryClient = useQueryClient();
  const code = useQuery({
    // Outside ['iot', 'billing'], which a payment invalidates: a paid order's code is not asked for again.
    queryKey: ['iot', 'wechatPayCode', order.id],
    queryFn: () => payByWechat(order.id),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    meta: { silentError: true },
  });
  const state = useQuery({
    queryKey: ['iot', 'billing', 'order', order.id],
    queryFn: ({ signal }) => orderOf(order.id, signal),
    enabled: code.isSuccess,
    refetchInterval: (q) => (q.state.data?.status === 'unpaid' || !q.state.data ? 1500 : false),
  });
  const paid = state.data?.status === 'paid';
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: ['iot', 'billing'] });
  }, [paid, queryClient]);

  return (
    <Modal open title={t('billing.pay.title')} onCancel={onClose} footer={null} destroyOnHidden data-testid="pay-modal">
      <Typography.Paragraph>
        {productName(order.product)} × {order.quantity} · {t('billing.orders.number')} {order.number}
      </Typography.Paragraph>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {yuan(order.amount)}
      </Typography.Title>
      {code.isPending && (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
      {code.isError && <LoadFailed error={code.error} onRetry={() => code.refetch()} retrying={code.isFetching} />}
      {code.isSuccess && !paid && (
        <Flex vertical align="center" gap={8}>
          <QRCode value={code.data.codeUrl} size={200} data-testid="pay-qr" />
          <Typography.Text type="secondary">{t('billing.pay.scan')}</Typography.Text>
          <Typography.Text type="secondary" data-testid="pay-code-url" copyable style={{ fontSize: 12 }}>
            {code.data.codeUrl}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('billing.pay.until', { time: time(code.data.expiresAt) })}
          </Typography.Text>
        </Flex>
      )}
      {paid && (
        <Result
          icon={<CheckCircleFilled style={{ color: '#52c41a' }} />}
          status="success"
          title={<span data-testid="pay-done">{t('billing.pay.done')}</span>}
        />
      )}
    </Modal>
  );
}
