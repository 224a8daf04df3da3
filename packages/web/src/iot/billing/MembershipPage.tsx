import {
  MEMBERSHIP_PLANS,
  MESSAGE_PACKS,
  type MembershipLevel,
  type Product,
  RECHARGE_MAX,
  RECHARGE_MIN,
} from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Flex, InputNumber, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { time } from '../workorders/orderText.tsx';
import { membership, type OrderView, placeOrder, yuan } from './api.ts';
import { PayModal } from './PayModal.tsx';

const ORDERS = '/iot/orders';

/** Membership: the level in force, its limits and what is used, and what can be bought. */
export function MembershipPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const mayBuy = can({ path: ORDERS, code: 'add' });
  const info = useQuery({
    queryKey: ['iot', 'billing', 'membership'],
    queryFn: ({ signal }) => membership(signal),
    meta: { silentError: true },
  });
  const [paying, setPaying] = useState<OrderView | null>(null);
  const [busy, setBusy] = useState<Product | null>(null);
  const [topUp, setTopUp] = useState<number | null>(100);

  const buy = async (product: Product, amount?: number) => {
    setBusy(product);
    try {
      setPaying(await placeOrder({ product, quantity: 1, ...(amount === undefined ? {} : { amount }) }));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };

  if (info.isError && !info.data)
    return (
      <Card title={t('menu.billing.membership')}>
        <LoadFailed error={info.error} onRetry={() => info.refetch()} retrying={info.isFetching} />
      </Card>
    );
  const m = info.data;
  const planRows = (level: MembershipLevel) => {
    const p = MEMBERSHIP_PLANS[level];
    return [
      [t('billing.limits.slaves'), p.slaves],
      // A plan keeps its days up to what the deployment keeps for anyone.
      [t('billing.limits.dataDays'), Math.min(p.dataDays, m?.dataDaysMax ?? p.dataDays)],
      [t('billing.limits.sms'), p.smsPerMonth],
      [t('billing.limits.voice'), p.voicePerMonth],
      [t('billing.limits.subUsers'), p.subUsers],
    ] as const;
  };

  return (
    <Flex vertical gap={16} data-testid="membership-page">
      <Card title={t('menu.billing.membership')}>
        {!m ? (
          <Skeleton active />
        ) : (
          <>
            {m.testAccount && (
              <Alert type="info" showIcon title={t('billing.testAccount')} style={{ marginBottom: 16 }} />
            )}
            {m.lapsed && <Alert type="warning" showIcon title={t('billing.lapsed')} style={{ marginBottom: 16 }} />}
            {!m.wechatPay && !m.alipay && mayBuy && (
              <Alert type="warning" showIcon title={t('billing.payNotConfigured')} style={{ marginBottom: 16 }} />
            )}
            <Descriptions column={{ xs: 1, md: 3 }} bordered size="small">
              <Descriptions.Item label={t('billing.level')}>
                <Tag color={m.level === 0 ? 'default' : 'gold'} data-testid="membership-level">
                  {t(`billing.levels.${m.level}`)}
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('billing.expiresAt')}>
                <span data-testid="membership-expires">
                  {m.level === 0 ? '-' : m.expiresAt === null ? t('billing.noEnd') : time(m.expiresAt)}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('billing.balance')}>{yuan(m.balance)}</Descriptions.Item>
              <Descriptions.Item label={t('billing.limits.slaves')}>
                <span data-testid="membership-slaves">
                  {m.slavesUsed} / {m.limits.slaves ?? t('billing.unlimited')}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('billing.limits.dataDays')}>{m.limits.dataDays}</Descriptions.Item>
              <Descriptions.Item label={t('billing.limits.subUsers')}>{m.limits.subUsers}</Descriptions.Item>
              <Descriptions.Item label={t('billing.limits.sms')}>
                <span data-testid="membership-sms">
                  {t('billing.monthUse', { used: m.smsUsed, allowance: m.limits.smsPerMonth, count: m.smsCredits })}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('billing.limits.voice')}>
                <span data-testid="membership-voice">
                  {t('billing.monthUse', {
                    used: m.voiceUsed,
                    allowance: m.limits.voicePerMonth,
                    count: m.voiceCredits,
                  })}
                </span>
              </Descriptions.Item>
            </Descriptions>
          </>
        )}
      </Card>
      <Row gutter={[16, 16]}>
        {([1, 2] as const).map((level) => (
          <Col xs={24} md={12} key={level}>
            <Card
              title={t(`billing.levels.${level}`)}
              extra={
                <Typography.Text strong>
                  {t('billing.perYear', { price: yuan(MEMBERSHIP_PLANS[level].yearPrice) })}
                </Typography.Text>
              }
            >
              <Descriptions
                column={1}
                size="small"
                items={planRows(level).map(([label, value]) => ({ label, children: value }))}
              />
              {mayBuy && (
                <Button
                  type="primary"
                  block
                  style={{ marginTop: 16 }}
                  loading={busy === (level === 1 ? 'member1' : 'neutral')}
                  disabled={!m || m.level > level}
                  onClick={() => buy(level === 1 ? 'member1' : 'neutral')}
                  data-testid={`buy-level-${level}`}
                >
                  {m?.level === level ? t('billing.renew') : t('billing.buy')}
                </Button>
              )}
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={t('billing.packs')}>
        <Space wrap>
          {(Object.keys(MESSAGE_PACKS) as Array<keyof typeof MESSAGE_PACKS>).map((pack) => (
            <Card size="small" key={pack} style={{ width: 220 }}>
              <Flex vertical gap={8}>
                <Typography.Text strong>{t(`billing.products.${pack}`)}</Typography.Text>
                <Typography.Text>{yuan(MESSAGE_PACKS[pack].price)}</Typography.Text>
                {mayBuy && (
                  <Button loading={busy === pack} onClick={() => buy(pack)} data-testid={`buy-${pack}`}>
                    {t('billing.buy')}
                  </Button>
                )}
              </Flex>
            </Card>
          ))}
        </Space>
      </Card>
      {mayBuy && (
        <Card title={t('billing.topUp')}>
          <Space>
            <InputNumber<number>
              min={RECHARGE_MIN / 100}
              max={RECHARGE_MAX / 100}
              precision={2}
              prefix="¥"
              value={topUp}
              onChange={setTopUp}
              style={{ width: 180 }}
              data-testid="top-up-amount"
            />
            <Button
              type="primary"
              disabled={!topUp}
              loading={busy === 'recharge'}
              onClick={() => buy('recharge', Math.round((topUp ?? 0) * 100))}
              data-testid="top-up"
            >
              {t('billing.topUp')}
            </Button>
          </Space>
        </Card>
      )}
      {paying && <PayModal order={paying} onClose={() => setPaying(null)} />}
    </Flex>
  );
}
