import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Skeleton, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { useCan } from '../assessments/can.ts';
import { LazyChart } from '../assessments/LazyChart.tsx';
import { type EmotionBoard, type EmotionLogRow, emotionLogOf, emotionRecord } from './api.ts';
import {
  BoardState,
  classesChart,
  classTrendChart,
  DistributionBar,
  dominant,
  FilterBar,
  hoursChart,
  percent,
  pieChart,
  Section,
  Totals,
  trendChart,
  useBoard,
  useBoardFilters,
} from './boards.tsx';

/** The boards' guard: roles 1 and 2 hold `/data/schoolEmotion` (decision 0100). */
function BoardsGuard({ testId, children }: { testId: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const can = useCan('/data/schoolEmotion');
  return (
    <ViewGuard may={can('view')} testId={testId} refusal={t('emotion.noBoards')}>
      {children}
    </ViewGuard>
  );
}

function Privacy() {
  const { t } = useTranslation();
  return <Typography.Text type="secondary">{t('emotion.privacy')}</Typography.Text>;
}

/** The classes of a board with their shares, each opening its detail. */
function ClassTable({ board, from, to }: { board: EmotionBoard; from: string; to: string }) {
  const { t } = useTranslation();
  return (
    <Table
      data-testid="emotion-class-table"
      rowKey="classId"
      size="small"
      pagination={false}
      scroll={{ x: 640 }}
      dataSource={board.classes}
      columns={[
        { title: t('emotion.className'), dataIndex: 'className', width: 140 },
        { title: t('emotion.samples'), dataIndex: 'samples', width: 90 },
        { title: t('emotion.negative'), dataIndex: 'negative', width: 110, render: (v: number) => percent(v) },
        {
          title: t('emotion.dominant'),
          key: 'dominant',
          width: 100,
          render: (_, c) => t(`emotion.names.${dominant(c)}`),
        },
        { title: t('emotion.distribution'), key: 'distribution', render: (_, c) => <DistributionBar total={c} /> },
        {
          title: t('emotion.detail'),
          key: 'open',
          width: 80,
          render: (_, c) => (
            <Link
              to={`/data/classEmotionDetail?classId=${c.classId}&from=${from}&to=${to}`}
              data-testid="emotion-class-open"
            >
              {t('emotion.detail')}
            </Link>
          ),
        },
      ]}
    />
  );
}

/** `/data/schoolEmotion`: a school's emotion trend by day, week or month, and its classes compared. */
export function SchoolEmotionPage() {
  return (
    <BoardsGuard testId="school-emotion-page">
      <SchoolBoard />
    </BoardsGuard>
  );
}

function SchoolBoard() {
  const { t } = useTranslation();
  const f = useBoardFilters(30);
  const board = useBoard({ schoolId: f.schoolId, from: f.from, to: f.to, by: f.by }, f.schoolId !== undefined);
  const charts = useMemo(
    () => board.data && { trend: trendChart(board.data, t), classes: classesChart(board.data, t) },
    [board.data, t],
  );
  return (
    <Flex vertical gap={16} data-testid="school-emotion-page">
      <Card>
        <Flex vertical gap={12}>
          <FilterBar f={f} />
          <Privacy />
        </Flex>
      </Card>
      <BoardState board={board}>
        {(data) => (
          <Flex vertical gap={16}>
            <Card>
              <Totals total={data.total} />
            </Card>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={14}>
                <ChartSection
                  title={t('emotion.trend')}
                  label={t('emotion.trendLabel')}
                  option={charts?.trend}
                  testId="emotion-trend-chart"
                />
              </Col>
              <Col xs={24} xl={10}>
                <ChartSection
                  title={t('emotion.classesLabel')}
                  option={charts?.classes}
                  height={Math.max(200, 32 * data.classes.length + 40)}
                  testId="emotion-classes-chart"
                />
              </Col>
            </Row>
            <Section title={t('emotion.classes')}>
              <ClassTable board={data} from={f.from} to={f.to} />
            </Section>
          </Flex>
        )}
      </BoardState>
    </Flex>
  );
}

/** `/data/classEmotion`: the classes of a school, each one's negative share over the days, and their table. */
export function ClassEmotionPage() {
  return (
    <BoardsGuard testId="class-emotion-page">
      <ClassBoard />
    </BoardsGuard>
  );
}

function ClassBoard() {
  const { t } = useTranslation();
  const f = useBoardFilters(7);
  const board = useBoard({ schoolId: f.schoolId, from: f.from, to: f.to, by: f.by }, f.schoolId !== undefined);
  const chart = useMemo(() => board.data && classTrendChart(board.data), [board.data]);
  return (
    <Flex vertical gap={16} data-testid="class-emotion-page">
      <Card>
        <Flex vertical gap={12}>
          <FilterBar f={f} />
          <Privacy />
        </Flex>
      </Card>
      <BoardState board={board}>
        {(data) => (
          <Flex vertical gap={16}>
            <ChartSection
              title={t('emotion.classTrend')}
              label={t('emotion.classTrendLabel')}
              option={chart}
              testId="emotion-class-trend-chart"
            />
            <Section title={t('emotion.classes')}>
              <ClassTable board={data} from={f.from} to={f.to} />
            </Section>
          </Flex>
        )}
      </BoardState>
    </Flex>
  );
}

/** `/data/classEmotionDetail?classId=`: one class's trend, distribution and hours of the day. */
export function ClassEmotionDetailPage() {
  return (
    <BoardsGuard testId="class-emotion-detail-page">
      <ClassDetail />
    </BoardsGuard>
  );
}

function ClassDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const classId = Number(params.get('classId')) || undefined;
  const f = useBoardFilters(30, { from: params.get('from'), to: params.get('to') });
  const board = useBoard({ classId, from: f.from, to: f.to, by: f.by }, classId !== undefined);
  const charts = useMemo(
    () =>
      board.data && {
        trend: trendChart(board.data, t),
        pie: pieChart(board.data.total, t),
        hours: hoursChart(board.data, t),
      },
    [board.data, t],
  );
  const back = <Link to="/data/classEmotion">{t('emotion.back')}</Link>;
  if (classId === undefined)
    return (
      <Card data-testid="class-emotion-detail-page" extra={back}>
        <Empty description={t('emotion.noClass')} />
      </Card>
    );
  return (
    <Flex vertical gap={16} data-testid="class-emotion-detail-page">
      <Card
        title={
          board.data ? (
            `${board.data.schoolName ?? ''} ${board.data.className ?? ''}`
          ) : (
            <Skeleton.Input active size="small" />
          )
        }
        extra={back}
      >
        <Flex vertical gap={12}>
          <FilterBar f={f} school={false} />
          <Privacy />
        </Flex>
      </Card>
      <BoardState board={board}>
        {(data) => (
          <Flex vertical gap={16}>
            <Card>
              <Totals total={data.total} />
            </Card>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={15}>
                <ChartSection
                  title={t('emotion.trend')}
                  label={t('emotion.trendLabel')}
                  option={charts?.trend}
                  testId="emotion-trend-chart"
                />
              </Col>
              <Col xs={24} xl={9}>
                <ChartSection title={t('emotion.distribution')} option={charts?.pie} testId="emotion-pie-chart" />
              </Col>
            </Row>
            <ChartSection
              title={t('emotion.hours')}
              label={t('emotion.hoursLabel')}
              option={charts?.hours}
              height={260}
              testId="emotion-hours-chart"
            />
          </Flex>
        )}
      </BoardState>
    </Flex>
  );
}

/** `/data/emotionRecord`: a school's day-by-day emotion record, newest first. */
export function EmotionRecordPage() {
  const { t } = useTranslation();
  const can = useCan('/data/emotionRecord');
  return (
    <ViewGuard may={can('view')} testId="emotion-record-page" refusal={t('emotion.noRecord')}>
      <RecordList />
    </ViewGuard>
  );
}

function RecordList() {
  const { t } = useTranslation();
  const f = useBoardFilters(30);
  const query = { schoolId: f.schoolId, from: f.from, to: f.to };
  const record = useQuery({
    queryKey: ['emotion', 'record', query],
    queryFn: ({ signal }) => emotionRecord(query, signal),
    enabled: f.schoolId !== undefined,
    meta: { silentError: true },
  });
  return (
    <Card data-testid="emotion-record-page">
      <Flex vertical gap={16}>
        <FilterBar f={f} period={false} />
        <Privacy />
        {record.isError ? (
          <LoadFailed error={record.error} onRetry={() => void record.refetch()} retrying={record.isFetching} />
        ) : (
          <Table
            data-testid="emotion-record-table"
            rowKey="day"
            size="small"
            loading={record.isFetching && !record.data}
            scroll={{ x: 760 }}
            pagination={{ pageSize: 31, hideOnSinglePage: true }}
            dataSource={record.data ?? []}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emotion.recordEmpty')} />,
            }}
            columns={[
              { title: t('emotion.day'), dataIndex: 'day', width: 110 },
              { title: t('emotion.classCount'), dataIndex: 'classes', width: 80 },
              { title: t('emotion.samples'), dataIndex: 'samples', width: 90 },
              { title: t('emotion.negative'), dataIndex: 'negative', width: 110, render: (v: number) => percent(v) },
              {
                title: t('emotion.distribution'),
                key: 'distribution',
                render: (_, d) => <DistributionBar total={d} />,
              },
              {
                title: t('emotion.mostNegative'),
                key: 'worst',
                width: 170,
                render: (_, d) =>
                  d.mostNegativeClass === null ? '—' : `${d.mostNegativeClass} (${percent(d.mostNegative ?? 0)})`,
              },
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}

/** `/data/emotionLog`: the samples a school's devices sent, newest first: what an installer checks. */
export function EmotionLogPage() {
  const { t } = useTranslation();
  const can = useCan('/data/emotionLog');
  return (
    <ViewGuard may={can('view')} testId="emotion-log-page" refusal={t('emotion.noLog')}>
      <LogList />
    </ViewGuard>
  );
}

function LogList() {
  const { t } = useTranslation();
  const f = useBoardFilters(7);
  const list = usePagedList<object, EmotionLogRow>(
    ['emotion', 'log', f.schoolId, f.from, f.to],
    (paging, signal) => emotionLogOf({ schoolId: f.schoolId, from: f.from, to: f.to, ...paging }, signal),
    { enabled: f.schoolId !== undefined },
  );
  return (
    <Card data-testid="emotion-log-page">
      <Flex vertical gap={16}>
        <FilterBar f={f} period={false} />
        <Privacy />
        <PagedTable<EmotionLogRow>
          list={list}
          rowKey="id"
          size="small"
          data-testid="emotion-log-table"
          scroll={{ x: 860 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emotion.logEmpty')} /> }}
          columns={[
            {
              title: t('emotion.time'),
              key: 'time',
              width: 150,
              render: (_, r) => dayjs(r.occurredAt).format('YYYY-MM-DD HH:mm'),
            },
            { title: t('emotion.className'), dataIndex: 'className', width: 110 },
            { title: t('emotion.device'), dataIndex: 'deviceName', width: 160 },
            { title: t('emotion.faces'), dataIndex: 'faces', width: 90 },
            { title: t('emotion.negative'), dataIndex: 'negative', width: 110, render: (v: number) => percent(v) },
            {
              title: t('emotion.distribution'),
              key: 'distribution',
              render: (_, r) => (
                <DistributionBar
                  total={{ samples: 1, faces: r.faces, distribution: r.distribution, negative: r.negative }}
                />
              ),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}

/** A titled chart of a board; nothing is drawn until its option is worked out. */
function ChartSection({
  title,
  label = title,
  option,
  height = 300,
  testId,
}: {
  title: string;
  label?: string;
  option: EChartsCoreOption | null | undefined | false;
  height?: number;
  testId: string;
}) {
  return (
    <Section title={title}>
      {option && <LazyChart option={option} height={height} label={label} testId={testId} />}
    </Section>
  );
}
