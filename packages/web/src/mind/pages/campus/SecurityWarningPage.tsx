import { PlayCircleOutlined } from '@ant-design/icons';
import { CAMPUS_ALERT_STATES, CAMPUS_EVENT_TYPES, CAMPUS_LIMITS, type CampusAlertHandle } from '@meridian/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Skeleton,
  Statistic,
  Tag,
  Timeline,
  Tooltip,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useUserInfo } from '../../../shared/auth.ts';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { LazyChart } from '../assessments/LazyChart.tsx';
import {
  type AlertFilters,
  alertDetail,
  alertHandlers,
  alertPage,
  alertStats,
  type CampusAlert,
  type CampusAlertDetail,
  type CampusAlertStats,
  handleAlert,
} from './api.ts';
import { AlertDeliveries } from './Deliveries.tsx';
import { MyDayReports } from './MyDayReports.tsx';
import { MyMessages } from './MyMessages.tsx';
import { Snapshot } from './Snapshot.tsx';
import './strings.ts';

type State = CampusAlert['state'];
type Step = 'handOver' | 'solve' | 'falseAlarm';
const stateColor: Record<State, string> = {
  new: 'red',
  acknowledged: 'orange',
  handedOver: 'blue',
  solved: 'green',
  falseAlarm: 'default',
};
const CLOSED: ReadonlySet<State> = new Set(['solved', 'falseAlarm']);

export function AlertState({ state }: { state: State }) {
  const { t } = useTranslation();
  return <Tag color={stateColor[state]}>{t(`campus.states.${state}`)}</Tag>;
}

/** The alerts per day, as bars. */
function dayChart(stats: CampusAlertStats, name: string): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: stats.byDay.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name, type: 'bar', barMaxWidth: 40, data: stats.byDay.map((d) => d.count), color: '#fa541c' }],
  };
}

/** The statistics over the list's filters: a count per type and a chart per day. */
function StatsCard({ filters }: { filters: AlertFilters }) {
  const { t } = useTranslation();
  const stats = useQuery({
    queryKey: ['campus', 'alerts', 'stats', filters],
    queryFn: ({ signal }) => alertStats(filters, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  const option = useMemo(() => (stats.data ? dayChart(stats.data, t('campus.total')) : null), [stats.data, t]);
  if (stats.isError)
    return <LoadFailed error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />;
  if (!stats.data || !option) return <Skeleton active paragraph={{ rows: 4 }} />;
  const total = stats.data.byType.reduce((sum, x) => sum + x.count, 0);
  return (
    <Row gutter={[24, 16]} data-testid="alert-stats">
      <Col xs={24} lg={9}>
        <Typography.Title level={5}>{t('campus.byType')}</Typography.Title>
        <Row gutter={[12, 12]}>
          <Col xs={12} sm={6}>
            <Statistic title={t('campus.total')} value={total} />
          </Col>
          {stats.data.byType.map((x) => (
            <Col xs={12} sm={6} key={x.type}>
              <Statistic title={t(`campus.types.${x.type}`)} value={x.count} data-testid={`alert-count-${x.type}`} />
            </Col>
          ))}
        </Row>
      </Col>
      <Col xs={24} lg={15}>
        <Typography.Title level={5}>{t('campus.byDay')}</Typography.Title>
        {stats.data.byDay.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('campus.statsEmpty')} />
        ) : (
          <LazyChart option={option} height={200} label={t('campus.chartLabel')} testId="alert-day-chart" />
        )}
      </Col>
    </Row>
  );
}

interface StepValues {
  toUserId?: number;
  text?: string;
}

/** The form of a step that needs words or a person: hand over, solve, false alarm. */
function StepForm({
  alert,
  step,
  onDone,
  onCancel,
}: {
  alert: CampusAlertDetail;
  step: Step;
  onDone(d: CampusAlertDetail): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StepValues>();
  const handlers = useQuery({
    queryKey: ['campus', 'handlers', alert.id],
    queryFn: ({ signal }) => alertHandlers(alert.id, signal),
    enabled: step === 'handOver',
    meta: { silentError: true },
  });
  const submit = useMutation({
    mutationFn: (v: StepValues) => {
      const text = v.text?.trim() || undefined;
      const body: CampusAlertHandle =
        step === 'handOver'
          ? { action: 'handOver', toUserId: v.toUserId ?? 0, ...(text ? { note: text } : {}) }
          : step === 'solve'
            ? { action: 'solve', result: text ?? '' }
            : { action: 'falseAlarm', ...(text ? { result: text } : {}) };
      return handleAlert(alert.id, body);
    },
    onSuccess: onDone,
    meta: { silentError: true },
  });
  const textLabel =
    step === 'handOver' ? t('campus.note') : step === 'solve' ? t('campus.result') : t('campus.falseAlarmReason');
  return (
    <Card size="small" title={t(`campus.${step}`)} data-testid="alert-step-form">
      <FormAlert error={submit.error} form={form} />
      <Form<StepValues> form={form} layout="vertical" onFinish={(v) => submit.mutate(v)}>
        {step === 'handOver' && (
          <Form.Item
            name="toUserId"
            label={t('campus.handOverTo')}
            rules={[{ required: true, message: t('campus.handOverToRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={handlers.isPending}
              data-testid="alert-handover-to"
              options={(handlers.data ?? []).map((h) => ({ value: h.userId, label: `${h.name}（${h.teacherNo}）` }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="text"
          label={textLabel}
          rules={[
            {
              required: step === 'solve',
              whitespace: true,
              max: CAMPUS_LIMITS.resultMax,
              message: t('campus.resultRequired'),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={CAMPUS_LIMITS.resultMax} showCount data-testid="alert-step-text" />
        </Form.Item>
        <Flex justify="end" gap={8}>
          <Button onClick={onCancel}>{t('campus.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="alert-step-submit">
            {t('campus.confirm')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** Who the device identified (decision 0136): each student with the warning it opened, or what it sent when unknown. */
function AlertStudents({ students }: { students: CampusAlertDetail['students'] }) {
  const { t } = useTranslation();
  if (students.length === 0) return null;
  const sent = (reference: string) =>
    reference.startsWith('no:')
      ? t('campus.refNo', { no: reference.slice(3) })
      : t('campus.refFace', { id: reference.slice(3) });
  return (
    <div data-testid="alert-students">
      <Typography.Title level={5}>{t('campus.students')}</Typography.Title>
      <Flex vertical gap={6}>
        {students.map((s) => (
          <Flex key={s.reference} gap={12} align="center" wrap data-testid="alert-student">
            {s.studentId === null ? (
              <Tooltip title={t('campus.studentUnknownHint')}>
                <Tag color="warning">{t('campus.studentUnknown', { reference: sent(s.reference) })}</Tag>
              </Tooltip>
            ) : (
              <>
                <Typography.Text strong>{s.name}</Typography.Text>
                <Typography.Text type="secondary">{sent(s.reference)}</Typography.Text>
                {s.warningId === null ? (
                  <Typography.Text type="secondary">{t('campus.studentNoWarning')}</Typography.Text>
                ) : (
                  <Link to={`/data/intervene?id=${s.warningId}`} data-testid="alert-student-warning">
                    {t('campus.studentWarning')}
                  </Link>
                )}
              </>
            )}
          </Flex>
        ))}
      </Flex>
    </div>
  );
}

/** One alert: its snapshot and facts, the steps open to the caller, and its timeline. */
function AlertDrawer({ id, onClose, onChanged }: { id: number; onClose(): void; onChanged(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/securityWarning');
  const canPlay = useCan('/data/hk')('view');
  const navigate = useNavigate();
  const me = useUserInfo().data?.id;
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step | null>(null);
  const detail = useQuery({
    queryKey: ['campus', 'alert', id],
    queryFn: ({ signal }) => alertDetail(id, signal),
    meta: { silentError: true },
  });
  const moved = (next: CampusAlertDetail) => {
    queryClient.setQueryData(['campus', 'alert', id], next);
    setStep(null);
    message.success(t('campus.done'));
    onChanged();
  };
  const acknowledge = useMutation({
    mutationFn: () => handleAlert(id, { action: 'acknowledge' }),
    onSuccess: moved,
    meta: { silentError: true },
  });
  const alert = detail.data;
  const heldByOther = !!alert && alert.holderId !== null && alert.holderId !== me;
  const open = !!alert && can('edit') && !CLOSED.has(alert.state) && !heldByOther;
  return (
    <Drawer
      open
      onClose={onClose}
      size={560}
      title={alert ? t('campus.drawerTitle', { type: t(`campus.types.${alert.type}`) }) : t('campus.details')}
      data-testid="alert-drawer"
    >
      {detail.isError && (
        <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      )}
      {detail.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {alert && (
        <Flex vertical gap={20}>
          <Snapshot path={alert.snapshot} width={360} />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('campus.state')}>
              <AlertState state={alert.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('campus.school')}>{alert.schoolName}</Descriptions.Item>
            <Descriptions.Item label={t('campus.place')}>{alert.location}</Descriptions.Item>
            <Descriptions.Item label={t('campus.device')}>{alert.deviceName}</Descriptions.Item>
            <Descriptions.Item label={t('campus.time')}>{timeText(alert.occurredAt)}</Descriptions.Item>
            {alert.holderName && <Descriptions.Item label={t('campus.holder')}>{alert.holderName}</Descriptions.Item>}
          </Descriptions>
          <AlertStudents students={alert.students} />
          {canPlay && (
            <Button
              icon={<PlayCircleOutlined />}
              onClick={() => navigate(`/data/hk?alertId=${alert.id}`)}
              data-testid="alert-playback"
              style={{ alignSelf: 'start' }}
            >
              {t('campus.playback')}
            </Button>
          )}
          {CLOSED.has(alert.state) && <Alert type="success" showIcon title={t('campus.closed')} />}
          {!CLOSED.has(alert.state) && heldByOther && (
            <Alert type="info" showIcon title={t('campus.heldByOther', { name: alert.holderName ?? '' })} />
          )}
          {acknowledge.error ? <FormAlert error={acknowledge.error} /> : null}
          {open && step === null && (
            <Flex gap={8} wrap data-testid="alert-actions">
              {alert.state === 'new' && (
                <Button
                  type="primary"
                  loading={acknowledge.isPending}
                  onClick={() => acknowledge.mutate()}
                  data-testid="alert-acknowledge"
                >
                  {t('campus.acknowledge')}
                </Button>
              )}
              <Button onClick={() => setStep('handOver')} data-testid="alert-handover">
                {t('campus.handOver')}
              </Button>
              <Button onClick={() => setStep('solve')} data-testid="alert-solve">
                {t('campus.solve')}
              </Button>
              <Button danger onClick={() => setStep('falseAlarm')} data-testid="alert-false-alarm">
                {t('campus.falseAlarm')}
              </Button>
            </Flex>
          )}
          {open && step !== null && (
            <StepForm alert={alert} step={step} onDone={moved} onCancel={() => setStep(null)} />
          )}
          <div>
            <Typography.Title level={5}>{t('campus.timeline')}</Typography.Title>
            <Timeline
              data-testid="alert-timeline"
              items={alert.timeline.map((s) => ({
                color: s.action === 'solve' ? 'green' : s.action === 'report' ? 'red' : 'blue',
                content: (
                  <div data-testid="alert-step">
                    <Typography.Text strong>{t(`campus.steps.${s.action}`)}</Typography.Text>
                    {s.byName && <Typography.Text> · {s.byName}</Typography.Text>}
                    {s.toName && <Typography.Text> · {t('campus.stepTo', { name: s.toName })}</Typography.Text>}
                    <br />
                    <Typography.Text type="secondary">{timeText(s.at)}</Typography.Text>
                    {s.result && <Typography.Paragraph style={{ margin: '4px 0 0' }}>{s.result}</Typography.Paragraph>}
                  </div>
                ),
              }))}
            />
          </div>
          <AlertDeliveries alertId={alert.id} />
        </Flex>
      )}
    </Drawer>
  );
}

/**
 * `/data/securityWarning`: the behaviour alerts of the schools in scope, newest first, with their
 * snapshot; filtered by type, state and dates; counted by type and day; each handled in a drawer
 * whose timeline shows every step (decision 0085).
 */
export function SecurityWarningPage() {
  const { t } = useTranslation();
  const can = useCan('/data/securityWarning');
  return (
    <ViewGuard may={can('view')} testId="security-warning-page" refusal={t('campus.noAlerts')}>
      <AlertList />
    </ViewGuard>
  );
}

function AlertList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // A warning opened by an event links here with `?id=`: that alert opens at once.
  const [params] = useSearchParams();
  const linked = Number(params.get('id'));
  const [open, setOpen] = useState<number | null>(Number.isInteger(linked) && linked > 0 ? linked : null);
  const alerts = usePagedList<AlertFilters, CampusAlert>(['campus', 'alerts'], alertPage, { refetchInterval: 30_000 });
  const [type, setType] = useState<AlertFilters['type']>();
  const [state, setState] = useState<AlertFilters['state']>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const search = (next: { type?: AlertFilters['type']; state?: AlertFilters['state']; range?: typeof range }) => {
    const r = next.range === undefined ? range : next.range;
    const filters: AlertFilters = {
      type: 'type' in next ? next.type : type,
      state: 'state' in next ? next.state : state,
      from: r?.[0]?.startOf('day').valueOf(),
      to: r?.[1]?.add(1, 'day').startOf('day').valueOf(),
    };
    alerts.search(Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as AlertFilters);
  };
  return (
    <Flex vertical gap={16} data-testid="security-warning-page">
      <MyMessages onOpen={setOpen} />
      <MyDayReports />
      <Card>
        <Flex wrap gap={12} style={{ marginBottom: 24 }}>
          <Select
            allowClear
            placeholder={t('campus.type')}
            style={{ width: 160 }}
            value={type}
            data-testid="alert-filter-type"
            onChange={(v) => {
              setType(v);
              search({ type: v });
            }}
            options={CAMPUS_EVENT_TYPES.map((x) => ({ value: x, label: t(`campus.types.${x}`) }))}
          />
          <Select
            allowClear
            placeholder={t('campus.state')}
            style={{ width: 160 }}
            value={state}
            data-testid="alert-filter-state"
            onChange={(v) => {
              setState(v);
              search({ state: v });
            }}
            options={CAMPUS_ALERT_STATES.map((x) => ({ value: x, label: t(`campus.states.${x}`) }))}
          />
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={t('campus.dates', { returnObjects: true }) as [string, string]}
            value={range}
            onChange={(days) => {
              setRange(days);
              search({ range: days });
            }}
          />
        </Flex>
        <StatsCard filters={alerts.filters} />
      </Card>
      <Card>
        <PagedTable<CampusAlert>
          list={alerts}
          live
          rowKey="id"
          data-testid="alert-table"
          locale={{ emptyText: t('campus.alertsEmpty') }}
          scroll={{ x: 1100 }}
          columns={[
            {
              title: t('campus.snapshot'),
              dataIndex: 'snapshot',
              width: 120,
              render: (p: string | null) => <Snapshot path={p} />,
            },
            {
              title: t('campus.type'),
              dataIndex: 'type',
              width: 100,
              render: (x: CampusAlert['type']) => <Typography.Text strong>{t(`campus.types.${x}`)}</Typography.Text>,
            },
            { title: t('campus.school'), dataIndex: 'schoolName', width: 140 },
            { title: t('campus.place'), dataIndex: 'location', width: 160 },
            { title: t('campus.camera'), dataIndex: 'deviceName', width: 150 },
            { title: t('campus.time'), dataIndex: 'occurredAt', width: 150, render: (at: number) => timeText(at) },
            {
              title: t('campus.state'),
              dataIndex: 'state',
              width: 150,
              render: (s: State, a: CampusAlert) => (
                <Flex vertical gap={2} align="start">
                  <AlertState state={s} />
                  {a.holderName && <Typography.Text type="secondary">{a.holderName}</Typography.Text>}
                </Flex>
              ),
            },
            {
              title: t('campus.actions'),
              key: 'actions',
              fixed: 'right' as const,
              width: 90,
              render: (_v: unknown, a: CampusAlert) => (
                <Typography.Link onClick={() => setOpen(a.id)} data-testid="alert-open">
                  {CLOSED.has(a.state) ? t('campus.view') : t('campus.details')}
                </Typography.Link>
              ),
            },
          ]}
        />
      </Card>
      {open !== null && (
        <AlertDrawer
          id={open}
          onClose={() => setOpen(null)}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: ['campus', 'alerts'] })}
        />
      )}
    </Flex>
  );
}
