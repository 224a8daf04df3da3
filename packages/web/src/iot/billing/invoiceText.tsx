import type { DeliveryStatus, InvoiceStatus } from '@meridian/contracts';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvoiceView } from './invoicesApi.ts';

const COLORS: Record<InvoiceStatus, string> = {
  not_applied: 'default',
  applied: 'blue',
  in_audit: 'gold',
  arrived: 'green',
  rejected: 'red',
};

export function InvoiceStatusTag({ status, testId }: { status: InvoiceStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid={testId}>
      {t(`invoices.statuses.${status}`)}
    </Tag>
  );
}

/** Unshipped, or shipped with its tracking number. */
export function DeliveryCell({ invoice }: { invoice: InvoiceView }) {
  const { t } = useTranslation();
  const delivery: DeliveryStatus = invoice.delivery;
  return (
    <Space orientation="vertical" size={0} data-testid={`invoice-delivery-${invoice.id}`}>
      <span>{t(`invoices.deliveries.${delivery}`)}</span>
      {invoice.trackingNumber && (
        <Typography.Text type="secondary" copyable>
          {invoice.trackingNumber}
        </Typography.Text>
      )}
    </Space>
  );
}

export const orderNumbers = (invoice: InvoiceView) => invoice.orders.map((o) => o.number).join(', ');
