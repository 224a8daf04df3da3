import {
  EMOTION_ALERT_LEVELS,
  EMOTION_ALERT_LIMITS,
  EMOTION_ALERT_STATES,
  type EmotionAlertLevel,
  type EmotionAlertState,
} from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Select,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { AlertDeliveries } from '../campus/Deliveries.tsx';
import { FilterBar, percent, useBoardFilters } from '../emotion/boards.tsx';
import {
  alertClasses,
  type EmotionAlert,
  type EmotionAlertNotice,
  emotionAlertPage,
  handleEmotionAlert,
  myEmotionNotices,
  readEmotionNotice,
  saveThreshold,
  thresholdOf,
} from './api.ts';
import './strings.ts';

const levelColor: Record<EmotionAlertLevel, string> = { attention: 'orange', serious: 'red' };

/**
 * `/data/intelEmotion`: the emotion alerts of the caller's schools (decision 0118), a class's day
 * whose negative share crossed the school's threshold; filtered by dates, level and state; each
 * handled once with a note. The caller's own messages sit above the list; each alert's drawer lists
 * every message the push rules sent about it and how it went (decision 0156).
 */
export function IntelEmotionPage() {
  const { t } = useTranslation();
  const can = useCan('/data/intelEmotion');
  return (
    <ViewGuard may={can('view')} testId="intel-emotion-page" refusal={t('emotionAlert.noAccess')}>
      <AlertList />
    </ViewGuard>
  );
}

function AlertList() {
  const { t } = useTranslation();
  const can = useCan('/data/intelEmotion');
  const canSetThreshold = useCan('/data/pushConfig')('edit');
  const queryClient = useQueryClient();
  const f = useBoardFilters(7);
  const [level, setLevel] = useState<EmotionAlertLevel>();
  // Grade and class cascade from the school: a new school clears them (decision 0143).
  const [place, setPlace] = useState<{ schoolId?: number; gradeId?: number; classId?: number }>({});
  const gradeId = place.schoolId === f.schoolId ? place.gradeId : undefined;
  const classId = place.schoolId === f.schoolId ? place.classId : undefined;
  const grades = useQuery({
    queryKey: ['emotionAlerts', 'classes', f.schoolId],
    queryFn: ({ signal }) => alertClasses(f.schoolId ?? 0, signal),
    enabled: f.schoolId !== undefined,
    meta: { silentError: true },
  });
  const classesOfGrade = (grades.data ?? [])
    .filter((g) => gradeId === undefined || g.gradeId === gradeId)
    .flatMap((g) => g.classes);
  const [state, setState] = useState<EmotionAlertState>();
  const [handling, setHandling] = useState<EmotionAlert | null>(null);
  const [showing, setShowing] = useState<EmotionAlert | null>(null);
  const list = usePagedList<object, EmotionAlert>(
    ['emotionAlerts', 'page', f.schoolId, gradeId, classId, f.from, f.to, level, state],
    (paging, signal) =>
      emotionAlertPage(
        { schoolId: f.schoolId, gradeId, classId, from: f.from, to: f.to, level, state, ...paging },
        signal,
      ),
    { enabled: f.schoolsReady, refetchInterval: 30_000 },
  );
  return (
    <Flex vertical gap={16} data-testid="intel-emotion-page">
      <MyEmotionMessages />
      <Card>
        <Flex vertical gap={16}>
          <Flex wrap gap={12} align="center">
            <FilterBar f={f} period={false} />
            <Select
              allowClear
              placeholder={t('emotionAlert.grade')}
              style={{ width: 140 }}
              value={gradeId}
              loading={grades.isFetching}
              onChange={(id?: number) => setPlace({ schoolId: f.schoolId, gradeId: id })}
              data-testid="emotion-alert-grade"
              options={(grades.data ?? []).map((g) => ({ value: g.gradeId, label: g.gradeName }))}
            />
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('emotionAlert.klass')}
              style={{ width: 160 }}
              value={classId}
              loading={grades.isFetching}
              onChange={(id?: number) => setPlace({ schoolId: f.schoolId, gradeId, classId: id })}
              data-testid="emotion-alert-class"
              options={classesOfGrade.map((c) => ({ value: c.classId, label: c.className }))}
            />
            <Select
              allowClear
              placeholder={t('emotionAlert.level')}
              style={{ width: 140 }}
              value={level}
              onChange={setLevel}
              data-testid="emotion-alert-level"
              options={EMOTION_ALERT_LEVELS.map((x) => ({ value: x, label: t(`emotionAlert.levels.${x}`) }))}
            />
            <Select
              allowClear
              placeholder={t('emotionAlert.state')}
              style={{ width: 140 }}
              value={state}
              onChange={setState}
              data-testid="emotion-alert-state"
              options={EMOTION_ALERT_STATES.map((x) => ({ value: x, label: t(`emotionAlert.states.${x}`) }))}
            />
          </Flex>
          {canSetThreshold && f.schoolId !== undefined && <ThresholdForm schoolId={f.schoolId} />}
          <Alert type="info" showIcon title={t('emotionAlert.privacy')} />
          <PagedTable<EmotionAlert>
            list={list}
            live
            rowKey="id"
            size="small"
            data-testid="emotion-alert-table"
            scroll={{ x: 1000 }}
            locale={{ emptyText: t('emotionAlert.empty') }}
            columns={[
              { title: t('emotionAlert.day'), dataIndex: 'day', width: 110 },
              { title: t('emotionAlert.className'), dataIndex: 'className', width: 120 },
              { title: t('emotionAlert.school'), dataIndex: 'schoolName', width: 140 },
              {
                title: t('emotionAlert.negative'),
                key: 'negative',
                width: 150,
                render: (_, a) => (
                  <Typography.Text strong>
                    {percent(a.peak)}
                    <Typography.Text type="secondary"> / {percent(a.threshold)}</Typography.Text>
                  </Typography.Text>
                ),
              },
              {
                title: t('emotionAlert.level'),
                dataIndex: 'level',
                width: 90,
                render: (x: EmotionAlertLevel) => <Tag color={levelColor[x]}>{t(`emotionAlert.levels.${x}`)}</Tag>,
              },
              {
                title: t('emotionAlert.raisedAt'),
                dataIndex: 'raisedAt',
                width: 150,
                render: (at: number) => timeText(at),
              },
              {
                title: t('emotionAlert.state'),
                key: 'state',
                render: (_, a) =>
                  a.state === 'open' ? (
                    <Tag color="red">{t('emotionAlert.states.open')}</Tag>
                  ) : (
                    <Flex vertical gap={2} align="start">
                      <Tag color="green">{t('emotionAlert.states.handled')}</Tag>
                      <Typography.Text type="secondary">
                        {a.handledByName} · {a.handledAt === null ? '' : timeText(a.handledAt)}
                      </Typography.Text>
                      <Typography.Text data-testid="emotion-alert-note">{a.note}</Typography.Text>
                    </Flex>
                  ),
              },
              {
                title: t('emotionAlert.actions'),
                key: 'actions',
                fixed: 'right' as const,
                width: 130,
                render: (_, a) => (
                  <Flex gap={12}>
                    <Typography.Link onClick={() => setShowing(a)} data-testid="emotion-alert-details">
                      {t('emotionAlert.details')}
                    </Typography.Link>
                    {a.state === 'open' && can('edit') && (
                      <Typography.Link onClick={() => setHandling(a)} data-testid="emotion-alert-handle">
                        {t('emotionAlert.handle')}
                      </Typography.Link>
                    )}
                  </Flex>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      {showing && <AlertDrawer alert={showing} onClose={() => setShowing(null)} />}
      {handling && (
        <HandleModal
          alert={handling}
          onClose={() => setHandling(null)}
          onDone={() => {
            setHandling(null);
            void queryClient.invalidateQueries({ queryKey: ['emotionAlerts'] });
          }}
        />
      )}
    </Flex>
  );
}

/** One alert's facts and every message the push rules sent about it, with its outcome (decision 0156). */
function AlertDrawer({ alert, onClose }: { alert: EmotionAlert; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      onClose={onClose}
      size={520}
      title={t('emotionAlert.drawerTitle', { className: alert.className, day: alert.day })}
      data-testid="emotion-alert-drawer"
    >
      <Flex vertical gap={20}>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('emotionAlert.school')}>{alert.schoolName}</Descriptions.Item>
          <Descriptions.Item label={t('emotionAlert.className')}>{alert.className}</Descriptions.Item>
          <Descriptions.Item label={t('emotionAlert.negative')}>
            {percent(alert.peak)} / {percent(alert.threshold)}
          </Descriptions.Item>
          <Descriptions.Item label={t('emotionAlert.level')}>
            <Tag color={levelColor[alert.level]}>{t(`emotionAlert.levels.${alert.level}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('emotionAlert.raisedAt')}>{timeText(alert.raisedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('emotionAlert.state')}>
            {t(`emotionAlert.states.${alert.state}`)}
            {alert.note && ` · ${alert.note}`}
          </Descriptions.Item>
        </Descriptions>
        <AlertDeliveries alertId={alert.id} kind="emotion" />
      </Flex>
    </Drawer>
  );
}

/** Handles one alert with a note of what was done. */
function HandleModal({ alert, onClose, onDone }: { alert: EmotionAlert; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const submit = useMutation({
    mutationFn: (v: { note: string }) => handleEmotionAlert(alert.id, v.note.trim()),
    onSuccess: () => {
      message.success(t('emotionAlert.handled'));
      onDone();
    },
    meta: { silentError: true },
  });
  return (
    <Modal
      open
      title={t('emotionAlert.handleTitle', { className: alert.className, day: alert.day })}
      onCancel={onClose}
      okText={t('emotionAlert.submit')}
      cancelText={t('emotionAlert.cancel')}
      confirmLoading={submit.isPending}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'emotion-alert-submit' }}
    >
      <FormAlert error={submit.error} form={form} />
      <Form form={form} layout="vertical" onFinish={(v) => submit.mutate(v)}>
        <Form.Item
          name="note"
          label={t('emotionAlert.note')}
          rules={[
            {
              required: true,
              whitespace: true,
              max: EMOTION_ALERT_LIMITS.noteMax,
              message: t('emotionAlert.noteRequired'),
            },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={EMOTION_ALERT_LIMITS.noteMax}
            showCount
            data-testid="emotion-alert-note-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The school's threshold, for the administrators who hold the push configuration. */
function ThresholdForm({ schoolId }: { schoolId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ['emotionAlerts', 'threshold', schoolId],
    queryFn: ({ signal }) => thresholdOf(schoolId, signal),
    meta: { silentError: true },
  });
  const [value, setValue] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (percentValue: number) => saveThreshold(schoolId, percentValue / 100),
    onSuccess: (next) => {
      queryClient.setQueryData(['emotionAlerts', 'threshold', schoolId], next);
      setValue(null);
      message.success(t('emotionAlert.thresholdSaved'));
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  if (!current.data) return null;
  const shown = value ?? Math.round(current.data.threshold * 100);
  return (
    <Flex wrap gap={12} align="center" data-testid="emotion-threshold">
      <Typography.Text strong>{t('emotionAlert.thresholdTitle')}</Typography.Text>
      <InputNumber
        aria-label={t('emotionAlert.thresholdTitle')}
        min={EMOTION_ALERT_LIMITS.thresholdMin * 100}
        max={EMOTION_ALERT_LIMITS.thresholdMax * 100}
        value={shown}
        onChange={(v) => setValue(v)}
        suffix="%"
        style={{ width: 110 }}
        data-testid="emotion-threshold-input"
      />
      {!current.data.own && value === null && (
        <Typography.Text type="secondary">{t('emotionAlert.thresholdDefault')}</Typography.Text>
      )}
      <Button
        onClick={() => save.mutate(shown)}
        loading={save.isPending}
        disabled={value === null}
        data-testid="emotion-threshold-save"
      >
        {t('emotionAlert.thresholdSave')}
      </Button>
      <Typography.Text type="secondary">{t('emotionAlert.thresholdHelp')}</Typography.Text>
    </Flex>
  );
}

/** The site messages the push rules sent the caller about emotion alerts; nothing for someone who got none. */
function MyEmotionMessages() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notices = useQuery({
    queryKey: ['emotionAlerts', 'notices'],
    queryFn: ({ signal }) => myEmotionNotices(signal),
    refetchInterval: 30_000,
    meta: { silentError: true },
  });
  const read = useMutation({
    mutationFn: readEmotionNotice,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['emotionAlerts', 'notices'] }),
    onError: notifyError,
    meta: { silentError: true },
  });
  const data = notices.data;
  if (!data || data.list.length === 0) return null;
  return (
    <Card
      size="small"
      data-testid="emotion-messages"
      title={
        <Flex gap={8} align="center">
          {t('emotionAlert.messages')}
          {data.unread > 0 && <Badge count={t('emotionAlert.unread', { count: data.unread })} />}
        </Flex>
      }
    >
      <List<EmotionAlertNotice>
        size="small"
        dataSource={data.list.slice(0, 5)}
        renderItem={(n) => (
          <List.Item
            data-testid="emotion-message"
            actions={[
              n.readAt === null ? (
                <Typography.Link key="read" onClick={() => read.mutate(n.id)}>
                  {t('emotionAlert.markRead')}
                </Typography.Link>
              ) : (
                <Typography.Text key="read" type="secondary">
                  {t('emotionAlert.read')}
                </Typography.Text>
              ),
            ]}
          >
            <Flex gap={12} wrap>
              <Typography.Text strong={n.readAt === null}>
                {t('emotionAlert.messageText', {
                  school: n.schoolName,
                  className: n.className,
                  day: n.day,
                  share: percent(n.negative),
                })}
              </Typography.Text>
              <Typography.Text type="secondary">{timeText(n.createdAt)}</Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
