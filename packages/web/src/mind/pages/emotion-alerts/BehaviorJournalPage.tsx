import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import '../campus/strings.ts';
import { FilterBar, useBoardFilters } from '../emotion/boards.tsx';
import { type BehaviorJournalDay, behaviorJournal, exportBehaviorJournal } from './api.ts';
import './strings.ts';

/**
 * `/data/behaviorJournal`: a school's day-by-day record (decision 0118): each day's security and
 * emotion alerts, how they stand, and what was done about them; exported to Excel.
 */
export function BehaviorJournalPage() {
  const { t } = useTranslation();
  const can = useCan('/data/behaviorJournal');
  return (
    <ViewGuard may={can('view')} testId="behavior-journal-page" refusal={t('journal.noAccess')}>
      <Journal />
    </ViewGuard>
  );
}

function Journal() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/behaviorJournal');
  const f = useBoardFilters(30);
  const query = { schoolId: f.schoolId, from: f.from, to: f.to };
  const days = useQuery({
    queryKey: ['behaviorJournal', query],
    queryFn: ({ signal }) => behaviorJournal(query, signal),
    enabled: f.schoolsReady,
    meta: { silentError: true },
  });
  const exporting = useMutation({
    mutationFn: () => exportBehaviorJournal(query),
    onSuccess: () => message.success(t('journal.exported')),
    onError: notifyError,
    meta: { silentError: true },
  });
  return (
    <Card data-testid="behavior-journal-page">
      <Flex vertical gap={16}>
        <Flex wrap gap={12} align="center" justify="space-between">
          <FilterBar f={f} period={false} />
          {can('export') && (
            <Button onClick={() => exporting.mutate()} loading={exporting.isPending} data-testid="journal-export">
              {t('journal.export')}
            </Button>
          )}
        </Flex>
        {days.isError ? (
          <LoadFailed error={days.error} onRetry={() => void days.refetch()} retrying={days.isFetching} />
        ) : (
          <Table<BehaviorJournalDay>
            rowKey="day"
            size="small"
            loading={days.isPending && f.schoolsReady}
            dataSource={days.data ?? []}
            pagination={false}
            data-testid="journal-table"
            scroll={{ x: 1000 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('journal.empty')} /> }}
            columns={[
              { title: t('journal.day'), dataIndex: 'day', width: 110 },
              {
                title: t('journal.security'),
                key: 'security',
                width: 220,
                render: (_, d) => (
                  <Flex vertical gap={4}>
                    <Typography.Text>
                      <Typography.Text strong>{d.security.total}</Typography.Text>
                      {d.security.total > 0 && (
                        <Typography.Text type="secondary">
                          {' '}
                          · {t('journal.solved')} {d.security.solved} · {t('journal.falseAlarm')}{' '}
                          {d.security.falseAlarm} · {t('journal.open')} {d.security.open}
                        </Typography.Text>
                      )}
                    </Typography.Text>
                    <Flex wrap gap={4}>
                      {d.security.byType.map((x) => (
                        <Tag key={x.type}>
                          {t(`campus.types.${x.type}`)} {x.count}
                        </Tag>
                      ))}
                    </Flex>
                  </Flex>
                ),
              },
              {
                title: t('journal.emotion'),
                key: 'emotion',
                width: 180,
                render: (_, d) => (
                  <Typography.Text>
                    <Typography.Text strong>{d.emotion.total}</Typography.Text>
                    {d.emotion.total > 0 && (
                      <Typography.Text type="secondary">
                        {' '}
                        · {t('journal.handled')} {d.emotion.handled} · {t('journal.serious')} {d.emotion.serious}
                      </Typography.Text>
                    )}
                  </Typography.Text>
                ),
              },
              {
                title: t('journal.actions'),
                key: 'actions',
                render: (_, d) =>
                  d.actions.length === 0 ? (
                    <Typography.Text type="secondary">{t('journal.none')}</Typography.Text>
                  ) : (
                    <Flex vertical gap={2} data-testid="journal-actions">
                      {d.actions.map((a) => (
                        <Typography.Text key={`${a.kind}-${a.at}-${a.text}`}>
                          <Typography.Text type="secondary">
                            {timeText(a.at)} {a.byName ?? ''}
                          </Typography.Text>{' '}
                          {a.text}
                        </Typography.Text>
                      ))}
                    </Flex>
                  ),
              },
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}
