import { useQuery } from '@tanstack/react-query';
import { Card, Form, Select, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FilterForm, PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { exportResults } from '../downloads/api.ts';
import { ExportButton } from '../downloads/ExportButton.tsx';
import { scaleInfo } from '../scales/api.ts';
import { type ResultFilter, type ResultRow, resultPage } from './api.ts';
import { GroupReportPanel } from './GroupReport.tsx';
import { textIn, useScaleChoices, useTaskChoices } from './lookups.ts';
import { useResultColumns } from './resultColumns.tsx';
import { ScopeFilters } from './ScopeFilters.tsx';
import './strings.ts';

interface FilterValues extends Omit<ResultFilter, 'warning'> {
  warning?: 'yes' | 'no';
}

/** Results of the scope, filtered by task, scale, school, grade, class, band and warning. */
function ResultList({ initialTaskId }: { initialTaskId: number | undefined }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const schoolId = Form.useWatch('schoolId', form);
  const gradeId = Form.useWatch('gradeId', form);
  const scaleId = Form.useWatch('scaleId', form);
  // Bands belong to a scale: they are offered once a scale is chosen.
  const bands = useQuery({
    queryKey: ['assess', 'scale', scaleId],
    queryFn: ({ signal }) => scaleInfo(scaleId ?? 0, signal),
    enabled: scaleId !== undefined,
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });
  const scales = useScaleChoices();
  const tasks = useTaskChoices();
  const results = usePagedList<ResultFilter, ResultRow>(['assess', 'results'], resultPage, {
    filters: { taskId: initialTaskId },
  });
  const columns = useResultColumns(results.rows);
  const search = (values: FilterValues) => {
    const { warning, band, ...rest } = values;
    results.search({
      ...rest,
      band,
      warning: warning === undefined ? undefined : warning === 'yes',
    });
  };
  return (
    <>
      <FilterForm<FilterValues>
        form={form}
        initialValues={{ taskId: initialTaskId }}
        onValuesChange={(changed) => {
          if ('schoolId' in changed) form.setFieldsValue({ gradeId: undefined, classId: undefined });
          if ('gradeId' in changed) form.setFieldsValue({ classId: undefined });
          if ('scaleId' in changed) form.setFieldsValue({ band: undefined });
        }}
        onSearch={search}
        onReset={() => {
          form.setFieldsValue({ taskId: undefined });
        }}
      >
        <Form.Item name="taskId" label={t('assess.results.task')}>
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('system.all')}
            options={(tasks.data ?? []).map((task) => ({ value: task.id, label: task.name }))}
          />
        </Form.Item>
        <Form.Item name="scaleId" label={t('assess.results.scale')}>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('system.all')}
            options={(scales.data ?? []).map((s) => ({ value: s.id, label: textIn(s.name) || s.code }))}
          />
        </Form.Item>
        <ScopeFilters schoolId={schoolId} gradeId={gradeId} />
        <Form.Item name="band" label={t('assess.results.band')}>
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={scaleId === undefined ? t('assess.results.bandHint') : t('system.all')}
            disabled={scaleId === undefined}
            options={(bands.data?.definition?.bands ?? []).map((b) => ({ value: b.id, label: textIn(b.label) }))}
          />
        </Form.Item>
        <Form.Item name="warning" label={t('assess.results.warning')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('system.all')}
            options={[
              { value: 'yes', label: t('assess.results.warningYes') },
              { value: 'no', label: t('assess.results.warningNo') },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <ExportButton kind="results" start={() => exportResults(results.filters)} />
        </Form.Item>
      </FilterForm>
      <PagedTable<ResultRow>
        list={results}
        rowKey="id"
        data-testid="result-table"
        locale={{ emptyText: t('assess.results.empty') }}
        scroll={{ x: 900 }}
        columns={[
          { title: t('assess.results.name'), dataIndex: 'name', width: 120 },
          { ...columns.scale, width: 160 },
          columns.total,
          columns.band,
          columns.warning,
          {
            title: t('assess.results.valid'),
            dataIndex: 'valid',
            width: 80,
            render: (valid: boolean) =>
              valid ? t('assess.results.validYes') : <Tag>{t('assess.results.validNo')}</Tag>,
          },
          columns.submittedAt,
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 80,
            render: (_v, r) => (
              <Link to={`/data/scaleResultReport?id=${r.id}`} data-testid={`result-report-${r.id}`}>
                {t('assess.results.report')}
              </Link>
            ),
          },
        ]}
      />
    </>
  );
}

/** `/data/scaleResult` (and the teacher and other-rater results): the results list and the group report. */
export function ResultsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const taskId = Number(search.get('taskId')) || undefined;
  const tab = search.get('tab') === 'group' ? 'group' : 'list';
  return (
    <Card data-testid="results-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(search);
          if (key === 'group') next.set('tab', 'group');
          else next.delete('tab');
          setSearch(next, { replace: true });
        }}
        items={[
          { key: 'list', label: t('assess.results.tab'), children: <ResultList initialTaskId={taskId} /> },
          { key: 'group', label: t('assess.results.groupTab'), children: <GroupReportPanel initialTaskId={taskId} /> },
        ]}
      />
    </Card>
  );
}
