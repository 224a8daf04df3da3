import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Flex, Row, Segmented, Select, Statistic, Table, Tag, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifyError } from '../../../shared/feedback.tsx';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { type Progress, remind, taskPage, taskProgress, type Unanswered, unansweredPage } from './api.ts';
import { useCan } from './can.ts';
import { LazyChart } from './LazyChart.tsx';
import './strings.ts';

type By = 'school' | 'grade' | 'class';
type ProgressRow = Progress['rows'][number];

const percent = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 1000) / 10);

/** The completion chart: finished, in progress and not started, stacked per unit. */
function progressChart(rows: ProgressRow[], t: (key: string) => string): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.orgName),
      axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: t('assess.progress.done'),
        type: 'bar',
        stack: 'all',
        barMaxWidth: 56,
        data: rows.map((r) => r.done),
        color: '#52c41a',
      },
      {
        name: t('assess.progress.started'),
        type: 'bar',
        stack: 'all',
        barMaxWidth: 56,
        data: rows.map((r) => r.started),
        color: '#faad14',
      },
      {
        name: t('assess.progress.notStarted'),
        type: 'bar',
        stack: 'all',
        barMaxWidth: 56,
        data: rows.map((r) => Math.max(0, r.total - r.done - r.started)),
        color: '#d9d9d9',
      },
    ],
  };
}

function TaskPicker({ value, onChange }: { value: number | null; onChange(id: number): void }) {
  const { t } = useTranslation();
  const tasks = useQuery({
    queryKey: ['assess', 'tasks', 'picker'],
    queryFn: ({ signal }) => taskPage({ page: 1, size: 100 }, signal),
    meta: { silentError: true },
  });
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 320 }}
      value={value ?? undefined}
      onChange={onChange}
      loading={tasks.isPending}
      placeholder={t('assess.progress.pickTaskHint')}
      data-testid="progress-task"
      options={(tasks.data?.list ?? [])
        .filter((task) => task.state !== 'draft')
        .map((task) => ({ value: task.id, label: task.name }))}
    />
  );
}

/**
 * `/data/progressMonitor?id=`: a task's completion by school, grade or class within the scope, as
 * a chart and a table, with who has not finished and a reminder to all of them.
 */
export function ProgressPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useCan('/data/scaleMeasurement');
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get('id')) || null;
  const [by, setBy] = useState<By>('class');
  const progress = useQuery({
    queryKey: ['assess', 'progress', id, by],
    queryFn: ({ signal }) => taskProgress(id ?? 0, by, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  const missing = usePagedList<object, Unanswered>(
    ['assess', 'unanswered', id],
    (paging, signal) => unansweredPage({ id: id ?? 0, ...paging }, signal),
    { size: 10, enabled: id !== null },
  );
  const sendReminder = useMutation({
    mutationFn: remind,
    onSuccess: (result) => message.success(t('assess.progress.reminded', { count: result.reminded })),
    onError: notifyError,
    meta: { silentError: true },
  });
  const rows = progress.data?.rows ?? [];
  const option = useMemo(() => progressChart(rows, t), [rows, t]);
  const summary = progress.data;
  return (
    <Flex vertical gap={16} data-testid="progress-page">
      <Card>
        <Flex gap={12} align="center" wrap>
          <Typography.Text>{t('assess.progress.pickTask')}</Typography.Text>
          <TaskPicker value={id} onChange={(next) => setSearch({ id: String(next) })} />
          <Segmented<By>
            value={by}
            onChange={setBy}
            options={(['school', 'grade', 'class'] as const).map((b) => ({
              value: b,
              label: t(`assess.progress.by.${b}`),
            }))}
          />
        </Flex>
      </Card>
      {id === null ? (
        <Card>
          <Empty description={t('assess.progress.pickTaskHint')} />
        </Card>
      ) : progress.isError && !progress.data ? (
        <LoadFailed error={progress.error} onRetry={() => progress.refetch()} retrying={progress.isFetching} />
      ) : (
        <>
          <Card loading={progress.isPending}>
            <Row gutter={16}>
              <Col xs={12} md={6}>
                <Statistic title={t('assess.progress.total')} value={summary?.total ?? 0} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('assess.progress.done')} value={summary?.done ?? 0} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('assess.progress.started')} value={summary?.started ?? 0} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic
                  title={t('assess.progress.rate')}
                  value={percent(summary?.done ?? 0, summary?.total ?? 0)}
                  suffix="%"
                  data-testid="progress-rate"
                />
              </Col>
            </Row>
          </Card>
          <Card title={t('assess.progress.chartTitle')}>
            {rows.length === 0 ? (
              <Empty description={t('assess.progress.noRows')} />
            ) : (
              <LazyChart option={option} label={t('assess.progress.chartTitle')} testId="progress-chart" />
            )}
            <Table<ProgressRow>
              rowKey="orgId"
              size="small"
              style={{ marginTop: 16 }}
              pagination={false}
              dataSource={rows}
              locale={{ emptyText: t('assess.progress.noRows') }}
              columns={[
                { title: t('assess.progress.org'), dataIndex: 'orgName' },
                { title: t('assess.progress.total'), dataIndex: 'total', width: 100 },
                { title: t('assess.progress.done'), dataIndex: 'done', width: 100 },
                { title: t('assess.progress.started'), dataIndex: 'started', width: 100 },
                {
                  title: t('assess.progress.rate'),
                  key: 'rate',
                  width: 100,
                  render: (_v, r) => `${percent(r.done, r.total)}%`,
                },
              ]}
            />
          </Card>
          <Card
            title={t('assess.progress.unanswered')}
            extra={
              can('edit') && (
                <Button
                  onClick={() =>
                    modal.confirm({
                      title: t('assess.progress.remind'),
                      content: t('assess.progress.confirmRemind'),
                      okText: t('assess.progress.remind'),
                      cancelText: t('assess.form.cancel'),
                      onOk: () => sendReminder.mutateAsync(id),
                    })
                  }
                  disabled={missing.total === 0}
                  data-testid="progress-remind"
                >
                  {t('assess.progress.remind')}
                </Button>
              )
            }
          >
            <PagedTable<Unanswered>
              list={missing}
              rowKey={(r) => `${r.assigneeId}`}
              size="small"
              locale={{ emptyText: t('assess.progress.unansweredEmpty') }}
              columns={[
                { title: t('assess.progress.name'), dataIndex: 'name' },
                {
                  title: t('assess.progress.studentNo'),
                  dataIndex: 'studentNo',
                  render: (v: string | null) => v ?? '-',
                },
                { title: t('assess.progress.className'), dataIndex: 'orgName', render: (v: string | null) => v ?? '-' },
                {
                  title: t('assess.tasks.state'),
                  dataIndex: 'state',
                  render: (s: Unanswered['state']) => (
                    <Tag color={s === 'started' ? 'orange' : 'default'}>{t(`assess.progress.sheetState.${s}`)}</Tag>
                  ),
                },
              ]}
            />
          </Card>
        </>
      )}
    </Flex>
  );
}
