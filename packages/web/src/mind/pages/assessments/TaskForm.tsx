import { TASK_LIMITS } from '@meridian/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/errors.ts';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { currentLang } from '../../../shared/i18n.ts';
import { scaleOptions } from '../scales/api.ts';
import { type AssessmentKind, createTask, editTask, type Task, type TaskFields, type TaskMode } from './api.ts';
import { OrgPicker, StudentPicker, type TargetLevel } from './TargetPickers.tsx';

interface Values {
  name: string;
  rater?: 'classTeacher' | 'parent';
  scaleIds: number[];
  orgIds?: number[];
  studentIds?: number[];
  window: [Dayjs, Dayjs];
  retest: boolean;
  showReport: boolean;
  maxMinutes?: number | null;
}

// The server names the fields of the contract; the form groups some of them.
const FIELD_OF: Record<string, keyof Values> = {
  name: 'name',
  rater: 'rater',
  scaleIds: 'scaleIds',
  targets: 'orgIds',
  startsAt: 'window',
  endsAt: 'window',
  maxMinutes: 'maxMinutes',
};

function initialValues(task: Task | null): Partial<Values> {
  if (!task) {
    // Open from now for a week: a screening usually starts the day it is published.
    const start = dayjs().startOf('minute');
    return { window: [start, start.add(7, 'day').endOf('day')], retest: false, showReport: false, maxMinutes: null };
  }
  const { schoolIds, gradeIds, classIds, studentIds } = task.targets;
  return {
    name: task.name,
    rater: task.rater ?? undefined,
    scaleIds: task.scales.map((s) => s.scaleId),
    orgIds: [...schoolIds, ...gradeIds, ...classIds],
    studentIds,
    window: [dayjs(task.startsAt), dayjs(task.endsAt)],
    retest: task.retest,
    showReport: task.showReport,
    maxMinutes: task.maxMinutes,
  };
}

interface TaskFormProps {
  kind: AssessmentKind;
  /** How students answer: a questionnaire, or a conversation with the AI interviewer. */
  mode?: TaskMode;
  /** The draft being edited, or null for a new task. */
  task: Task | null;
  open: boolean;
  onClose(): void;
  onSaved(task: Task): void;
}

/** A new or draft task: scales, whom it reaches, its window, retest, report visibility and time limit. */
export function TaskForm({ kind, mode = 'questionnaire', task, open, onClose, onSaved }: TaskFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const lang = currentLang();
  const levels = useRef(new Map<number, TargetLevel>());
  if (task) {
    for (const id of task.targets.schoolIds) levels.current.set(id, 'school');
    for (const id of task.targets.gradeIds) levels.current.set(id, 'grade');
    for (const id of task.targets.classIds) levels.current.set(id, 'class');
  }
  const audience = kind === 'teacher' ? 'teacher' : kind === 'other' ? 'rater' : 'student';
  const scales = useQuery({
    queryKey: ['assess', 'scaleOptions', audience],
    queryFn: ({ signal }) => scaleOptions(audience, signal),
    enabled: open,
    meta: { silentError: true },
  });
  const save = useMutation({
    mutationFn: (body: TaskFields) => (task ? editTask({ ...body, id: task.id }) : createTask(body)),
    meta: { silentError: true },
    onSuccess: onSaved,
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const placed = error.items.flatMap((item) => {
        const name = FIELD_OF[item.field.split('.')[0] ?? ''];
        return name ? [{ name, errors: [item.msg] }] : [];
      });
      form.setFields(placed);
    },
  });
  const submit = (values: Values) => {
    const orgIds = values.orgIds ?? [];
    const of = (level: TargetLevel) => orgIds.filter((id) => levels.current.get(id) === level);
    save.mutate({
      name: values.name.trim(),
      kind,
      mode,
      rater: kind === 'other' ? (values.rater ?? null) : null,
      scaleIds: values.scaleIds,
      targets: {
        schoolIds: of('school'),
        gradeIds: of('grade'),
        classIds: of('class'),
        studentIds: values.studentIds ?? [],
        teacherUserIds: [],
      },
      startsAt: values.window[0].valueOf(),
      endsAt: values.window[1].valueOf(),
      retest: values.retest,
      showReport: values.showReport,
      maxMinutes: values.maxMinutes ?? null,
    });
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      size={560}
      title={task ? t('assess.tasks.edit') : t('assess.tasks.add')}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('assess.form.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="task-save">
            {t('assess.form.saveDraft')}
          </Button>
        </Flex>
      }
    >
      <FormAlert error={save.error} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues(task)}
        onFinish={submit}
        data-testid="task-form"
      >
        <Form.Item
          name="name"
          label={t('assess.form.name')}
          rules={[
            { required: true, whitespace: true, max: TASK_LIMITS.nameMax, message: t('assess.form.nameRequired') },
          ]}
        >
          <Input
            placeholder={t('assess.tasks.namePlaceholder')}
            maxLength={TASK_LIMITS.nameMax}
            showCount
            data-testid="task-name"
          />
        </Form.Item>
        {kind === 'other' && (
          <Form.Item
            name="rater"
            label={t('assess.form.rater')}
            rules={[{ required: true, message: t('assess.form.raterRequired') }]}
          >
            <Select
              options={(['classTeacher', 'parent'] as const).map((r) => ({ value: r, label: t(`assess.rater.${r}`) }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="scaleIds"
          label={t('assess.form.scales')}
          rules={[
            {
              required: true,
              type: 'array',
              min: 1,
              max: TASK_LIMITS.scalesMax,
              message: t('assess.form.scalesRequired'),
            },
          ]}
        >
          <Select
            mode="multiple"
            data-testid="task-scales"
            loading={scales.isPending}
            placeholder={t('assess.form.scalesPlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            options={(scales.data ?? []).map((s) => {
              const name = s.name[lang] || s.name['zh-CN'] || s.name.en || s.code;
              return { value: s.id, label: name.includes(s.code) ? name : `${name} (${s.code})` };
            })}
          />
        </Form.Item>
        <Form.Item
          name="orgIds"
          label={t('assess.form.orgs')}
          dependencies={['studentIds']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: number[] | undefined) =>
                (value?.length ?? 0) + ((getFieldValue('studentIds') as number[] | undefined)?.length ?? 0) > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('assess.form.targetsRequired'))),
            }),
          ]}
        >
          <OrgPicker
            onLevels={(known) => {
              for (const [id, level] of known) levels.current.set(id, level);
            }}
          />
        </Form.Item>
        {kind !== 'teacher' && (
          <Form.Item name="studentIds" label={t('assess.form.students')}>
            <StudentPicker />
          </Form.Item>
        )}
        <Form.Item
          name="window"
          label={t('assess.form.window')}
          rules={[
            {
              validator: (_rule, value: [Dayjs, Dayjs] | undefined) =>
                value?.[0] && value[1]?.isAfter(value[0])
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('assess.form.windowRequired'))),
            },
          ]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Flex gap={24} wrap>
          <Form.Item name="retest" label={t('assess.form.retest')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="showReport" label={t('assess.form.showReport')} valuePropName="checked">
            <Switch data-testid="task-show-report" />
          </Form.Item>
        </Flex>
        <Form.Item
          name="maxMinutes"
          label={t('assess.form.maxMinutes')}
          extra={t('assess.form.maxMinutesHint')}
          rules={[
            { type: 'integer', min: 1, max: TASK_LIMITS.maxMinutesMax, message: t('assess.form.maxMinutesHint') },
          ]}
        >
          <InputNumber min={1} max={TASK_LIMITS.maxMinutesMax} precision={0} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
