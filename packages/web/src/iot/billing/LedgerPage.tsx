import type { LedgerReason } from '@meridian/contracts';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { time } from '../workorders/orderText.tsx';
import { type LedgerEntryView, type LedgerFilters, listLedger, yuan } from './api.ts';
import { useProductName } from './billingText.tsx';

/**
 * The balance ledger: recharge records (money in, `reason` recharge) or settlement details (every
 * change), each with the order behind it and the balance after it.
 */
export function LedgerPage({ reason }: { reason?: LedgerReason }) {
  const { t } = useTranslation();
  const productName = useProductName();
  const list = usePagedList<LedgerFilters, LedgerEntryView>(['iot', 'billing', 'ledger', reason ?? 'all'], listLedger, {
    filters: reason ? { reason } : {},
  });
  return (
    <Card title={t(reason ? 'menu.billing.recharge' : 'menu.billing.settlement')} data-testid="ledger-page">
      <PagedTable<LedgerEntryView>
        list={list}
        rowKey="id"
        data-testid="ledger-table"
        locale={{ emptyText: t(reason ? 'billing.ledger.emptyRecharge' : 'billing.ledger.empty') }}
        columns={[
          { title: t('billing.ledger.at'), key: 'at', width: 170, render: (_v, row) => time(row.at) },
          {
            title: t('billing.ledger.reason'),
            key: 'reason',
            width: 110,
            render: (_v, row) => t(`billing.reasons.${row.reason}`),
          },
          {
            title: t('billing.ledger.delta'),
            key: 'delta',
            width: 130,
            render: (_v, row) => (
              <Typography.Text type={row.delta < 0 ? 'danger' : 'success'}>
                {row.delta > 0 ? '+' : '-'}
                {yuan(Math.abs(row.delta))}
              </Typography.Text>
            ),
          },
          {
            title: t('billing.ledger.balanceAfter'),
            key: 'balanceAfter',
            width: 130,
            render: (_v, row) => yuan(row.balanceAfter),
          },
          { title: t('billing.orders.number'), dataIndex: 'orderNumber', key: 'order', width: 200 },
          {
            title: t('billing.orders.items'),
            key: 'product',
            render: (_v, row) => (row.product ? productName(row.product) : '-'),
          },
        ]}
      />
    </Card>
  );
}

export const RechargePage = () => <LedgerPage reason="recharge" />;
export const SettlementPage = () => <LedgerPage />;
