import { Card, Empty, Flex, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { type ResultRow, resultPage } from '../assessments/api.ts';
import { textIn, useBandLabels, useScaleChoices } from '../assessments/lookups.ts';
import { exportReport } from './api.ts';
import { ExportButton } from './ExportButton.tsx';
import '../assessments/strings.ts';
import './strings.ts';

const LEVEL_COLOR: Record<string, string> = { red: 'red', orange: 'orange', yellow: 'gold' };

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
  const scales = useScaleChoices();
  const { rows } = results;
  const bandLabel = useBandLabels(rows.map((r) => r.scaleId));
  const scaleName = (id: number) => {
    const s = scales.data?.find((x) => x.id === id);
    return s ? textIn(s.name) || s.code : String(id);
  };
  if (studentId === null) {
    return (
      <Card>
        <Empty description={t('scaleDetails.missing')} />
      </Card>
    );
  }
  const name = rows[0]?.name;
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
          { title: t('assess.results.scale'), key: 'scale', render: (_v, r) => scaleName(r.scaleId) },
          { title: t('assess.results.total'), dataIndex: 'total', width: 80, render: (v: number | null) => v ?? '-' },
          {
            title: t('assess.results.band'),
            key: 'band',
            width: 140,
            render: (_v, r) => bandLabel(r.scaleId, r.band),
          },
          {
            title: t('assess.results.warning'),
            dataIndex: 'warningLevel',
            width: 110,
            render: (level: string | null) =>
              level ? (
                <Tag color={LEVEL_COLOR[level] ?? 'purple'}>
                  {t(`assess.results.level.${level}`, { defaultValue: level })}
                </Tag>
              ) : (
                '-'
              ),
          },
          {
            title: t('assess.results.submittedAt'),
            dataIndex: 'submittedAt',
            width: 150,
            render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
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
