import { UploadOutlined } from '@ant-design/icons';
import { Button, Card, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { useCan } from '../assessments/can.ts';
import { type InterviewResultFilter, type InterviewResultRow, interviewResultPage } from './api.ts';
import { InterviewImportDialog } from './ImportDialog.tsx';
import './strings.ts';

/**
 * `/data/AIScaleResult`: the finished AI interviews of the caller's scope, each opening its report;
 * holders of the AI assessment's `add` grant import prior records here (decision 0145).
 */
export function InterviewResultsPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const taskId = Number(search.get('taskId')) || undefined;
  const results = usePagedList<InterviewResultFilter, InterviewResultRow>(
    ['interview', 'results'],
    interviewResultPage,
    { filters: { taskId } },
  );
  const can = useCan('/data/AIScaleMeasurement');
  const [importing, setImporting] = useState(false);
  return (
    <Card
      data-testid="interview-results"
      extra={
        can('add') ? (
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="interview-import-open">
            {t('interview.importer.open')}
          </Button>
        ) : null
      }
    >
      <InterviewImportDialog open={importing} onClose={() => setImporting(false)} />
      <PagedTable<InterviewResultRow>
        list={results}
        rowKey="resultId"
        locale={{ emptyText: t('interview.results.empty') }}
        scroll={{ x: 900 }}
        columns={[
          { title: t('interview.results.student'), dataIndex: 'studentName', width: 110 },
          { title: t('interview.results.className'), dataIndex: 'className', width: 120 },
          { title: t('interview.results.task'), dataIndex: 'taskName', width: 160 },
          { title: t('interview.results.scale'), dataIndex: 'scaleName', width: 200 },
          { title: t('interview.results.total'), dataIndex: 'total', width: 70 },
          {
            title: t('interview.results.warning'),
            dataIndex: 'warningLevel',
            width: 110,
            render: (level: string | null, row) =>
              level || row.crisis ? (
                <>
                  {level ? <Tag color={level}>{level}</Tag> : null}
                  {row.crisis ? (
                    <Tooltip title={t('interview.results.crisisHint')}>
                      <Tag color="red" data-testid="interview-crisis">
                        {t('interview.results.crisis')}
                      </Tag>
                    </Tooltip>
                  ) : null}
                </>
              ) : (
                '-'
              ),
          },
          {
            title: t('interview.results.corrections'),
            dataIndex: 'corrections',
            width: 80,
            render: (n: number) => (n > 0 ? n : '-'),
          },
          {
            title: t('interview.results.submittedAt'),
            dataIndex: 'submittedAt',
            width: 150,
            render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 90,
            render: (_v, row) => (
              <Link to={`/data/AIScaleResultReport?resultId=${row.resultId}`} data-testid="interview-report-link">
                {t('interview.results.report')}
              </Link>
            ),
          },
        ]}
      />
    </Card>
  );
}
