import { CheckCircleFilled } from '@ant-design/icons';
import type { PayMethod } from '@meridian/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Modal, QRCode, Result, Segmented, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { time } from '../workorders/orderText.tsx';
import {
  type MembershipView,
  membership,
  type OrderView,
  orderOf,
  payByAlipay,
  payByBalance,
  payByTransfer,
  payByWechat,
  queryAlipay,
  yuan,
} from './api.ts';
import { useProductName } from './billingText.tsx';

const METHODS: PayMethod[] = ['wechat', 'alipay', 'balance', 'transfer'];

const Centered = ({ children }: { children: React.ReactNode }) => (
  <Flex vertical align="center" gap={8} style={{ padding: '8px 0' }}>
    {children}
  </Flex>
);

/** WeChat Pay's code_url or Alipay's qr_code drawn as a QR code (antd's QRCode); Alipay can be asked. */
function QrPane({ order, method }: { order: OrderView; method: 'wechat' | 'alipay' }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState<'idle' | 'busy' | 'unpaid'>('idle');
  const [error, setError] = useState<unknown>(null);
  const code = useQuery({
    // Outside ['iot', 'billing'], which a payment invalidates: a paid order's code is not asked for again.
    queryKey: ['iot', `${method}PayCode`, order.id],
    queryFn: async () => {
      if (method === 'wechat') return payByWechat(order.id).then((c) => ({ code: c.codeUrl, until: c.expiresAt }));
      return payByAlipay(order.id).then((c) => ({ code: c.qrCode, until: c.expiresAt }));
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    meta: { silentError: true },
  });
  const check = async () => {
    setChecking('busy');
    setError(null);
    try {
      const now = await queryAlipay(order.id);
      setChecking(now.status === 'unpaid' ? 'unpaid' : 'idle');
      await queryClient.invalidateQueries({ queryKey: ['iot', 'billing', 'order', order.id] });
    } catch (e) {
      setError(e);
      setChecking('idle');
    }
  };
  if (code.isPending)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  if (code.isError) return <LoadFailed error={code.error} onRetry={() => code.refetch()} retrying={code.isFetching} />;
  return (
    <Centered>
      <QRCode value={code.data.code} size={200} data-testid="pay-qr" />
      <Typography.Text type="secondary">
        {t(method === 'wechat' ? 'billing.pay.scan' : 'billing.pay.scanAlipay')}
      </Typography.Text>
      <Typography.Text type="secondary" data-testid="pay-code-url" copyable style={{ fontSize: 12 }}>
        {code.data.code}
      </Typography.Text>
      <Typography.Text type="secondary">{t('billing.pay.until', { time: time(code.data.until) })}</Typography.Text>
      {method === 'alipay' && (
        <Button onClick={check} loading={checking === 'busy'} data-testid="pay-alipay-check">
          {t('billing.pay.checkAlipay')}
        </Button>
      )}
      {checking === 'unpaid' && <Typography.Text type="warning">{t('billing.pay.stillUnpaid')}</Typography.Text>}
      <FormAlert error={error} />
    </Centered>
  );
}

/** Pays from the balance at once; says so when the balance falls short, before and after asking. */
function BalancePane({ order, money }: { order: OrderView; money: MembershipView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      await payByBalance(order.id);
      await queryClient.invalidateQueries({ queryKey: ['iot', 'billing'] });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const short = money.balance < order.amount;
  return (
    <Centered>
      <Typography.Text data-testid="pay-balance-have">
        {t('billing.pay.balanceHave', { balance: yuan(money.balance) })}
      </Typography.Text>
      {order.product === 'recharge' ? (
        <Alert type="info" showIcon title={t('billing.pay.balanceTopUp')} />
      ) : (
        <>
          {short && <Alert type="warning" showIcon title={t('billing.pay.balanceShort')} />}
          <Button type="primary" disabled={short} loading={busy} onClick={pay} data-testid="pay-balance">
            {t('billing.pay.balancePay', { amount: yuan(order.amount) })}
          </Button>
        </>
      )}
      <FormAlert error={error} />
    </Centered>
  );
}

/** Bank transfer: where to send the money, with the order number as the reference; an administrator confirms it. */
function TransferPane({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [started, setStarted] = useState(order.payMethod === 'transfer');
  const details = useQuery({
    queryKey: ['iot', 'transferDetails', order.id],
    queryFn: () => payByTransfer(order.id),
    enabled: started,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    meta: { silentError: true },
  });
  useEffect(() => {
    if (details.isSuccess) void queryClient.invalidateQueries({ queryKey: ['iot', 'billing', 'orders'] });
  }, [details.isSuccess, queryClient]);
  return (
    <Flex vertical gap={12} style={{ padding: '8px 0' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('billing.pay.transferHow')}
      </Typography.Paragraph>
      {!started && (
        <Button type="primary" onClick={() => setStarted(true)} data-testid="pay-transfer">
          {t('billing.pay.transferStart')}
        </Button>
      )}
      {details.isFetching && <Spin />}
      {details.isError && (
        <LoadFailed error={details.error} onRetry={() => details.refetch()} retrying={details.isFetching} />
      )}
      {details.isSuccess && (
        <Descriptions column={1} bordered size="small" data-testid="pay-transfer-details">
          <Descriptions.Item label={t('billing.pay.payee')}>{details.data.payee}</Descriptions.Item>
          <Descriptions.Item label={t('billing.pay.reference')}>
            <Typography.Text copyable>{details.data.reference}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('billing.orders.amount')}>{yuan(order.amount)}</Descriptions.Item>
          <Descriptions.Item label={t('billing.orders.status')}>
            {t('billing.pay.transferUntil', { time: time(details.data.expiresAt) })}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Flex>
  );
}

/**
 * Pays an order (decisions 0080, 0115): by WeChat Pay or Alipay (a QR code), from the balance, or
 * by bank transfer; the order is watched until it is paid.
 */
export function PayModal({ order, onClose }: { order: OrderView; onClose(): void }) {
  const { t } = useTranslation();
  const productName = useProductName();
  const queryClient = useQueryClient();
  const money = useQuery({
    queryKey: ['iot', 'billing', 'membership'],
    queryFn: ({ signal }) => membership(signal),
  });
  const offered = (m: PayMethod, v: MembershipView) =>
    m === 'wechat' ? v.wechatPay : m === 'alipay' ? v.alipay : m === 'transfer' ? v.bankTransfer : true;
  const [chosen, setChosen] = useState<PayMethod | null>(order.payMethod);
  const method = chosen ?? (money.data ? (METHODS.find((m) => offered(m, money.data)) ?? 'balance') : null);
  const state = useQuery({
    queryKey: ['iot', 'billing', 'order', order.id],
    queryFn: ({ signal }) => orderOf(order.id, signal),
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
      {paid ? (
        <Result
          icon={<CheckCircleFilled style={{ color: '#52c41a' }} />}
          status="success"
          title={<span data-testid="pay-done">{t('billing.pay.done')}</span>}
        />
      ) : !money.data || !method ? (
        money.isError ? (
          <LoadFailed error={money.error} onRetry={() => money.refetch()} retrying={money.isFetching} />
        ) : (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        )
      ) : (
        <Flex vertical gap={12}>
          <Segmented<PayMethod>
            block
            value={method}
            onChange={setChosen}
            options={METHODS.map((m) => ({
              value: m,
              label: <span data-testid={`pay-method-${m}`}>{t(`billing.methods.${m}`)}</span>,
            }))}
          />
          {!offered(method, money.data) ? (
            <Typography.Text type="secondary">{t('billing.pay.notConfigured')}</Typography.Text>
          ) : method === 'wechat' || method === 'alipay' ? (
            <QrPane key={method} order={order} method={method} />
          ) : method === 'balance' ? (
            <BalancePane order={order} money={money.data} />
          ) : (
            <TransferPane order={order} />
          )}
        </Flex>
      )}
    </Modal>
  );
}
