import { REPORT_SECTIONS, type StatisticsQuery } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Empty, Flex, Form, Row, Select, Statistic, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { FilterForm } from '../../../shared/lists/PagedList.tsx';
import { useSchools } from '../../../shared/people/SchoolSelect.tsx';
import { LazyChart } from '../assessments/LazyChart.tsx';
import { textIn, useTaskChoices } from '../assessments/lookups.ts';
import { ExportButton } from '../downloads/ExportButton.tsx';
import { exportStatistics, type StatisticsReport, schoolYears, statisticsOf } from './api.ts';
import './strings.ts';
import '../templates/strings.ts';

const BAND_COLOURS = ['#52c41a', '#1677ff', '#faad14', '#fa541c', '#cf1322', '#722ed1', '#8c8c8c'];

interface Values {
  taskId?: number;
  semesterId?: number;
  period?: [Dayjs, Dayjs] | null;
  schoolId?: number;
}

function bandsChart(bands: StatisticsReport['bands']): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: bands.rows.map((r) => r.name) },
    yAxis: { type: 'value', minInterval: 1 },
    series: bands.bands.map((b, i) => ({
      name: textIn(b.label) || b.id,
      type: 'bar',
      stack: 'bands',
      barMaxWidth: 56,
      color: BAND_COLOURS[i % BAND_COLOURS.length],
      data: bands.rows.map((r) => r.counts[b.id] ?? 0),
    })),
  };
}

function levelsChart(levels: StatisticsReport['warnings']['levels']): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: levels.map((l) => textIn(l.name) || l.code) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        barMaxWidth: 56,
        data: levels.map((l) => ({ value: l.total, itemStyle: { color: l.colour } })),
      },
    ],
  };
}

/** The query a choice asks for: a period from the picker (a semester fills it), the task, the school. */
function queryOf(values: Values): StatisticsQuery {
  const [start, end] = values.period ?? [];
  return {
    taskId: values.taskId,
    schoolId: values.schoolId,
    from: start ? start.startOf('day').valueOf() : undefined,
    to: end ? end.add(1, 'day').startOf('day').valueOf() : undefined,
  };
}

/**
 * `/data/report`: the statistical report of a task, a semester or a period, for one school or the
 * whole scope: coverage, results by band and grade, warnings by level, each school; exported as a
 * PDF or an xlsx through the download center.
 */
export function StatisticsPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const tasks = useTaskChoices();
  const schools = useSchools();
  const years = useQuery({
    queryKey: ['reports', 'schoolYears'],
    queryFn: ({ signal }) => schoolYears(signal),
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });
  const semesters = useMemo(
    () =>
      (years.data ?? []).flatMap((y) =>
        y.semesters.map((s) => ({ value: s.id, label: `${y.name} ${s.name}`, start: s.startDate, end: s.endDate })),
      ),
    [years.data],
  );
  const [query, setQuery] = useState<StatisticsQuery>({});
  const report = useQuery({
    queryKey: ['reports', 'statistics', query],
    queryFn: ({ signal }) => statisticsOf(query, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  const data = report.data;
  const k = (key: string) => t(`reports.stats.${key}`);
  return (
    <Flex vertical gap={16} data-testid="statistics-page">
      <Card title={<Typography.Text type="secondary">{k('hint')}</Typography.Text>}>
        <FilterForm<Values>
          form={form}
          searchTestId="statistics-show"
          onValuesChange={(changed: Partial<Values>) => {
            // A semester fills the period; a period chosen by hand is no longer that semester.
            if ('semesterId' in changed) {
              const chosen = semesters.find((x) => x.value === changed.semesterId);
              form.setFieldsValue({ period: chosen ? [dayjs(chosen.start), dayjs(chosen.end)] : null });
            }
            if ('period' in changed) form.setFieldsValue({ semesterId: undefined });
          }}
          onSearch={(values) => setQuery(queryOf(values))}
          onReset={() => setQuery({})}
        >
          <Form.Item name="taskId" label={k('task')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              data-testid="statistics-task"
              style={{ width: 220 }}
              placeholder={k('anyTask')}
              loading={tasks.isPending}
              options={(tasks.data ?? []).map((task) => ({ value: task.id, label: task.name }))}
            />
          </Form.Item>
          <Form.Item name="semesterId" label={k('semester')}>
            <Select
              allowClear
              style={{ width: 200 }}
              data-testid="statistics-semester"
              loading={years.isPending}
              options={semesters.map(({ value, label }) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item name="period" label={k('period')}>
            <DatePicker.RangePicker style={{ width: 240 }} data-testid="statistics-period" />
          </Form.Item>
          <Form.Item name="schoolId" label={k('school')}>
            <Select
              allowClear
              style={{ width: 180 }}
              data-testid="statistics-school"
              placeholder={k('allSchools')}
              loading={schools.isPending}
              options={(schools.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))}
            />
          </Form.Item>
        </FilterForm>
      </Card>
      {report.isError ? (
        <LoadFailed error={report.error} onRetry={() => report.refetch()} retrying={report.isFetching} />
      ) : !data ? (
        <Card loading />
      ) : data.empty ? (
        <Card>
          <Empty description={k('empty')} data-testid="statistics-empty" />
        </Card>
      ) : (
        <Figures data={data} query={query} onScale={(scaleId) => setQuery({ ...query, scaleId })} />
      )}
    </Flex>
  );
}

function Figures({
  data,
  query,
  onScale,
}: {
  data: StatisticsReport;
  query: StatisticsQuery;
  onScale(scaleId: number): void;
}) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`reports.stats.${key}`, values ?? {});
  const totals = data.schools.totals;
  const coverage = totals.assigned === 0 ? '-' : `${Math.round((totals.done / totals.assigned) * 1000) / 10}%`;
  const figures: [string, number | string][] = [
    ['assigned', totals.assigned],
    ['done', totals.done],
    ['coverage', coverage],
    ['results', totals.results],
    ['warned', totals.warned],
    ['warnings', totals.warnings],
    ['openWarnings', totals.openWarnings],
  ];
  const bands = data.bands;
  // The sections of the template the school's bureau chose (decision 0132); several schools get them all.
  const shows = new Set<string>(REPORT_SECTIONS[data.template]);
  const title = [data.school?.name ?? k('allSchools'), data.task?.name].filter(Boolean).join(' · ');
  return (
    <>
      <Card
        title={
          <Flex gap={8} align="center" wrap>
            <span data-testid="statistics-title">{title}</span>
            {data.template !== 'full' && (
              <Tag color="blue" data-testid="statistics-template">
                {t(`templates.reports.names.${data.template}`)}
              </Tag>
            )}
          </Flex>
        }
        extra={
          <Flex gap={8} wrap>
            <ExportButton
              kind="statistics"
              access="/data/report"
              testId="statistics-export-pdf"
              start={() => exportStatistics({ ...query, format: 'pdf' })}
            />
            <ExportButton
              kind="statisticsSheet"
              access="/data/report"
              testId="statistics-export-xlsx"
              start={() => exportStatistics({ ...query, format: 'xlsx' })}
            />
          </Flex>
        }
      >
        <Row gutter={[16, 16]}>
          {figures.map(([key, value]) => (
            <Col xs={12} sm={8} md={6} lg={3} key={key} style={{ minWidth: 140 }}>
              <Statistic title={k(key)} value={value} data-testid={`statistics-${key}`} />
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={[16, 16]} data-testid={`statistics-template-${data.template}`}>
        {shows.has('bands') && (
          <Col xs={24} xl={shows.has('levels') ? 14 : 24}>
            <Card
              title={k('bandsTitle')}
              extra={
                bands.scales.length > 1 && (
                  <Select
                    style={{ width: 200 }}
                    value={bands.scale?.id}
                    onChange={onScale}
                    data-testid="statistics-scale"
                    options={bands.scales.map((x) => ({ value: x.id, label: textIn(x.name) }))}
                  />
                )
              }
            >
              {bands.scale && (
                <Typography.Paragraph type="secondary">
                  {k('scale')}：{textIn(bands.scale.name)}
                </Typography.Paragraph>
              )}
              <LazyChart
                option={bandsChart(bands)}
                label={k('bandsChart')}
                height={300}
                testId="statistics-bands-chart"
              />
              <Table
                size="small"
                rowKey="name"
                pagination={false}
                data-testid="statistics-bands"
                dataSource={bands.rows}
                scroll={{ x: true }}
                columns={[
                  { title: k('grade'), dataIndex: 'name' },
                  ...bands.bands.map((b) => ({
                    title: textIn(b.label) || b.id,
                    key: b.id,
                    render: (_: unknown, r: (typeof bands.rows)[number]) => r.counts[b.id] ?? 0,
                  })),
                  { title: k('total'), dataIndex: 'total' },
                ]}
              />
            </Card>
          </Col>
        )}
        {shows.has('levels') && (
          <Col xs={24} xl={shows.has('bands') ? 10 : 24}>
            <Card title={k('levelsTitle')} data-testid="statistics-levels-card">
              <LazyChart
                option={levelsChart(data.warnings.levels)}
                label={k('levelsChart')}
                height={240}
                testId="statistics-levels-chart"
              />
              <Table
                size="small"
                rowKey="code"
                pagination={false}
                data-testid="statistics-levels"
                dataSource={data.warnings.levels}
                columns={[
                  { title: k('level'), key: 'name', render: (_: unknown, l) => textIn(l.name) || l.code },
                  { title: k('warnings'), dataIndex: 'total' },
                  { title: k('open'), dataIndex: 'open' },
                ]}
              />
              {data.warnings.meanHandlingHours !== null && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                  {k('meanHours', { hours: data.warnings.meanHandlingHours })}
                </Typography.Paragraph>
              )}
            </Card>
          </Col>
        )}
      </Row>
      {shows.has('schools') && (
        <Card title={k('schoolsTitle')}>
          <Table
            size="small"
            rowKey="schoolId"
            pagination={false}
            data-testid="statistics-schools"
            dataSource={data.schools.schools}
            scroll={{ x: true }}
            columns={[
              { title: k('school'), dataIndex: 'name' },
              { title: k('assigned'), dataIndex: 'assigned' },
              { title: k('done'), dataIndex: 'done' },
              { title: k('results'), dataIndex: 'results' },
              { title: k('warned'), dataIndex: 'warned' },
              { title: k('warnings'), dataIndex: 'warnings' },
              { title: k('openWarnings'), dataIndex: 'openWarnings' },
            ]}
          />
        </Card>
      )}
    </>
  );
}
