import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Form, Radio, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { onlineRateOf } from './api.ts';
import { DeviceSelect } from './DeviceSelect.tsx';
import { onlineRateOption, percent } from './history.ts';
import { LazyChart } from './LazyChart.tsx';

const SPANS = ['7d', '30d'] as const;
type Span = (typeof SPANS)[number];

/** DTU online rate: the share of each day a device was online, as a bar per day, and over the whole range. */
export function OnlineRatePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fromAddress = Number(params.get('device'));
  const [deviceId, setDeviceId] = useState<number | null>(fromAddress > 0 ? fromAddress : null);
  const [span, setSpan] = useState<Span>('7d');
  // Whole days, today included: from the start of the first day until now.
  const range = useMemo(
    () => ({
      from: dayjs()
        .startOf('day')
        .subtract(span === '7d' ? 6 : 29, 'day')
        .valueOf(),
      to: Date.now(),
    }),
    [span],
  );
  const rate = useQuery({
    queryKey: ['iot', 'online-rate', deviceId, range],
    queryFn: ({ signal }) => onlineRateOf(deviceId ?? 0, range, signal),
    enabled: deviceId !== null,
    meta: { silentError: true },
  });
  const option = useMemo(() => (rate.data ? onlineRateOption(rate.data, t('data.rate.rate')) : null), [rate.data, t]);
  return (
    <Flex vertical gap={16} data-testid="online-rate-page">
      <Card>
        <Form layout="inline" style={{ rowGap: 12 }}>
          <Form.Item label={t('data.device')}>
            <DeviceSelect
              value={deviceId ?? undefined}
              style={{ width: 260 }}
              onChange={(id: number | undefined) => {
                setDeviceId(id ?? null);
                setParams(id ? { device: String(id) } : {}, { replace: true });
              }}
            />
          </Form.Item>
          <Form.Item>
            <Radio.Group
              optionType="button"
              value={span}
              onChange={(event) => setSpan(event.target.value as Span)}
              options={SPANS.map((s) => ({ value: s, label: t(`data.quick.${s}`) }))}
            />
          </Form.Item>
        </Form>
      </Card>
      <Card>
        {deviceId === null ? (
          <Empty description={t('data.history.pickDevice')} />
        ) : rate.isError ? (
          <LoadFailed error={rate.error} onRetry={() => rate.refetch()} retrying={rate.isFetching} />
        ) : rate.data && option ? (
          <Flex vertical gap={16}>
            <Statistic
              title={t('data.rate.overall')}
              value={percent(rate.data.rate)}
              data-testid="online-rate-overall"
            />
            <LazyChart option={option} height={320} testId="online-rate-chart" />
          </Flex>
        ) : (
          <Empty description={t('data.loading')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>
    </Flex>
  );
}
