import { INTERVAL_UNITS, MISSED_RULES, SCHEDULE_KINDS, type TaskView, TIMED_TASK_LIMITS } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, DatePicker, Drawer, Flex, Form, Input, Radio, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { required } from '../../shared/forms/required.ts';
import { currentLang } from '../../shared/i18n.ts';
import { clearChanged, showProblems } from '../alarms/validate.ts';
import { showFieldErrors } from '../components/errors.ts';
import { addTask, editTask } from './api.ts';
import { TargetsEditor } from './TargetsEditor.tsx';
import { formValuesOf, intervalChoices, newTask, payloadOf, type TaskFormValues, taskProblems } from './taskValues.ts';

const ZONES =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Asia/Shanghai', 'UTC'];

/** Timed Tasks add/edit: what it writes, when, between which start and end, and what a missed run does. */
export function TaskForm({ task, onClose }: { task?: TaskView; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TaskFormValues>();
  const kind = Form.useWatch('kind', form) ?? task?.schedule.kind ?? 'interval';
  const unit = Form.useWatch('unit', form);
  const initial = useMemo(() => (task ? formValuesOf(task) : newTask()), [task]);

  const save = useMutation({
    mutationFn: (values: TaskFormValues) => {
      const body = payloadOf(values);
      return task ? editTask(task.id, body) : addTask(body);
    },
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t('tasks.saved'));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'tasks'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });

  /** The contract's rules, each sentence at its field; only a body they accept is sent. */
  const check = (values: TaskFormValues, send: boolean) => {
    const problems = taskProblems(payloadOf(values), currentLang()).filter(
      (p) => !(p.name.length === 1 && p.name[0] === 'name' && !values.name?.trim()),
    );
    for (const p of showProblems(form, problems)) message.error(p.message);
    if (send && problems.length === 0) save.mutate(values);
  };

  return (
    <Drawer
      open
      size={820}
      title={task ? t('tasks.editTitle') : t('tasks.addTitle')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('ui.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="task-save">
            {t('ui.save')}
          </Button>
        </Flex>
      }
    >
      <Form<TaskFormValues>
        form={form}
        layout="vertical"
        name="task"
        data-testid="task-form"
        initialValues={initial}
        onFinish={(values) => check(values, true)}
        onFinishFailed={({ values }) => check(values, false)}
        onValuesChange={(changed: object) => clearChanged(form, changed)}
      >
        {task?.suspended && (
          <Alert
            type="warning"
            showIcon
            title={task.suspended}
            style={{ marginBottom: 16 }}
            data-testid="task-suspended"
          />
        )}
        <Form.Item name="name" label={t('tasks.name')} rules={[required(t('tasks.nameRequired'))]}>
          <Input maxLength={TIMED_TASK_LIMITS.nameMax + 10} data-testid="task-name" />
        </Form.Item>
        <Form.Item label={t('tasks.targets')} required>
          <TargetsEditor />
        </Form.Item>
        <Form.Item name="kind" label={t('tasks.schedule')}>
          <Radio.Group
            data-testid="task-kind"
            options={SCHEDULE_KINDS.map((k) => ({ value: k, label: t(`tasks.kind.${k}`) }))}
          />
        </Form.Item>
        {kind === 'interval' && (
          <Flex gap={8}>
            <Form.Item name="every" label={t('tasks.every')}>
              <Select
                style={{ width: 120 }}
                data-testid="task-every"
                options={intervalChoices(unit).map((n) => ({ value: n, label: String(n) }))}
              />
            </Form.Item>
            <Form.Item name="unit" label=" ">
              <Select
                style={{ width: 120 }}
                data-testid="task-unit"
                onChange={() => form.setFieldValue('every', 1)}
                options={INTERVAL_UNITS.map((u) => ({ value: u, label: t(`tasks.unit.${u}`) }))}
              />
            </Form.Item>
          </Flex>
        )}
        {(kind === 'daily' || kind === 'weekly') && (
          <Form.Item name="times" label={t('tasks.times')} extra={t('tasks.timesHint')}>
            <Select
              mode="tags"
              style={{ width: 360 }}
              tokenSeparators={[',', ' ']}
              open={false}
              data-testid="task-times"
            />
          </Form.Item>
        )}
        {kind === 'weekly' && (
          <Form.Item name="weekdays" label={t('tasks.weekdays')}>
            <Checkbox.Group
              options={[0, 1, 2, 3, 4, 5, 6].map((value) => ({ value, label: t(`tasks.weekday.d${value}`) }))}
            />
          </Form.Item>
        )}
        {kind === 'cron' && (
          <Form.Item name="cron" label={t('tasks.cron')} extra={t('tasks.cronHint')}>
            <Input style={{ width: 360 }} data-testid="task-cron" />
          </Form.Item>
        )}
        <Flex gap={16} wrap>
          <Form.Item name="startAt" label={kind === 'once' ? t('tasks.runAt') : t('tasks.startAt')} required>
            <DatePicker showTime data-testid="task-start" />
          </Form.Item>
          {kind !== 'once' && (
            <Form.Item name="endAt" label={t('tasks.endAt')} extra={t('tasks.endHint')}>
              <DatePicker showTime allowClear data-testid="task-end" />
            </Form.Item>
          )}
          <Form.Item name="timeZone" label={t('tasks.timeZone')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 220 }}
              placeholder="Asia/Shanghai"
              options={ZONES.map((z) => ({ value: z, label: z }))}
            />
          </Form.Item>
        </Flex>
        <Form.Item name="missed" label={t('tasks.missed')} extra={t('tasks.missedHint')}>
          <Radio.Group options={MISSED_RULES.map((r) => ({ value: r, label: t(`tasks.missedRule.${r}`) }))} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
