import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Col, Descriptions, Result, Row, Select, Skeleton, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/errors.ts';
import { notifyError } from '../../../shared/feedback.tsx';
import { DeleteTranscriptButton, TranscriptMarker } from '../ai/TranscriptDeletion.tsx';
import { useCan } from '../assessments/can.ts';
import { correctMapping, deleteInterviewTranscript, type InterviewReport, interviewReport } from './api.ts';
import './strings.ts';

type Item = InterviewReport['items'][number];

/**
 * `/data/AIScaleResultReport?resultId=`: one AI interview, its score, each item with the student's
 * words and the option it was mapped to (correctable), and the whole transcript. Every opening is
 * audited by the server.
 */
export function InterviewReportPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [search] = useSearchParams();
  const resultId = Number(search.get('resultId'));
  const queryClient = useQueryClient();
  const can = useCan('/data/AIScaleMeasurement');
  const key = ['interview', 'report', resultId];
  const report = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => interviewReport(resultId, signal),
    enabled: Number.isInteger(resultId) && resultId > 0,
    meta: { silentError: true },
    retry: false,
  });
  const correct = useMutation({
    mutationFn: ({ itemId, value }: { itemId: string; value: string }) => correctMapping(resultId, itemId, value),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      message.success(t('interview.report.corrected'));
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  const back = <Link to="/data/AIScaleResult">{t('interview.report.back')}</Link>;
  if (report.isError || !(resultId > 0)) {
    return (
      <Result
        status="warning"
        title={t('interview.report.loadFailed')}
        subTitle={errorText(report.error)}
        extra={back}
      />
    );
  }
  if (report.isPending) {
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const r = report.data;
  const labelOf = (item: Item, value: string) => item.options.find((o) => o.value === value)?.label ?? value;
  const noOf = (itemId: string) => r.items.find((i) => i.itemId === itemId)?.no ?? itemId;
  return (
    <Row gutter={[16, 16]} data-testid="interview-report">
      <Col span={24}>
        <Card title={`${r.studentName} · ${r.scaleName}`} extra={back}>
          <Descriptions column={{ xs: 1, md: 4 }}>
            <Descriptions.Item label={t('interview.report.total')}>
              <Typography.Text strong data-testid="interview-report-total">
                {r.total ?? '-'}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('interview.report.band')}>{r.band ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('interview.report.warning')}>
              {r.warningLevel ? <Tag color={r.warningLevel}>{r.warningLevel}</Tag> : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('interview.report.submittedAt')}>
              {dayjs(r.submittedAt).format('YYYY-MM-DD HH:mm')}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text type="secondary">{t('interview.report.audited')}</Typography.Text>
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card title={t('interview.report.items')}>
          <Typography.Paragraph type="secondary">{t('interview.report.itemsHint')}</Typography.Paragraph>
          <Table<Item>
            rowKey="itemId"
            size="small"
            pagination={false}
            dataSource={r.items}
            data-testid="interview-report-items"
            columns={[
              { title: t('interview.report.no'), dataIndex: 'no', width: 50 },
              { title: t('interview.report.item'), dataIndex: 'text' },
              {
                title: t('interview.report.quote'),
                dataIndex: 'quote',
                render: (quote: string | null) => quote ?? '-',
              },
              {
                title: t('interview.report.option'),
                key: 'option',
                width: 190,
                render: (_v, item) =>
                  can('edit') ? (
                    <Select
                      size="small"
                      style={{ width: 180 }}
                      value={item.value}
                      disabled={correct.isPending}
                      options={item.options.map((o) => ({ value: o.value, label: o.label }))}
                      onChange={(value: string) => correct.mutate({ itemId: item.itemId, value })}
                      aria-label={`${t('interview.report.option')} ${item.no}`}
                    />
                  ) : (
                    labelOf(item, item.value)
                  ),
              },
            ]}
          />
          {r.corrections.length > 0 && (
            <>
              <Typography.Title level={5}>{t('interview.report.corrections')}</Typography.Title>
              {r.corrections.map((c) => (
                <Typography.Paragraph key={`${c.itemId}-${c.at}`} type="secondary" style={{ marginBottom: 4 }}>
                  {dayjs(c.at).format('MM-DD HH:mm')}{' '}
                  {t('interview.report.correction', {
                    by: c.byName,
                    no: noOf(c.itemId),
                    from: c.from,
                    to: c.to,
                    fromTotal: c.fromTotal ?? '-',
                    toTotal: c.toTotal ?? '-',
                  })}
                </Typography.Paragraph>
              ))}
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card
          title={t('interview.report.transcript')}
          data-testid="interview-report-transcript"
          extra={
            !r.transcriptDeleted && (
              <DeleteTranscriptButton
                remove={(reason) => deleteInterviewTranscript(resultId, reason)}
                onDeleted={() => void queryClient.invalidateQueries({ queryKey: key })}
              />
            )
          }
        >
          {r.transcriptDeleted && <TranscriptMarker deleted={r.transcriptDeleted} />}
          {r.turns.map((turn) => (
            <Typography.Paragraph key={turn.id} style={{ marginBottom: 8 }}>
              <Tag color={turn.role === 'student' ? 'blue' : 'default'}>{t(`interview.report.${turn.role}`)}</Tag>
              {turn.crisis && <Tag color="red">{t('interview.report.crisis')}</Tag>}
              {turn.content}
            </Typography.Paragraph>
          ))}
        </Card>
      </Col>
    </Row>
  );
}
