import { reminderRule } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Form, InputNumber, Select, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../shared/forms/rules.ts';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { PageLoading } from '../../../shared/PageLoading.tsx';
import { usePermission } from '../../access/Permission.tsx';
import { textIn } from '../assessments/lookups.ts';
import {
  type FollowUpRules,
  followUpRules,
  type ReminderChange,
  type ReminderConfiguration,
  reminderChanges,
  reminderModel,
  saveReminderModel,
} from './api.ts';
import { time, useLevelName, useLevels } from './lookups.tsx';
import { placeErrors } from './placeErrors.ts';
import './strings.ts';

/** `/data/reminderConfiguration`: whether follow-ups are reminded, and for each level how often and how early. */
export function ReminderPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = usePermission('edit');
  const [form] = Form.useForm<ReminderConfiguration>();
  const levels = useLevels();
  const model = useQuery({
    queryKey: ['warn', 'reminder'],
    queryFn: ({ signal }) => reminderModel(signal),
    meta: { silentError: true },
  });
  const save = useMutation({
    mutationFn: saveReminderModel,
    meta: { silentError: true },
    onSuccess: () => {
      message.success(t('warn.reminder.saved'));
      void queryClient.invalidateQueries({ queryKey: ['warn', 'reminder'] });
      void queryClient.invalidateQueries({ queryKey: ['warn', 'reminderLog'] });
      void queryClient.invalidateQueries({ queryKey: ['warn', 'followUpRules'] });
    },
    onError: (error) => placeErrors(form, error),
  });
  if (model.isPending) return <PageLoading />;
  if (model.isError)
    return <LoadFailed error={model.error} onRetry={() => model.refetch()} retrying={model.isFetching} />;
  return (
    <Flex vertical gap={16}>
      <Card data-testid="reminder-page">
        <Form<ReminderConfiguration>
          form={form}
          initialValues={model.data}
          disabled={!canEdit}
          onFinish={(values) => save.mutate({ enabled: values.enabled, rules: values.rules ?? [] })}
        >
          <Form.Item name="enabled" label={t('warn.reminder.enabled')} valuePropName="checked">
            <Switch data-testid="reminder-enabled" />
          </Form.Item>
          <Form.List name="rules">
            {(fields, { add, remove }) => (
              <Flex vertical gap={4}>
                {fields.length === 0 && <Empty description={t('warn.reminder.noRule')} />}
                {fields.map((field) => (
                  <Flex key={field.key} gap={8} wrap align="start">
                    <Form.Item
                      name={[field.name, 'level']}
                      label={t('warn.reminder.level')}
                      rules={[{ required: true, message: t('warn.reminder.levelRequired') }]}
                    >
                      <Select
                        style={{ width: 120 }}
                        options={(levels.data ?? []).map((l) => ({ value: l.code, label: textIn(l.name) || l.code }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'everyDays']}
                      label={t('warn.reminder.everyDays')}
                      rules={[
                        { required: true, message: t('warn.reminder.everyDaysRequired') },
                        schemaRule(reminderRule.shape.everyDays),
                      ]}
                    >
                      <InputNumber style={{ width: 90 }} data-testid={`reminder-days-${field.name}`} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'remindBeforeHours']}
                      label={t('warn.reminder.before')}
                      rules={[
                        { required: true, message: t('warn.reminder.beforeRequired') },
                        schemaRule(reminderRule.shape.remindBeforeHours),
                      ]}
                    >
                      <InputNumber style={{ width: 90 }} />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(field.name)}>
                      {t('warn.reminder.remove')}
                    </Button>
                  </Flex>
                ))}
                <Flex gap={8}>
                  <Button type="dashed" onClick={() => add({ everyDays: 7, remindBeforeHours: 24 })}>
                    {t('warn.reminder.addRule')}
                  </Button>
                  <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="reminder-save">
                    {t('warn.reminder.save')}
                  </Button>
                </Flex>
              </Flex>
            )}
          </Form.List>
        </Form>
      </Card>
      <AppliedRules />
    </Flex>
  );
}

type AppliedLevel = FollowUpRules['levels'][number];

/** The rule each level has now (`process/rule/djft`), a level without its own showing the default. */
function AppliedRules() {
  const { t } = useTranslation();
  const applied = useQuery({
    queryKey: ['warn', 'followUpRules'],
    queryFn: ({ signal }) => followUpRules(signal),
    meta: { silentError: true },
  });
  return (
    <Card title={t('warn.reminder.applied')} data-testid="reminder-applied">
      {applied.isError ? (
        <LoadFailed error={applied.error} onRetry={() => applied.refetch()} retrying={applied.isFetching} />
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('warn.reminder.appliedHint')}</Typography.Text>
          <Table<AppliedLevel>
            size="small"
            rowKey="code"
            loading={applied.isPending}
            pagination={false}
            dataSource={applied.data?.levels ?? []}
            locale={{ emptyText: t('warn.reminder.appliedEmpty') }}
            columns={[
              {
                title: t('warn.reminder.level'),
                key: 'level',
                render: (_v, l) => <Tag color={l.colour}>{textIn(l.name) || l.code}</Tag>,
              },
              {
                title: t('warn.reminder.ruleColumn'),
                key: 'rule',
                render: (_v, l) => t('warn.reminder.appliedRule', { days: l.everyDays, hours: l.remindBeforeHours }),
              },
              {
                title: t('warn.reminder.ownColumn'),
                key: 'own',
                render: (_v, l) => (
                  <Tag color={l.own ? 'blue' : 'default'}>
                    {t(l.own ? 'warn.reminder.own' : 'warn.reminder.fallback')}
                  </Tag>
                ),
              },
            ]}
          />
          {applied.data && !applied.data.enabled && <Tag color="default">{t('warn.reminder.off')}</Tag>}
        </Flex>
      )}
    </Card>
  );
}

function Model({ model }: { model: ReminderConfiguration }) {
  const { t } = useTranslation();
  const levelName = useLevelName();
  return (
    <Flex vertical gap={2}>
      <span>
        <Tag color={model.enabled ? 'green' : 'default'}>
          {t(model.enabled ? 'warn.reminder.on' : 'warn.reminder.off')}
        </Tag>
      </span>
      {model.rules.map((r) => (
        <Typography.Text key={r.level} style={{ fontSize: 13 }}>
          {t('warn.reminder.rule', { level: levelName(r.level), days: r.everyDays, hours: r.remindBeforeHours })}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** `/data/reminderConfigurationManagement`: every change of the reminder model, before and after, who and when. */
export function ReminderLogPage() {
  const { t } = useTranslation();
  const log = usePagedList(['warn', 'reminderLog'], reminderChanges);
  return (
    <Card data-testid="reminder-log-page">
      <PagedTable<ReminderChange>
        list={log}
        rowKey="id"
        data-testid="reminder-log-table"
        locale={{ emptyText: t('warn.reminder.logEmpty') }}
        columns={[
          { title: t('warn.reminder.at'), dataIndex: 'at', width: 150, render: (at: number) => time(at) },
          { title: t('warn.reminder.by'), dataIndex: 'byName', width: 120 },
          { title: t('warn.reminder.before_'), key: 'before', render: (_v, r) => <Model model={r.before} /> },
          { title: t('warn.reminder.after'), key: 'after', render: (_v, r) => <Model model={r.after} /> },
        ]}
      />
    </Card>
  );
}
