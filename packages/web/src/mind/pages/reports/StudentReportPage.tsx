import type { WarningState } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Flex, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { textIn } from '../assessments/lookups.ts';
import { ExportButton } from '../downloads/ExportButton.tsx';
import { LevelTag, StateTag, time, useLevels } from '../warnings/lookups.tsx';
import { exportStudentReport, type StudentReport, studentReportOf } from './api.ts';
import './strings.ts';

type Result = StudentReport['results'][number];

/** A result's total against its scale's norm, in words a teacher reads. */
function NormCell({ r }: { r: Result }) {
  const { t } = useTranslation();
  if (!r.norm) return <Typography.Text type="secondary">{t('reports.student.noNorm')}</Typography.Text>;
  if (r.z === null) return <>-</>;
  return (
    <Typography.Text type={Math.abs(r.z) >= 2 ? 'danger' : undefined}>
      {t('reports.student.z', { z: r.z, mean: r.norm.mean, sd: r.norm.sd })}
    </Typography.Text>
  );
}

/**
 * `/data/studentReport?studentId=`: one student's assessments (each against its scale's norm) and
 * warnings, as a table and one time line, exported as a PDF. A read of the file, audited by the server.
 */
export function StudentReportPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const studentId = Number(search.get('studentId')) || null;
  const levels = useLevels();
  const report = useQuery({
    queryKey: ['reports', 'student', studentId],
    queryFn: ({ signal }) => studentReportOf(studentId ?? 0, signal),
    enabled: studentId !== null,
    meta: { silentError: true },
  });
  if (studentId === null) {
    return (
      <Card>
        <Empty description={t('reports.student.missing')} />
      </Card>
    );
  }
  if (report.isError)
    return <LoadFailed error={report.error} onRetry={() => report.refetch()} retrying={report.isFetching} />;
  const data = report.data;
  if (!data) return <Card loading />;
  const events = [
    ...data.results.map((r) => ({
      at: r.submittedAt,
      key: `r${r.id}`,
      color: r.warningLevel ? (levels.data?.find((l) => l.code === r.warningLevel)?.colour ?? 'red') : 'blue',
      children: (
        <Flex gap={8} wrap align="center">
          <Typography.Text type="secondary">{time(r.submittedAt)}</Typography.Text>
          <Link to={`/data/scaleResultReport?id=${r.id}`}>{textIn(r.scaleName)}</Link>
          <span>
            {t('reports.student.total')} {r.total ?? '-'}
          </span>
          {r.band && <Tag>{textIn(r.band.label)}</Tag>}
          {r.warningLevel && <LevelTag code={r.warningLevel} levels={levels.data} />}
        </Flex>
      ),
    })),
    ...data.warnings.map((w) => ({
      at: w.createdAt,
      key: `w${w.id}`,
      color: levels.data?.find((l) => l.code === w.level)?.colour ?? 'red',
      children: (
        <Flex gap={8} wrap align="center">
          <Typography.Text type="secondary">{time(w.createdAt)}</Typography.Text>
          <LevelTag code={w.level} levels={levels.data} />
          <StateTag state={w.state as WarningState} />
          <Link to={`/data/earlyWarningIntervention/${data.student.id}`}>{textIn(w.reason ?? undefined) || '-'}</Link>
        </Flex>
      ),
    })),
  ].sort((a, b) => a.at - b.at);
  return (
    <Flex vertical gap={16} data-testid="student-report">
      <Card
        title={<span data-testid="student-report-name">{t('reports.student.title', { name: data.student.name })}</span>}
        extra={
          <Flex gap={12} align="center" wrap>
            <ExportButton
              kind="studentReport"
              access="/data/studentFile"
              testId="student-report-export"
              start={() => exportStudentReport(data.student.id)}
            />
            <Link to={`/data/studentFileDetails/${data.student.id}`}>{t('reports.student.file')}</Link>
          </Flex>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={t('reports.student.studentNo')}>{data.student.studentNo ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('reports.student.place')}>
            {data.student.schoolName} {data.student.className}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('reports.student.results')}>
        <Table<Result>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: true }}
          data-testid="student-report-results"
          locale={{ emptyText: t('reports.student.noResults') }}
          dataSource={data.results}
          columns={[
            { title: t('reports.student.when'), dataIndex: 'submittedAt', render: (at: number) => time(at) },
            {
              title: t('reports.student.scale'),
              key: 'scale',
              render: (_v, r) => <Link to={`/data/scaleResultReport?id=${r.id}`}>{textIn(r.scaleName)}</Link>,
            },
            { title: t('reports.student.total'), dataIndex: 'total', render: (v: number | null) => v ?? '-' },
            {
              title: t('reports.student.band'),
              key: 'band',
              render: (_v, r) => (r.valid ? (r.band ? textIn(r.band.label) : '-') : t('reports.student.invalid')),
            },
            {
              title: t('reports.student.warning'),
              key: 'warning',
              render: (_v, r) => (r.warningLevel ? <LevelTag code={r.warningLevel} levels={levels.data} /> : '-'),
            },
            { title: t('reports.student.norm'), key: 'norm', render: (_v, r) => <NormCell r={r} /> },
          ]}
        />
      </Card>
      <Card title={t('reports.student.timeline')}>
        {events.length === 0 ? (
          <Empty description={t('reports.student.noResults')} />
        ) : (
          <Timeline data-testid="student-report-timeline" items={events} />
        )}
      </Card>
    </Flex>
  );
}
