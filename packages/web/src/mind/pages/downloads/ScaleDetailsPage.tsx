import { Card, Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { type ResultRow, resultPage } from '../assessments/api.ts';
import { useResultColumns } from '../assessments/resultColumns.tsx';
import { exportReport } from './api.ts';
import { ExportButton } from './ExportButton.tsx';
import '../assessments/strings.ts';
import './strings.ts';

/**
 * `/data/scaleDetails/{userId}`: every result of one student (`userId` is the roster id, as in
 * the student file, decision 0034), newest first, each opening its individual report.
 */
export function ScaleDetailsPage() {
  const { t } = useTranslation();
  const studentId = Number(useParams().userId) || null;
  const results = usePagedList<object, ResultRow>(
    ['assess', 'results', { studentId }],
    (paging, signal) => resultPage({ studentId: studentId ?? 0, ...paging }, signal),
    { enabled: studentId !== null },
  );
  const columns = useResultColumns(results.rows);
  if (studentId === null) {
    return (
      <Card>
        <Empty description={t('scaleDetails.missing')} />
      </Card>
    );
  }
  const name = results.rows[0]?.name;
  return (
    <Card
      title={name ? t('scaleDetails.title', { name }) : t('scaleDetails.untitled')}
      extra={<Link to="/data/scaleResult">{t('assess.report.back')}</Link>}
      data-testid="scale-details"
    >
      <PagedTable<ResultRow>
        list={results}
        rowKey="id"
        locale={{ emptyText: t('scaleDetails.empty') }}
        scroll={{ x: 800 }}
        columns={[
          columns.scale,
          columns.total,
          columns.band,
          columns.warning,
          columns.submittedAt,
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 200,
            render: (_v, r) => (
              <Flex gap={8} align="center">
                <Link to={`/data/scaleResultReport?id=${r.id}`} data-testid={`details-report-${r.id}`}>
                  {t('assess.results.report')}
                </Link>
                <ExportButton kind="report" start={() => exportReport(r.id)} testId={`details-export-${r.id}`} />
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  );
}
