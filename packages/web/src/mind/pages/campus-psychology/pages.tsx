import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Empty, Flex, Row, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLang } from '../../../shared/i18n.ts';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { SchoolSelect } from '../../../shared/people/SchoolSelect.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { LazyChart } from '../assessments/LazyChart.tsx';
import { EMOTION_COLORS, percent, Section } from '../emotion/boards.tsx';
import { type CampusPsychologyDetail, type ClassRow, type GradeRow, psychologyClassOf, psychologyOf } from './api.ts';
import './strings.ts';

const DATE = 'YYYY-MM-DD';
type Screening = NonNullable<ClassRow['screening']>;
type Label = Screening['scaleName'];

const textOf = (label: Label) => label[currentLang()] || label['zh-CN'] || label.en || '';

function Guard({ testId, children }: { testId: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const can = useCan('/data/campusPsychology');
  return (
    <ViewGuard may={can('view')} testId={testId} refusal={t('psychology.noAccess')}>
      {children}
    </ViewGuard>
  );
}

function Privacy() {
  const { t } = useTranslation();
  return <Typography.Text type="secondary">{t('psychology.privacy')}</Typography.Text>;
}

/** The dates of a board: the last `days` days unless the address names them. */
function useRange(days: number, from?: string | null, to?: string | null) {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    from ? dayjs(from) : dayjs().subtract(days - 1, 'day'),
    to ? dayjs(to) : dayjs(),
  ]);
  return { range, setRange, from: range[0].format(DATE), to: range[1].format(DATE) };
}

function RangePicker({ r }: { r: ReturnType<typeof useRange> }) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      aria-label={t('emotion.range')}
      data-testid="psychology-range"
      allowClear={false}
      value={r.range}
      onChange={(next) => {
        if (next?.[0] && next[1]) r.setRange([next[0], next[1]]);
      }}
    />
  );
}

/** A screening's bands as tags, with the results and warnings counted. */
function ScreeningCell({ screening }: { screening: ClassRow['screening'] }) {
  const { t } = useTranslation();
  if (!screening) return <Typography.Text type="secondary">{t('psychology.noScreening')}</Typography.Text>;
  return (
    <Flex wrap gap={4} align="center">
      {screening.bands
        .filter((b) => b.results > 0)
        .map((b) => (
          <Tag key={b.id}>
            {textOf(b.label)} {b.results}
          </Tag>
        ))}
      <Typography.Text type={screening.warned > 0 ? 'danger' : 'secondary'}>
        {t('psychology.warned', { count: screening.warned })}
      </Typography.Text>
    </Flex>
  );
}

/** A small line of the weekly negative share. */
function TrendCell({ trend }: { trend: ClassRow['trend'] }) {
  if (trend.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {trend.map((p) => (
        <Tag key={p.period} color={p.negative >= 0.4 ? 'red' : p.negative >= 0.3 ? 'orange' : 'default'}>
          {p.period.slice(5)} {percent(p.negative)}
        </Tag>
      ))}
    </Flex>
  );
}

type PlaceRow = (GradeRow | ClassRow) & { key: string; name: string; children?: PlaceRow[] };

/**
 * `/data/campusPsychology`: per grade and class of a school (or of the caller's schools), the
 * negative share and its weekly trend beside the latest screening's bands and the emotion alerts
 * open and handled (decision 0124).
 */
export function CampusPsychologyPage() {
  return (
    <Guard testId="campus-psychology-page">
      <Overview />
    </Guard>
  );
}

function Overview() {
  const { t } = useTranslation();
  const [schoolId, setSchoolId] = useState<number | undefined>();
  const r = useRange(28);
  const board = useQuery({
    queryKey: ['psychology', 'overview', schoolId, r.from, r.to],
    queryFn: ({ signal }) => psychologyOf({ schoolId, from: r.from, to: r.to }, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  const rows = useMemo<PlaceRow[]>(
    () =>
      (board.data?.grades ?? []).map((g) => ({
        ...g,
        key: `g${g.gradeId}`,
        name: board.data?.schoolId ? g.gradeName : `${g.schoolName} ${g.gradeName}`,
        children: g.classes.map((c) => ({ ...c, key: `c${c.classId}`, name: c.className })),
      })),
    [board.data],
  );
  return (
    <Flex vertical gap={16} data-testid="campus-psychology-page">
      <Card>
        <Flex vertical gap={12}>
          <Flex wrap gap={12} align="center">
            <SchoolSelect testId="psychology-school" value={schoolId} onChange={setSchoolId} style={{ width: 220 }} />
            <RangePicker r={r} />
          </Flex>
          <Privacy />
        </Flex>
      </Card>
      {board.isError ? (
        <LoadFailed error={board.error} onRetry={() => void board.refetch()} retrying={board.isFetching} />
      ) : !board.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : rows.length === 0 ? (
        <Card>
          <Empty
            data-testid="psychology-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('psychology.empty')}
          />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          <Card>
            <Row gutter={[16, 16]} data-testid="psychology-totals">
              <Col xs={12} md={6}>
                <Statistic title={t('psychology.grades')} value={rows.length} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic
                  title={t('psychology.open')}
                  value={board.data.alertsOpen}
                  valueStyle={board.data.alertsOpen > 0 ? { color: '#cf1322' } : undefined}
                  data-testid="psychology-open"
                />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('psychology.handled')} value={board.data.alertsHandled} />
              </Col>
            </Row>
          </Card>
          <Section title={t('psychology.place')}>
            <Table<PlaceRow>
              data-testid="psychology-table"
              size="small"
              pagination={false}
              scroll={{ x: 960 }}
              dataSource={rows}
              expandable={{ defaultExpandAllRows: true }}
              columns={[
                { title: t('psychology.place'), dataIndex: 'name', width: 200 },
                {
                  title: t('psychology.negative'),
                  dataIndex: 'negative',
                  width: 110,
                  render: (v: number | null) => (v === null ? t('psychology.noSamples') : percent(v)),
                },
                {
                  title: t('psychology.trend'),
                  key: 'trend',
                  width: 260,
                  render: (_, row) => <TrendCell trend={row.trend} />,
                },
                {
                  title: t('psychology.alerts'),
                  key: 'alerts',
                  width: 150,
                  render: (_, row) => (
                    <Flex gap={4}>
                      <Tag color={row.alertsOpen > 0 ? 'red' : 'default'}>
                        {t('psychology.alertsOpen')} {row.alertsOpen}
                      </Tag>
                      <Tag color="green">
                        {t('psychology.alertsHandled')} {row.alertsHandled}
                      </Tag>
                    </Flex>
                  ),
                },
                {
                  title: t('psychology.screening'),
                  key: 'screening',
                  render: (_, row) => <ScreeningCell screening={row.screening} />,
                },
                {
                  title: t('psychology.detail'),
                  key: 'open',
                  width: 100,
                  render: (_, row) =>
                    'classId' in row ? (
                      <Link
                        to={`/data/campusPsychologyDetail?classId=${row.classId}&from=${r.from}&to=${r.to}`}
                        data-testid="psychology-class-open"
                      >
                        {t('psychology.detail')}
                      </Link>
                    ) : null,
                },
              ]}
            />
          </Section>
        </Flex>
      )}
    </Flex>
  );
}

const grid = { left: 8, right: 16, top: 24, bottom: 8, containLabel: true };

function dailyChart(detail: CampusPsychologyDetail, t: TFunction): EChartsCoreOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v}%` },
    grid,
    xAxis: { type: 'category', data: detail.trend.map((p) => p.period) },
    yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      {
        name: t('psychology.negative'),
        type: 'line',
        color: EMOTION_COLORS.sad,
        areaStyle: { opacity: 0.15 },
        data: detail.trend.map((p) => Math.round(p.negative * 1000) / 10),
      },
    ],
  };
}

function bandsChart(screening: Screening, t: TFunction): EChartsCoreOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid,
    xAxis: {
      type: 'category',
      data: screening.bands.map((b) => textOf(b.label)),
      axisLabel: { interval: 0, width: 72, overflow: 'break' },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: t('psychology.bands'),
        type: 'bar',
        barMaxWidth: 40,
        color: '#1677ff',
        data: screening.bands.map((b) => b.results),
      },
    ],
  };
}

/**
 * `/data/campusPsychologyDetail?classId=`: one class's daily negative share, its emotion alerts and
 * its latest screening by band; aggregates only (decision 0124).
 */
export function CampusPsychologyDetailPage() {
  return (
    <Guard testId="campus-psychology-detail-page">
      <Detail />
    </Guard>
  );
}

function Detail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const classId = Number(params.get('classId')) || undefined;
  const r = useRange(28, params.get('from'), params.get('to'));
  const detail = useQuery({
    queryKey: ['psychology', 'class', classId, r.from, r.to],
    queryFn: ({ signal }) => psychologyClassOf({ classId: classId ?? 0, from: r.from, to: r.to }, signal),
    enabled: classId !== undefined,
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  const charts = useMemo(
    () =>
      detail.data && {
        daily: detail.data.trend.length > 0 ? dailyChart(detail.data, t) : null,
        bands: detail.data.screening ? bandsChart(detail.data.screening, t) : null,
      },
    [detail.data, t],
  );
  const back = <Link to="/data/campusPsychology">{t('psychology.back')}</Link>;
  if (classId === undefined)
    return (
      <Card data-testid="campus-psychology-detail-page" extra={back}>
        <Empty description={t('psychology.noClass')} />
      </Card>
    );
  const data = detail.data;
  return (
    <Flex vertical gap={16} data-testid="campus-psychology-detail-page">
      <Card
        title={
          data ? (
            `${data.schoolName} ${data.className}`
          ) : detail.isError ? (
            t('psychology.detail')
          ) : (
            <Skeleton.Input active size="small" />
          )
        }
        extra={back}
      >
        <Flex vertical gap={12}>
          <div>
            <RangePicker r={r} />
          </div>
          <Privacy />
        </Flex>
      </Card>
      {detail.isError ? (
        <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Flex vertical gap={16}>
          <Card>
            <Row gutter={[16, 16]} data-testid="psychology-class-totals">
              <Col xs={12} md={6}>
                <Statistic
                  title={t('psychology.negative')}
                  value={data.total.samples > 0 ? percent(data.total.negative) : t('psychology.noSamples')}
                  data-testid="psychology-class-negative"
                />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('emotion.samples')} value={data.total.samples} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('psychology.open')} value={data.alerts.filter((a) => a.state === 'open').length} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic
                  title={t('psychology.screening')}
                  value={data.screening ? t('psychology.results', { count: data.screening.results }) : '-'}
                />
              </Col>
            </Row>
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <Section title={t('psychology.dailyTrend')}>
                {charts?.daily ? (
                  <LazyChart
                    option={charts.daily}
                    height={280}
                    label={t('psychology.dailyTrendLabel')}
                    testId="psychology-daily-chart"
                  />
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emotion.empty')} />
                )}
              </Section>
            </Col>
            <Col xs={24} xl={10}>
              <Section title={t('psychology.bands')}>
                {data.screening && charts?.bands ? (
                  <Flex vertical gap={8} data-testid="psychology-bands">
                    <Typography.Text>
                      {t('psychology.task')}: {data.screening.taskName} · {t('psychology.scale')}:{' '}
                      {textOf(data.screening.scaleName)}
                    </Typography.Text>
                    <ScreeningCell screening={data.screening} />
                    <LazyChart
                      option={charts.bands}
                      height={220}
                      label={t('psychology.bandsLabel')}
                      testId="psychology-bands-chart"
                    />
                  </Flex>
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('psychology.noScreening')} />
                )}
              </Section>
            </Col>
          </Row>
          <Section title={t('psychology.classAlerts')}>
            <Table
              data-testid="psychology-class-alerts"
              rowKey="id"
              size="small"
              pagination={false}
              scroll={{ x: 640 }}
              dataSource={data.alerts}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('psychology.alertsEmpty')} />,
              }}
              columns={[
                { title: t('emotionAlert.day'), dataIndex: 'day', width: 120 },
                {
                  title: t('emotionAlert.level'),
                  dataIndex: 'level',
                  width: 90,
                  render: (x: string) => (
                    <Tag color={x === 'serious' ? 'red' : 'orange'}>{t(`emotionAlert.levels.${x}`)}</Tag>
                  ),
                },
                { title: t('emotionAlert.peak'), dataIndex: 'peak', width: 100, render: (v: number) => percent(v) },
                {
                  title: t('emotionAlert.state'),
                  dataIndex: 'state',
                  width: 90,
                  render: (x: string) => (
                    <Tag color={x === 'open' ? 'red' : 'green'}>{t(`emotionAlert.states.${x}`)}</Tag>
                  ),
                },
                { title: t('emotionAlert.handledBy'), dataIndex: 'handledByName', width: 120, render: (v) => v ?? '-' },
                { title: t('emotionAlert.note'), dataIndex: 'note', render: (v) => v ?? '-' },
                {
                  title: t('emotionAlert.raisedAt'),
                  dataIndex: 'raisedAt',
                  width: 150,
                  render: (v: number) => timeText(v),
                },
              ]}
            />
          </Section>
        </Flex>
      )}
    </Flex>
  );
}
