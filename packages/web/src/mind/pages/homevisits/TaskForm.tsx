import { HOME_VISIT_LIMITS, VISIT_QUESTION_TYPES } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Drawer, Flex, Form, Input, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { StudentPicker } from '../assessments/TargetPickers.tsx';
import { createVisitTask, editVisitTask, type VisitTask } from './api.ts';
import { ClassPicker } from './ClassPicker.tsx';
import { type DraftQuestion, toQuestions } from './questions.ts';
import '../assessments/strings.ts';
import './strings.ts';

const L = HOME_VISIT_LIMITS;

interface Values {
  name: string;
  window: [Dayjs, Dayjs];
  classIds?: number[];
  studentIds?: number[];
  questions: DraftQuestion[];
}

function initialValues(task: VisitTask | null): Partial<Values> {
  if (!task) {
    const start = dayjs().startOf('day');
    return {
      window: [start, start.add(30, 'day').endOf('day')],
      questions: [{ title: '', type: 'text', required: true }],
    };
  }
  return {
    name: task.name,
    window: [dayjs(task.startsAt), dayjs(task.endsAt)],
    classIds: task.targets.classIds,
    studentIds: task.targets.studentIds,
    questions: task.questions,
  };
}

/** One question of the builder: its title, type, whether it must be answered and, for a choice, its options. */
function QuestionCard({ index, locked, onRemove }: { index: number; locked: boolean; onRemove?: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const type = Form.useWatch(['questions', index, 'type'], form);
  return (
    <Card
      size="small"
      data-testid="visit-question"
      title={t('visits.task.question', { n: index + 1 })}
      extra={
        onRemove && (
          <Typography.Link type="danger" onClick={onRemove} data-testid="visit-question-remove">
            {t('visits.task.removeQuestion')}
          </Typography.Link>
        )
      }
    >
      <Form.Item
        name={[index, 'title']}
        label={t('visits.task.questionTitle')}
        rules={[
          {
            required: true,
            whitespace: true,
            max: L.questionTitleMax,
            message: t('visits.task.questionTitleRequired'),
          },
        ]}
      >
        <Input maxLength={L.questionTitleMax} disabled={locked} data-testid="visit-question-title" />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item name={[index, 'type']} label={t('visits.task.type')}>
          <Select
            style={{ width: 140 }}
            disabled={locked}
            data-testid="visit-question-type"
            options={VISIT_QUESTION_TYPES.map((q) => ({ value: q, label: t(`visits.types.${q}`) }))}
          />
        </Form.Item>
        <Form.Item name={[index, 'required']} label={t('visits.task.required')} valuePropName="checked">
          <Switch disabled={locked} />
        </Form.Item>
      </Flex>
      {type !== 'text' && (
        <Form.Item
          name={[index, 'options']}
          label={t('visits.task.options')}
          rules={[
            {
              validator: (_rule, value: string[] | undefined) => {
                const options = (value ?? []).map((o) => o.trim()).filter(Boolean);
                const ok =
                  options.length >= L.optionsMin &&
                  options.length <= L.optionsMax &&
                  new Set(options).size === options.length &&
                  options.every((o) => o.length <= L.optionMax);
                return ok ? Promise.resolve() : Promise.reject(new Error(t('visits.task.optionsRequired')));
              },
            },
          ]}
        >
          <Select
            mode="tags"
            open={false}
            disabled={locked}
            tokenSeparators={['\n']}
            placeholder={t('visits.task.optionsPlaceholder')}
            data-testid="visit-question-options"
          />
        </Form.Item>
      )}
    </Card>
  );
}

interface TaskFormProps {
  task: VisitTask | null;
  onClose(): void;
  onSaved(): void;
}

/** A home-visit task: its name, the visit period, whom to visit (classes, students) and the visit form. */
export function VisitTaskForm({ task, onClose, onSaved }: TaskFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  // Answers refer to question ids: once visits exist the form cannot change.
  const locked = (task?.visits ?? 0) > 0;
  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = {
        name: values.name.trim(),
        questions: toQuestions(values.questions),
        targets: { classIds: values.classIds ?? [], studentIds: values.studentIds ?? [] },
        startsAt: values.window[0].valueOf(),
        endsAt: values.window[1].valueOf(),
      };
      return task ? editVisitTask({ ...body, id: task.id }) : createVisitTask(body);
    },
    onSuccess: onSaved,
    meta: { silentError: true },
  });
  return (
    <Drawer
      open
      onClose={onClose}
      destroyOnHidden
      size={640}
      title={task ? t('visits.task.edit') : t('visits.task.add')}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('visits.task.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="visit-task-save">
            {t('visits.task.save')}
          </Button>
        </Flex>
      }
    >
      <FormAlert error={save.error} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues(task)}
        onFinish={(values) => save.mutate(values)}
        data-testid="visit-task-form"
      >
        <Form.Item
          name="name"
          label={t('visits.task.name')}
          rules={[{ required: true, whitespace: true, max: L.nameMax, message: t('visits.task.nameRequired') }]}
        >
          <Input
            maxLength={L.nameMax}
            showCount
            placeholder={t('visits.task.namePlaceholder')}
            data-testid="visit-task-name"
          />
        </Form.Item>
        <Form.Item
          name="window"
          label={t('visits.task.window')}
          rules={[
            {
              validator: (_rule, value: [Dayjs, Dayjs] | undefined) =>
                value?.[0] && value[1]?.isAfter(value[0])
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('visits.task.windowRequired'))),
            },
          ]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="classIds"
          label={t('visits.task.classes')}
          dependencies={['studentIds']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: number[] | undefined) =>
                (value?.length ?? 0) + ((getFieldValue('studentIds') as number[] | undefined)?.length ?? 0) > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('visits.task.targetsRequired'))),
            }),
          ]}
        >
          <ClassPicker />
        </Form.Item>
        <Form.Item name="studentIds" label={t('visits.task.students')}>
          <StudentPicker />
        </Form.Item>
        <Typography.Title level={5}>{t('visits.task.questions')}</Typography.Title>
        {locked && <Alert type="info" showIcon title={t('visits.task.locked')} style={{ marginBottom: 12 }} />}
        <Form.List
          name="questions"
          rules={[
            {
              validator: (_rule, value: DraftQuestion[] | undefined) =>
                (value?.length ?? 0) >= 1 && (value?.length ?? 0) <= L.questionsMax
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('visits.task.questionsRequired'))),
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <Flex vertical gap={12}>
              {fields.map((field) => (
                <QuestionCard
                  key={field.key}
                  index={field.name}
                  locked={locked}
                  onRemove={locked || fields.length === 1 ? undefined : () => remove(field.name)}
                />
              ))}
              <Form.ErrorList errors={errors} />
              {!locked && fields.length < L.questionsMax && (
                <Button
                  type="dashed"
                  onClick={() => add({ title: '', type: 'single', options: [], required: true })}
                  data-testid="visit-question-add"
                >
                  {t('visits.task.addQuestion')}
                </Button>
              )}
            </Flex>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
