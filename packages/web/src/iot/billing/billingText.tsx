import type { OrderStatus, Product } from '@meridian/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OrderStatus, string> = { unpaid: 'gold', paid: 'green', cancelled: 'default', expired: 'red' };

export function OrderStatusTag({ status, testId }: { status: OrderStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid={testId}>
      {t(`billing.statuses.${status}`)}
    </Tag>
  );
}

export function useProductName() {
  const { t } = useTranslation();
  return (product: Product) => t(`billing.products.${product}`);
}
