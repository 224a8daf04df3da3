import {
  CAMPUS_DAY_REPORT_CONTENTS,
  CAMPUS_EVENT_TYPES,
  CAMPUS_PUSH_CHANNELS,
  CAMPUS_PUSH_LIMITS,
  CAMPUS_PUSH_TYPES,
  type CampusDayReportContent,
  type CampusEventType,
  type CampusPushChannel,
  type CampusPushType,
  EMOTION_ALERT_LEVELS,
  type EmotionAlertLevel,
} from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Drawer,
  Flex,
  Form,
  Input,
  Select,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { SchoolSelect, useSchools } from '../../../shared/people/SchoolSelect.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { useCan } from '../assessments/can.ts';
import { DeleteLink } from '../lists.tsx';
import {
  addPushRule,
  type CampusPushRule,
  dayReportSettings,
  editPushRule,
  pushChannels,
  pushPeople,
  pushRules,
  removePushRule,
  saveDayReportSettings,
  saveWarningTypes,
  warningTypes,
} from './api.ts';
import './strings.ts';
import './push-strings.ts';

const DAY = 24 * 60;
/** Half-hour steps, 00:00 to 24:00. */
const TIMES = Array.from({ length: DAY / 30 + 1 }, (_, i) => i * 30);
export const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

interface Values {
  schoolId?: number;
  name: string;
  types: CampusPushType[];
  userIds: number[];
  channels: CampusPushChannel[];
  emotionLevels: EmotionAlertLevel[];
  fromMinute: number;
  toMinute: number;
}

function RuleForm(props: { rule: CampusPushRule | null; onClose(): void; onSaved(): void }) {
  const { rule, onClose, onSaved } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const schools = useSchools();
  const onlySchool = schools.data?.total === 1 ? schools.data.list[0]?.id : undefined;
  const schoolId = Form.useWatch('schoolId', form);
  const types = Form.useWatch('types', form);
  useEffect(() => {
    if (!rule && onlySchool !== undefined && form.getFieldValue('schoolId') === undefined)
      form.setFieldsValue({ schoolId: onlySchool });
  }, [rule, onlySchool, form]);
  const people = useQuery({
    queryKey: ['campus', 'pushPeople', schoolId],
    queryFn: ({ signal }) => pushPeople(schoolId ?? 0, signal),
    enabled: schoolId !== undefined,
  });
  // Which channels the deployment can send by: site messages until the answer says more.
  const channels = useQuery({ queryKey: ['campus', 'pushChannels'], queryFn: ({ signal }) => pushChannels(signal) });
  const ready: readonly CampusPushChannel[] = channels.data?.channels ?? ['site'];
  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = { ...v, schoolId: v.schoolId ?? 0, name: v.name.trim() };
      return rule ? editPushRule(rule.id, body) : addPushRule(body);
    },
    onSuccess: onSaved,
    meta: { silentError: true },
  });
  const timeOptions = TIMES.map((m) => ({ value: m, label: clock(m) }));
  return (
    <Drawer
      open
      onClose={onClose}
      destroyOnHidden
      size={520}
      title={rule ? t('campusPush.edit') : t('campusPush.add')}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('campusPush.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="push-save">
            {t('campusPush.save')}
          </Button>
        </Flex>
      }
    >
      <FormAlert error={save.error} form={form} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => save.mutate(v)}
        data-testid="push-form"
        initialValues={
          rule
            ? {
                schoolId: rule.schoolId,
                name: rule.name,
                types: rule.types,
                userIds: rule.people.map((p) => p.userId),
                channels: rule.channels,
                emotionLevels: rule.emotionLevels,
                fromMinute: rule.fromMinute,
                toMinute: rule.toMinute,
              }
            : {
                schoolId: onlySchool,
                types: [],
                userIds: [],
                channels: ['site'],
                emotionLevels: [...EMOTION_ALERT_LEVELS],
                fromMinute: 0,
                toMinute: DAY,
              }
        }
      >
        <Form.Item
          name="schoolId"
          label={t('campusPush.school')}
          rules={[{ required: true, message: t('campusPush.schoolRequired') }]}
        >
          {rule ? <Input value={rule.schoolName} disabled /> : <SchoolSelect testId="push-school" allowClear={false} />}
        </Form.Item>
        <Form.Item
          name="name"
          label={t('campusPush.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              max: CAMPUS_PUSH_LIMITS.nameMax,
              message: t('campusPush.nameRequired'),
            },
          ]}
        >
          <Input maxLength={CAMPUS_PUSH_LIMITS.nameMax} showCount data-testid="push-name" />
        </Form.Item>
        <Form.Item
          name="types"
          label={t('campusPush.types')}
          rules={[{ required: true, type: 'array', min: 1, message: t('campusPush.typesRequired') }]}
        >
          <Checkbox.Group
            data-testid="push-types"
            options={CAMPUS_PUSH_TYPES.map((x) => ({ value: x, label: t(`campus.types.${x}`) }))}
          />
        </Form.Item>
        {types?.includes('emotion') && (
          <Form.Item
            name="emotionLevels"
            label={t('campusPush.emotionLevels')}
            extra={t('campusPush.emotionLevelsHint')}
            rules={[{ required: true, type: 'array', min: 1, message: t('campusPush.emotionLevelsRequired') }]}
          >
            <Checkbox.Group
              data-testid="push-emotion-levels"
              options={EMOTION_ALERT_LEVELS.map((x) => ({ value: x, label: t(`campusPush.emotionLevelNames.${x}`) }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="userIds"
          label={t('campusPush.people')}
          extra={t('campusPush.peopleHint')}
          rules={[
            {
              required: true,
              type: 'array',
              min: 1,
              max: CAMPUS_PUSH_LIMITS.peopleMax,
              message: t('campusPush.peopleRequired'),
            },
          ]}
        >
          <Select
            mode="multiple"
            data-testid="push-people"
            loading={people.isFetching}
            disabled={schoolId === undefined}
            optionFilterProp="label"
            options={(people.data ?? []).map((p) => ({ value: p.userId, label: `${p.name} (${p.teacherNo})` }))}
          />
        </Form.Item>
        <Form.Item
          name="channels"
          label={t('campusPush.channels')}
          rules={[{ required: true, type: 'array', min: 1, message: t('campusPush.channelsRequired') }]}
        >
          <Checkbox.Group
            data-testid="push-channels"
            options={CAMPUS_PUSH_CHANNELS.map((c) => ({
              value: c,
              disabled: !ready.includes(c),
              label: ready.includes(c)
                ? t(`campusPush.channelNames.${c}`)
                : `${t(`campusPush.channelNames.${c}`)} (${t('campusPush.noProvider')})`,
            }))}
          />
        </Form.Item>
        <Form.Item label={t('campusPush.hours')} extra={t('campusPush.hoursHint')} required>
          <Flex gap={8} align="center">
            <Form.Item name="fromMinute" noStyle>
              <Select
                style={{ width: 110 }}
                aria-label={t('campusPush.from')}
                data-testid="push-from"
                options={timeOptions.slice(0, -1)}
              />
            </Form.Item>
            <span>—</span>
            <Form.Item name="toMinute" noStyle>
              <Select
                style={{ width: 110 }}
                aria-label={t('campusPush.to')}
                data-testid="push-to"
                options={timeOptions.slice(1)}
              />
            </Form.Item>
          </Flex>
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/**
 * `/data/pushConfig` and `/data/warningPushConfig` (decision 0097): a school's rules saying which
 * behaviour alerts are told to whom, by which channel, in which hours.
 */
export function PushConfigPage() {
  const { t } = useTranslation();
  const can = useCan('/data/pushConfig');
  return (
    <ViewGuard may={can('view')} testId="push-config-page" refusal={t('campusPush.noAccess')}>
      <Flex vertical gap={16}>
        <RuleList />
        <SchoolSettings />
      </Flex>
    </ViewGuard>
  );
}

function RuleList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/pushConfig');
  const queryClient = useQueryClient();
  const [schoolId, setSchoolId] = useState<number | undefined>();
  const [editing, setEditing] = useState<CampusPushRule | 'new' | null>(null);
  const rules = useQuery({
    queryKey: ['campus', 'pushRules', schoolId],
    queryFn: ({ signal }) => pushRules(schoolId === undefined ? {} : { schoolId }, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['campus', 'pushRules'] });
  const remove = useMutation({
    mutationFn: removePushRule,
    onSuccess: () => {
      message.success(t('campusPush.deleted'));
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  return (
    <Card data-testid="push-config-page">
      <Alert type="info" showIcon title={t('campusPush.intro')} style={{ marginBottom: 16 }} />
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <SchoolSelect testId="push-school-filter" style={{ width: 240 }} value={schoolId} onChange={setSchoolId} />
        {can('add') && (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="push-add">
            {t('campusPush.add')}
          </Button>
        )}
      </Flex>
      <Table<CampusPushRule>
        rowKey="id"
        loading={rules.isPending}
        dataSource={rules.data ?? []}
        pagination={false}
        data-testid="push-table"
        locale={{ emptyText: t('campusPush.empty') }}
        scroll={{ x: 1000 }}
        columns={[
          { title: t('campusPush.school'), dataIndex: 'schoolName', width: 120 },
          { title: t('campusPush.name'), dataIndex: 'name', width: 150 },
          {
            title: t('campusPush.types'),
            dataIndex: 'types',
            width: 200,
            render: (types: CampusPushType[], r: CampusPushRule) =>
              types.map((x) => (
                <Tag key={x}>
                  {t(`campus.types.${x}`)}
                  {x === 'emotion' && r.emotionLevels.length < EMOTION_ALERT_LEVELS.length
                    ? `（${r.emotionLevels.map((l) => t(`campusPush.emotionLevelNames.${l}`)).join('、')}）`
                    : ''}
                </Tag>
              )),
          },
          {
            title: t('campusPush.people'),
            dataIndex: 'people',
            width: 180,
            render: (people: CampusPushRule['people']) => people.map((p) => p.name).join('、'),
          },
          {
            title: t('campusPush.channels'),
            dataIndex: 'channels',
            width: 120,
            render: (cs: CampusPushChannel[]) => cs.map((c) => t(`campusPush.channelNames.${c}`)).join(', '),
          },
          {
            title: t('campusPush.hours'),
            key: 'hours',
            width: 120,
            render: (_v: unknown, r: CampusPushRule) =>
              r.fromMinute === 0 && r.toMinute === DAY
                ? t('campusPush.allDay')
                : `${clock(r.fromMinute)}–${clock(r.toMinute)}`,
          },
          {
            title: t('campusPush.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: 130,
            render: (_v: unknown, r: CampusPushRule) => (
              <Flex gap={10}>
                {can('edit') && <Typography.Link onClick={() => setEditing(r)}>{t('campus.edit')}</Typography.Link>}
                {can('delete') && (
                  <DeleteLink
                    title={r.name}
                    question={t('campusPush.confirmDelete')}
                    label={t('campusPush.delete')}
                    cancel={t('campusPush.cancel')}
                    onDelete={() => remove.mutateAsync(r.id)}
                  />
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing !== null && (
        <RuleForm
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            message.success(t('campusPush.saved'));
            void refresh();
          }}
        />
      )}
    </Card>
  );
}

/** A school's own settings beside its rules (decision 0136): which events open warnings, and its day report. */
function SchoolSettings() {
  const { t } = useTranslation();
  const schools = useSchools();
  const onlySchool = schools.data?.total === 1 ? schools.data.list[0]?.id : undefined;
  const [picked, setPicked] = useState<number | undefined>();
  const schoolId = picked ?? onlySchool;
  return (
    <Card data-testid="school-settings">
      <Flex vertical gap={16}>
        <SchoolSelect
          testId="settings-school"
          style={{ width: 240 }}
          value={schoolId}
          allowClear={false}
          onChange={setPicked}
        />
        {schoolId === undefined ? (
          <Typography.Text type="secondary">{t('campusPush.warningTypesPickSchool')}</Typography.Text>
        ) : (
          <>
            <WarningTypes key={`w${schoolId}`} schoolId={schoolId} />
            <DayReport key={`d${schoolId}`} schoolId={schoolId} />
          </>
        )}
      </Flex>
    </Card>
  );
}

/** Which event types open a warning for the students a device identified. */
function WarningTypes({ schoolId }: { schoolId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/pushConfig');
  const queryClient = useQueryClient();
  const [types, setTypes] = useState<CampusEventType[] | null>(null);
  const current = useQuery({
    queryKey: ['campus', 'warningTypes', schoolId],
    queryFn: ({ signal }) => warningTypes(schoolId, signal),
  });
  const save = useMutation({
    mutationFn: () => saveWarningTypes({ schoolId, types: types ?? current.data?.types ?? [] }),
    onSuccess: (next) => {
      queryClient.setQueryData(['campus', 'warningTypes', schoolId], next);
      setTypes(null);
      message.success(t('campusPush.warningTypesSaved'));
    },
    meta: { silentError: true },
  });
  return (
    <section data-testid="warning-types">
      <Typography.Title level={5}>{t('campusPush.warningTypes')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('campusPush.warningTypesIntro')}</Typography.Paragraph>
      {current.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
      {current.data && (
        <Flex vertical gap={12}>
          <Tag color={current.data.own ? 'blue' : 'default'} style={{ alignSelf: 'start' }}>
            {current.data.own ? t('campusPush.warningTypesOwn') : t('campusPush.warningTypesDefault')}
          </Tag>
          <Checkbox.Group
            value={types ?? current.data.types}
            disabled={!can('edit')}
            onChange={(v) => setTypes(v as CampusEventType[])}
            options={CAMPUS_EVENT_TYPES.map((x) => ({ value: x, label: t(`campus.types.${x}`) }))}
          />
          <FormAlert error={save.error} />
          {can('edit') && (
            <Button
              type="primary"
              style={{ alignSelf: 'start' }}
              loading={save.isPending}
              disabled={types === null}
              onClick={() => save.mutate()}
              data-testid="warning-types-save"
            >
              {t('campusPush.warningTypesSave')}
            </Button>
          )}
        </Flex>
      )}
    </section>
  );
}

interface DayReportValues {
  enabled: boolean;
  minute: number;
  userIds: number[];
  contents: CampusDayReportContent[];
}

/** The school's day report: on or off, the time, whom to and what it holds. */
function DayReport({ schoolId }: { schoolId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/pushConfig');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DayReportValues>();
  const current = useQuery({
    queryKey: ['campus', 'dayReport', schoolId],
    queryFn: ({ signal }) => dayReportSettings(schoolId, signal),
  });
  const people = useQuery({
    queryKey: ['campus', 'pushPeople', schoolId],
    queryFn: ({ signal }) => pushPeople(schoolId, signal),
  });
  const save = useMutation({
    mutationFn: (v: DayReportValues) => saveDayReportSettings({ ...v, schoolId }),
    onSuccess: (next) => {
      queryClient.setQueryData(['campus', 'dayReport', schoolId], next);
      message.success(t('campusPush.dayReportSaved'));
    },
    meta: { silentError: true },
  });
  const data = current.data;
  return (
    <section data-testid="day-report">
      <Typography.Title level={5}>{t('campusPush.dayReport')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('campusPush.dayReportIntro')}</Typography.Paragraph>
      {current.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {data && (
        <Form<DayReportValues>
          form={form}
          layout="vertical"
          style={{ maxWidth: 520 }}
          disabled={!can('edit')}
          initialValues={{
            enabled: data.enabled,
            minute: data.minute,
            userIds: data.people.map((p) => p.userId),
            contents: data.contents,
          }}
          onFinish={(v) => save.mutate(v)}
        >
          <FormAlert error={save.error} form={form} />
          <Form.Item name="enabled" valuePropName="checked">
            <Checkbox data-testid="day-report-enabled">{t('campusPush.dayReportEnabled')}</Checkbox>
          </Form.Item>
          <Form.Item name="minute" label={t('campusPush.dayReportTime')}>
            <Select
              style={{ width: 140 }}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="day-report-time"
              options={TIMES.filter((m) => m < DAY).map((m) => ({ value: m, label: clock(m) }))}
            />
          </Form.Item>
          <Form.Item name="userIds" label={t('campusPush.dayReportPeople')}>
            <Select
              mode="multiple"
              data-testid="day-report-people"
              loading={people.isPending}
              optionFilterProp="label"
              options={(people.data ?? []).map((p) => ({ value: p.userId, label: p.name }))}
            />
          </Form.Item>
          <Form.Item name="contents" label={t('campusPush.dayReportContents')}>
            <Checkbox.Group
              options={CAMPUS_DAY_REPORT_CONTENTS.map((c) => ({
                value: c,
                label: t(`campusPush.dayReportContent.${c}`),
              }))}
            />
          </Form.Item>
          {can('edit') && (
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="day-report-save">
              {t('campusPush.dayReportSave')}
            </Button>
          )}
        </Form>
      )}
    </section>
  );
}
