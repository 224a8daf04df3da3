import { useQuery } from '@tanstack/react-query';
import { Card, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CampusDayReport, myDayReports } from './api.ts';
import './push-strings.ts';

/**
 * The day reports sent to the caller (decision 0136), beside their alert messages: each school's
 * day in a line or two. Nothing is shown to someone who never received one.
 */
export function MyDayReports() {
  const { t } = useTranslation();
  const reports = useQuery({
    queryKey: ['campus', 'dayReports'],
    queryFn: ({ signal }) => myDayReports(signal),
    refetchInterval: 60_000,
  });
  const list = reports.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card size="small" title={t('campusPush.dayReports')} data-testid="day-reports">
      <List<CampusDayReport>
        size="small"
        dataSource={list.slice(0, 3)}
        renderItem={(r) => {
          const events = r.byType?.reduce((n, x) => n + x.count, 0);
          return (
            <List.Item data-testid="day-report-item">
              <Flex vertical gap={6}>
                <Typography.Text strong>
                  {t('campusPush.dayReportTitle', { school: r.schoolName, day: r.day })}
                </Typography.Text>
                <Flex gap={6} wrap>
                  {events !== undefined &&
                    (events === 0 ? (
                      <Tag>{t('campusPush.dayReportNoEvents')}</Tag>
                    ) : (
                      <Tag color="blue">{t('campusPush.dayReportEvents', { count: events })}</Tag>
                    ))}
                  {r.byType
                    ?.filter((x) => x.count > 0)
                    .map((x) => (
                      <Tag key={x.type}>
                        {t(`campus.types.${x.type}`)} {x.count}
                      </Tag>
                    ))}
                  {r.byState?.map((x) => (
                    <Tag key={x.state}>
                      {t(`campus.states.${x.state}`)} {x.count}
                    </Tag>
                  ))}
                  {r.openAlerts !== null && (
                    <Tag color={r.openAlerts > 0 ? 'orange' : 'green'}>
                      {t('campusPush.dayReportOpen', { count: r.openAlerts })}
                    </Tag>
                  )}
                  {r.emotionAlerts !== null && (
                    <Tag color={r.emotionAlerts > 0 ? 'orange' : 'green'}>
                      {t('campusPush.dayReportEmotion', { count: r.emotionAlerts })}
                    </Tag>
                  )}
                </Flex>
              </Flex>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
