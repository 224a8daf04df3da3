import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { textIn } from '../assessments/lookups.ts';
import { LevelTag, time, useLevels } from '../warnings/lookups.tsx';
import { type InsightDetail, insightDetailOf } from './api.ts';
import { InsightRules, ReasonTag } from './InsightPage.tsx';
import './strings.ts';

type Evidence = InsightDetail['evidence'][number];

/** Where a record opens: a warning in the student's warnings, a result in its report, an interview in the records. */
function linkOf(e: Evidence, studentId: number): string | null {
  switch (e.kind) {
    case 'warning':
      return `/data/earlyWarningIntervention/${studentId}`;
    case 'result':
      return `/data/scaleResultReport?id=${e.id}`;
    case 'interview':
      return '/data/interview';
    case 'mood':
      return null;
  }
}

/** `/data/studentInsightDetailInfo?studentId=`: the student's reasons and every record behind them. */
export function InsightDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const studentId = Number(search.get('studentId')) || null;
  const levels = useLevels();
  const detail = useQuery({
    queryKey: ['reports', 'insight', studentId],
    queryFn: ({ signal }) => insightDetailOf(studentId ?? 0, signal),
    enabled: studentId !== null,
    meta: { silentError: true },
  });
  if (studentId === null) {
    return (
      <Card>
        <Empty description={t('reports.insight.missing')} />
      </Card>
    );
  }
  if (detail.isError)
    return <LoadFailed error={detail.error} onRetry={() => detail.refetch()} retrying={detail.isFetching} />;
  const data = detail.data;
  if (!data) return <Card loading />;
  const counted = new Set(data.reasons.map((r) => r.rule));
  return (
    <Flex vertical gap={16} data-testid="insight-detail">
      <Card
        title={
          <Flex gap={12} align="center" wrap>
            <span data-testid="insight-detail-name">{data.name}</span>
            <Typography.Text type="secondary">
              {data.schoolName} {data.className}
            </Typography.Text>
          </Flex>
        }
        extra={
          <Flex gap={12} wrap>
            <Link to={`/data/studentReport?studentId=${data.studentId}`}>{t('reports.insight.report')}</Link>
            <a
              href={`/jdp/mindProfile?studentId=${data.studentId}`}
              target="_blank"
              rel="noopener"
              data-testid="insight-profile"
            >
              {t('route.mindProfile')}
            </a>
            <Link to="/data/studentInsight">{t('reports.insight.back')}</Link>
          </Flex>
        }
      >
        <Flex gap={8} wrap align="center">
          <Typography.Text strong>
            {t('reports.insight.points')}: {data.points}
          </Typography.Text>
          {data.reasons.map((r) => (
            <ReasonTag key={r.rule} reason={r} />
          ))}
        </Flex>
      </Card>
      <Card title={t('reports.insight.evidence')}>
        <Table<Evidence>
          size="small"
          rowKey={(e) => `${e.kind}-${e.id}`}
          pagination={false}
          scroll={{ x: true }}
          data-testid="insight-evidence"
          dataSource={data.evidence}
          columns={[
            { title: t('reports.student.when'), dataIndex: 'at', width: 150, render: (at: number) => time(at) },
            {
              title: t('reports.insight.kindLabel'),
              key: 'kind',
              width: 110,
              render: (_v, e) => t(`reports.insight.kind.${e.kind}`),
            },
            {
              title: t('reports.insight.rule'),
              key: 'rule',
              width: 180,
              render: (_v, e) => (
                <Flex vertical>
                  <span>{t(`reports.insight.ruleName.${e.rule}`)}</span>
                  {!counted.has(e.rule) && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('reports.insight.notCounted')}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            {
              title: t('reports.stats.level'),
              key: 'level',
              render: (_v, e) => {
                if (e.kind === 'mood') return t('reports.insight.mood', { mood: e.level });
                return e.level ? <LevelTag code={e.level} levels={levels.data} /> : '-';
              },
            },
            { title: t('reports.insight.text'), key: 'text', render: (_v, e) => textIn(e.text ?? undefined) || '-' },
            {
              title: t('system.actions'),
              key: 'open',
              width: 140,
              render: (_v, e) => {
                const to = linkOf(e, data.studentId);
                return to ? <Link to={to}>{t('reports.insight.openRecord')}</Link> : null;
              },
            },
          ]}
        />
      </Card>
      <InsightRules />
    </Flex>
  );
}
