import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Empty, Flex, Row, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { exportReport } from '../downloads/api.ts';
import { ExportButton } from '../downloads/ExportButton.tsx';
import { scaleInfo } from '../scales/api.ts';
import { type ResultDetail, resultInfo } from './api.ts';
import { LazyChart } from './LazyChart.tsx';
import { textIn } from './lookups.ts';
import { type Radar, radarOf } from './radar.ts';
import '../downloads/strings.ts';
import './strings.ts';

type Factor = ResultDetail['score']['factors'][number];
const LEVEL_COLOR: Record<string, string> = { red: 'red', orange: 'orange', yellow: 'gold' };

function radarChart(radar: Radar, name: string): EChartsCoreOption {
  return {
    tooltip: {},
    radar: { indicator: radar.axes, radius: '65%', axisName: { color: '#555' } },
    series: [
      {
        type: 'radar',
        name,
        data: [{ value: radar.values, name, areaStyle: { opacity: 0.25 } }],
        color: '#4096ff',
      },
    ],
  };
}

/**
 * `/data/scaleResultReport?id=`: one student's result: the scores, the band with its
 * interpretation and suggestions, the factors with a radar chart, and the warnings it raised.
 * Every opening is written to the audit log by the server.
 */
export function ReportPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || null;
  const result = useQuery({
    queryKey: ['assess', 'result', id],
    queryFn: ({ signal }) => resultInfo(id ?? 0, signal),
    enabled: id !== null,
    meta: { silentError: true },
  });
  const scaleId = result.data?.scaleId;
  const scale = useQuery({
    queryKey: ['assess', 'scale', scaleId],
    queryFn: ({ signal }) => scaleInfo(scaleId ?? 0, signal),
    enabled: scaleId !== undefined,
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });
  const data = result.data;
  const definition = scale.data?.definition ?? null;
  const radar = useMemo(
    () =>
      data
        ? radarOf(data.score, definition, {
            factor: (f) => textIn(f.name) || f.id,
            item: (no) => t('assess.report.item', { no }),
          })
        : null,
    [data, definition, t],
  );
  const option = useMemo(() => (radar && data ? radarChart(radar, data.name) : null), [radar, data]);
  if (id === null) {
    return (
      <Card>
        <Empty description={t('assess.report.missing')} />
      </Card>
    );
  }
  if (result.isError)
    return <LoadFailed error={result.error} onRetry={() => result.refetch()} retrying={result.isFetching} />;
  if (!data) return <Card loading />;
  const { score } = data;
  const scaleName = scale.data ? textIn(scale.data.name) || scale.data.code : '';
  const band = score.band;
  return (
    <Flex vertical gap={16} data-testid="result-report">
      <Card
        title={
          <Flex gap={12} align="center">
            <span data-testid="report-name">{data.name}</span>
            <Typography.Text type="secondary">{scaleName}</Typography.Text>
          </Flex>
        }
        extra={
          <Flex gap={12} align="center">
            <ExportButton kind="report" start={() => exportReport(data.id)} />
            {data.studentId !== null && (
              <Link to={`/data/scaleDetails/${data.studentId}`} data-testid="report-student-results">
                {t('scaleDetails.all')}
              </Link>
            )}
            <Link to="/data/scaleResult">{t('assess.report.back')}</Link>
          </Flex>
        }
      >
        {!score.valid && (
          <Alert
            type="warning"
            showIcon
            title={t('assess.report.invalid')}
            description={score.invalid.map((i) => textIn(i.reason)).join('；')}
            style={{ marginBottom: 16 }}
          />
        )}
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Statistic title={t('assess.report.total')} value={score.total} data-testid="report-total" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('assess.report.raw')} value={score.raw} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('assess.report.band')}
              value={band ? textIn(band.label) : '-'}
              data-testid="report-band"
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('assess.report.duration')}
              value={
                data.durationMs === null
                  ? '-'
                  : t('assess.report.minutes', { minutes: Math.max(1, Math.round(data.durationMs / 60_000)) })
              }
            />
          </Col>
        </Row>
        <Descriptions size="small" column={1} style={{ marginTop: 16 }}>
          <Descriptions.Item label={t('assess.report.submittedAt')}>
            {dayjs(data.submittedAt).format('YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
          <Descriptions.Item label={t('assess.report.warnings')}>
            <span data-testid="report-warnings">
              {score.warnings.length === 0
                ? t('assess.report.noWarning')
                : score.warnings.map((w) => (
                    <Tag key={w.rule} color={LEVEL_COLOR[w.level] ?? 'purple'}>
                      {t(`assess.results.level.${w.level}`, { defaultValue: w.level })}：{textIn(w.reason)}
                    </Tag>
                  ))}
            </span>
          </Descriptions.Item>
          {score.flags.length > 0 && (
            <Descriptions.Item label={t('assess.report.flags')}>
              {score.flags.map((f) => (
                <Tag key={f.id} color="volcano">
                  {textIn(f.label)}
                </Tag>
              ))}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={11}>
          <Card
            title={radar?.of === 'items' ? t('assess.report.radarItems') : t('assess.report.radarFactors')}
            style={{ height: '100%' }}
          >
            {radar?.of === 'items' && (
              <Typography.Paragraph type="secondary">{t('assess.report.radarItemsHint')}</Typography.Paragraph>
            )}
            {option && radar && radar.axes.length >= 3 ? (
              <LazyChart option={option} label={t('assess.report.radarFactors')} height={340} testId="report-radar" />
            ) : (
              <Empty description={t('assess.report.none')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={13}>
          <Card title={t('assess.report.interpretation')} style={{ height: '100%' }}>
            <Typography.Paragraph data-testid="report-interpretation">
              {textIn(band?.interpretation) || t('assess.report.none')}
            </Typography.Paragraph>
            <Typography.Title level={5}>{t('assess.report.suggestion')}</Typography.Title>
            <Typography.Paragraph>{textIn(band?.suggestion) || t('assess.report.none')}</Typography.Paragraph>
          </Card>
        </Col>
      </Row>
      {score.factors.length > 0 && (
        <Card title={t('assess.report.factors')}>
          <Table<Factor>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={score.factors}
            columns={[
              { title: t('assess.report.factor'), key: 'name', render: (_v, f) => textIn(f.name) || f.id },
              { title: t('assess.report.score'), dataIndex: 'score', width: 100 },
              { title: t('assess.report.raw'), dataIndex: 'raw', width: 100 },
              {
                title: t('assess.report.factorBand'),
                key: 'band',
                render: (_v, f) => (f.band ? textIn(f.band.label) : '-'),
              },
              {
                title: t('assess.report.interpretation'),
                key: 'interpretation',
                render: (_v, f) => textIn(f.band?.interpretation) || '-',
              },
            ]}
          />
        </Card>
      )}
      <Typography.Text type="secondary">{t('assess.report.audited')}</Typography.Text>
    </Flex>
  );
}
