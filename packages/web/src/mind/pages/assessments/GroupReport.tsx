import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Form, Row, Segmented, Select, Statistic, Table, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { exportGroupReport } from '../downloads/api.ts';
import { ExportButton } from '../downloads/ExportButton.tsx';
import { type GroupBy, type GroupQuery, type GroupReport, groupReportOf } from './api.ts';
import { LazyChart } from './LazyChart.tsx';
import { textIn, useBandLabels, useScaleChoices, useTaskChoices } from './lookups.ts';
import { ScopeFilters } from './ScopeFilters.tsx';

type Group = GroupReport['groups'][number];
const rate = (r: number) => `${Math.round(r * 1000) / 10}%`;
const fixed = (n: number | null, digits = 2) =>
  n === null ? '-' : String(Math.round(n * 10 ** digits) / 10 ** digits);

function groupsChart(groups: Group[], t: (key: string) => string): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: groups.map((g) => g.name), axisLabel: { interval: 0 } },
    yAxis: [
      { type: 'value', name: t('assess.group.positiveRate'), axisLabel: { formatter: '{value}%' }, max: 100 },
      { type: 'value', name: t('assess.group.meanTotal') },
    ],
    series: [
      {
        name: t('assess.group.positiveRate'),
        type: 'bar',
        data: groups.map((g) => Math.round(g.positiveRate * 1000) / 10),
        color: '#ff7875',
        barMaxWidth: 48,
      },
      {
        name: t('assess.group.meanTotal'),
        type: 'bar',
        yAxisIndex: 1,
        data: groups.map((g) => g.meanTotal ?? 0),
        color: '#4096ff',
        barMaxWidth: 48,
      },
    ],
  };
}

function bandsChart(bands: { name: string; value: number }[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      { type: 'pie', radius: ['35%', '65%'], center: ['50%', '45%'], data: bands, label: { formatter: '{c} ({d}%)' } },
    ],
  };
}

interface Values extends Omit<GroupQuery, 'by' | 'scaleId'> {
  scaleId?: number;
}

/**
 * A group report of one scale within the scope: how many answered, the positive (warning) rate,
 * the mean against the scale's norm, the bands, and the same by school, grade, class or gender.
 */
export function GroupReportPanel({ initialTaskId }: { initialTaskId: number | undefined }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const schoolId = Form.useWatch('schoolId', form);
  const gradeId = Form.useWatch('gradeId', form);
  const scales = useScaleChoices();
  const tasks = useTaskChoices();
  const [by, setBy] = useState<GroupBy>('class');
  const [query, setQuery] = useState<Omit<GroupQuery, 'by'> | null>(null);
  const report = useQuery({
    queryKey: ['assess', 'group', query, by],
    queryFn: ({ signal }) => groupReportOf({ ...(query as Omit<GroupQuery, 'by'>), by }, signal),
    enabled: query !== null,
    meta: { silentError: true },
  });
  const bandLabel = useBandLabels(query ? [query.scaleId] : []);
  const data = report.data;
  const bandRows = useMemo(
    () =>
      (data?.bands ?? []).map((b) => ({
        name: b.band === null ? t('assess.group.noBand') : bandLabel(data?.scaleId ?? 0, b.band),
        value: b.count,
      })),
    [data, bandLabel, t],
  );
  const groups = useMemo(
    () =>
      (data?.groups ?? []).map((g) =>
        by === 'gender' ? { ...g, name: t(`assess.group.gender.${g.key}`, { defaultValue: g.name }) } : g,
      ),
    [data, by, t],
  );
  const groupOption = useMemo(() => groupsChart(groups, t), [groups, t]);
  const bandOption = useMemo(() => bandsChart(bandRows), [bandRows]);
  return (
    <div data-testid="group-report">
      <Form<Values>
        form={form}
        layout="inline"
        initialValues={{ taskId: initialTaskId }}
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => {
          if (values.scaleId === undefined) return;
          setQuery({ ...values, scaleId: values.scaleId });
        }}
        onValuesChange={(changed) => {
          if ('schoolId' in changed) form.setFieldsValue({ gradeId: undefined, classId: undefined });
          if ('gradeId' in changed) form.setFieldsValue({ classId: undefined });
        }}
      >
        <Form.Item
          name="scaleId"
          label={t('assess.group.pickScale')}
          rules={[{ required: true, message: t('assess.group.pickScaleHint') }]}
        >
          <Select
            style={{ width: 180 }}
            data-testid="group-scale"
            showSearch={{ optionFilterProp: 'label' }}
            options={(scales.data ?? []).map((s) => ({ value: s.id, label: textIn(s.name) || s.code }))}
          />
        </Form.Item>
        <Form.Item name="taskId" label={t('assess.results.task')}>
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('system.all')}
            options={(tasks.data ?? []).map((task) => ({ value: task.id, label: task.name }))}
          />
        </Form.Item>
        <ScopeFilters schoolId={schoolId} gradeId={gradeId} />
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid="group-run">
            {t('system.search')}
          </Button>
        </Form.Item>
        <Form.Item>
          <ExportButton
            kind="groupReport"
            disabled={query === null}
            start={() => exportGroupReport({ ...(query as Omit<GroupQuery, 'by'>), by })}
          />
        </Form.Item>
      </Form>
      <Segmented<GroupBy>
        value={by}
        onChange={setBy}
        style={{ marginBottom: 16 }}
        options={(['school', 'grade', 'class', 'gender'] as const).map((b) => ({
          value: b,
          label: t(`assess.group.by.${b}`),
        }))}
      />
      {query === null ? (
        <Empty description={t('assess.group.pickScaleHint')} />
      ) : report.isError && !data ? (
        <LoadFailed error={report.error} onRetry={() => report.refetch()} retrying={report.isFetching} />
      ) : report.isPending || !data ? (
        <Card loading />
      ) : data.results === 0 ? (
        <Empty description={t('assess.group.empty')} />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={4}>
              <Statistic title={t('assess.group.results')} value={data.results} />
            </Col>
            <Col xs={12} md={4}>
              <Statistic title={t('assess.group.valid')} value={data.valid} />
            </Col>
            <Col xs={12} md={4}>
              <Statistic title={t('assess.group.positive')} value={data.positive} />
            </Col>
            <Col xs={12} md={4}>
              <Statistic
                title={t('assess.group.positiveRate')}
                value={rate(data.positiveRate)}
                data-testid="group-positive-rate"
              />
            </Col>
            <Col xs={12} md={4}>
              <Statistic title={t('assess.group.meanTotal')} value={fixed(data.meanTotal)} />
            </Col>
            <Col xs={12} md={4}>
              <Statistic title={t('assess.group.normZ')} value={fixed(data.normZ)} />
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('assess.group.norm')}：
            {data.norm
              ? t('assess.group.normValue', { mean: data.norm.mean, sd: data.norm.sd })
              : t('assess.group.noNorm')}
          </Typography.Paragraph>
          <Row gutter={16}>
            <Col xs={24} lg={9}>
              <Card size="small" title={t('assess.group.bands')}>
                <LazyChart
                  option={bandOption}
                  label={t('assess.group.bands')}
                  height={300}
                  testId="group-bands-chart"
                />
              </Card>
            </Col>
            <Col xs={24} lg={15}>
              <Card size="small" title={t('assess.group.groups')}>
                <LazyChart option={groupOption} label={t('assess.group.groups')} height={300} testId="group-chart" />
              </Card>
            </Col>
          </Row>
          <Table<Group>
            rowKey="key"
            size="small"
            style={{ marginTop: 16 }}
            pagination={false}
            dataSource={groups}
            data-testid="group-table"
            columns={[
              { title: t('assess.group.group'), dataIndex: 'name' },
              { title: t('assess.group.results'), dataIndex: 'results', width: 100 },
              { title: t('assess.group.valid'), dataIndex: 'valid', width: 80 },
              { title: t('assess.group.positive'), dataIndex: 'positive', width: 130 },
              { title: t('assess.group.positiveRate'), dataIndex: 'positiveRate', width: 100, render: rate },
              {
                title: t('assess.group.meanTotal'),
                dataIndex: 'meanTotal',
                width: 100,
                render: (v: number | null) => fixed(v),
              },
              {
                title: t('assess.group.normZ'),
                dataIndex: 'normZ',
                width: 130,
                render: (v: number | null) => fixed(v),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
