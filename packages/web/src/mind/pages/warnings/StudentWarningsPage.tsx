import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/errors.ts';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { NotFound } from '../../../shared/NotFound.tsx';
import { PageLoading } from '../../../shared/PageLoading.tsx';
import { textIn } from '../assessments/lookups.ts';
import { warningsOfStudent } from './api.ts';
import { LevelTag, StateTag, time, useLevels } from './lookups.tsx';
import { HistoryTimeline } from './WarningPage.tsx';
import './strings.ts';

/** `/data/earlyWarningIntervention/{userId}`: every warning of one student (their id), each with its history. */
export function StudentWarningsPage() {
  const { t } = useTranslation();
  const studentId = Number(useParams().userId);
  const valid = Number.isInteger(studentId) && studentId > 0;
  const levels = useLevels();
  const warnings = useQuery({
    queryKey: ['warn', 'student', studentId],
    queryFn: ({ signal }) => warningsOfStudent(studentId, signal),
    enabled: valid,
    meta: { silentError: true },
    retry: (count, error) => !(error instanceof ApiError && error.httpStatus === 404) && count < 2,
  });
  if (!valid) return <NotFound />;
  if (warnings.isPending) return <PageLoading />;
  if (warnings.isError) {
    if (warnings.error instanceof ApiError && warnings.error.httpStatus === 404) return <NotFound />;
    return <LoadFailed error={warnings.error} onRetry={() => warnings.refetch()} retrying={warnings.isFetching} />;
  }
  const list = warnings.data.warnings;
  const name = list[0]?.studentName ?? '';
  return (
    <Card
      title={name ? t('warn.student.title', { name }) : t('route.earlyWarningIntervention')}
      data-testid="student-warnings"
    >
      {list.length === 0 ? (
        <Empty description={t('warn.student.empty')} />
      ) : (
        <Flex vertical gap={16}>
          {list.map((warning) => (
            <Card
              key={warning.id}
              size="small"
              data-testid="student-warning"
              title={
                <Space>
                  <LevelTag code={warning.level} levels={levels.data} />
                  <StateTag state={warning.state} />
                  <Typography.Text type="secondary">{time(warning.createdAt)}</Typography.Text>
                </Space>
              }
              extra={<Link to={`/data/intervene?id=${warning.id}`}>{t('warn.list.open')}</Link>}
            >
              <Typography.Paragraph>{textIn(warning.reason) || warning.rule}</Typography.Paragraph>
              <HistoryTimeline history={warning.history} />
            </Card>
          ))}
        </Flex>
      )}
    </Card>
  );
}
