import { HOME_VISIT_LIMITS, VISIT_WAYS, type VisitWay } from '@meridian/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker, Divider, Drawer, Flex, Form, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { StudentChooser } from '../archive/common.tsx';
import { addVisit, editVisit, type VisitRecord, visitTaskPage } from './api.ts';
import { type AnswerValue, answersOf, type FormQuestion } from './questions.ts';
import './strings.ts';

const L = HOME_VISIT_LIMITS;

interface Values {
  taskId?: number | null;
  studentId: number;
  visitedAt: Dayjs;
  way: VisitWay;
  place?: string;
  people: string;
  summary: string;
  answers?: Record<string, AnswerValue>;
}

/** One question of the task's form as the visitor answers it. */
function AnswerItem({ question }: { question: FormQuestion }) {
  const { t } = useTranslation();
  const rules = question.required ? [{ required: true, message: t('visits.record.answerRequired') }] : [];
  const input =
    question.type === 'text' ? (
      <Input.TextArea rows={2} maxLength={L.answerMax} />
    ) : question.type === 'single' ? (
      <Radio.Group options={question.options.map((o) => ({ value: o, label: o }))} />
    ) : (
      <Checkbox.Group options={question.options.map((o) => ({ value: o, label: o }))} />
    );
  return (
    <Form.Item name={['answers', question.id]} label={question.title} rules={rules} data-testid="visit-answer">
      {input}
    </Form.Item>
  );
}

interface VisitFormProps {
  record: VisitRecord | null;
  /** The task a new visit belongs to, when opened from a task. */
  taskId?: number | undefined;
  onClose(): void;
  onSaved(): void;
}

/** A home visit: the student, when and how, who was there, the answers of the task's form and a summary. */
export function VisitForm({ record, taskId, onClose, onSaved }: VisitFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const chosenTask = Form.useWatch('taskId', form);
  const tasks = useQuery({
    queryKey: ['visits', 'tasks', 'picker'],
    queryFn: ({ signal }) => visitTaskPage({ page: 1, size: 100 }, signal),
    meta: { silentError: true },
  });
  const task = tasks.data?.list.find((x) => x.id === chosenTask);
  const questions: FormQuestion[] = task?.questions ?? [];
  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = {
        studentId: values.studentId,
        visitedAt: values.visitedAt.valueOf(),
        way: values.way,
        place: values.place?.trim() || null,
        people: values.people.trim(),
        summary: values.summary.trim(),
        answers: answersOf(questions, values.answers ?? {}),
      };
      return record ? editVisit({ id: record.id, ...body }) : addVisit({ taskId: values.taskId ?? null, ...body });
    },
    onSuccess: onSaved,
    meta: { silentError: true },
  });
  return (
    <Drawer
      open
      onClose={onClose}
      destroyOnHidden
      size={600}
      title={record ? t('visits.record.edit') : t('visits.record.add')}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('visits.record.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="visit-save">
            {t('visits.record.save')}
          </Button>
        </Flex>
      }
    >
      <FormAlert error={save.error} form={form} />
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="visit-form"
        onFinish={(values) => save.mutate(values)}
        initialValues={
          record
            ? {
                taskId: record.taskId,
                studentId: record.studentId,
                visitedAt: dayjs(record.visitedAt),
                way: record.way as VisitWay,
                place: record.place ?? '',
                people: record.people,
                summary: record.summary,
                answers: record.answers,
              }
            : { taskId: taskId ?? null, visitedAt: dayjs().startOf('minute'), way: 'home' }
        }
      >
        <Form.Item name="taskId" label={t('visits.record.task')}>
          <Select
            allowClear
            disabled={!!record}
            data-testid="visit-task"
            loading={tasks.isPending}
            placeholder={t('visits.record.taskPlaceholder')}
            options={(tasks.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))}
          />
        </Form.Item>
        <Form.Item
          name="studentId"
          label={t('visits.record.student')}
          rules={[{ required: true, message: t('visits.record.studentRequired') }]}
        >
          <StudentChooser testId="visit-student" width="100%" />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="visitedAt"
            label={t('visits.record.at')}
            rules={[{ required: true, message: t('visits.record.atRequired') }]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            />
          </Form.Item>
          <Form.Item
            name="way"
            label={t('visits.record.way')}
            rules={[{ required: true, message: t('visits.record.wayRequired') }]}
          >
            <Radio.Group
              optionType="button"
              options={VISIT_WAYS.map((w) => ({ value: w, label: t(`visits.ways.${w}`) }))}
            />
          </Form.Item>
        </Flex>
        <Form.Item name="place" label={t('visits.record.place')}>
          <Input maxLength={L.placeMax} />
        </Form.Item>
        <Form.Item
          name="people"
          label={t('visits.record.people')}
          rules={[{ required: true, whitespace: true, max: L.peopleMax, message: t('visits.record.peopleRequired') }]}
        >
          <Input
            maxLength={L.peopleMax}
            placeholder={t('visits.record.peoplePlaceholder')}
            data-testid="visit-people"
          />
        </Form.Item>
        {questions.length > 0 && (
          <>
            <Divider titlePlacement="start">{t('visits.record.answers')}</Divider>
            {questions.map((q) => (
              <AnswerItem key={q.id} question={q} />
            ))}
            <Divider />
          </>
        )}
        <Form.Item
          name="summary"
          label={t('visits.record.summary')}
          rules={[{ required: true, whitespace: true, max: L.summaryMax, message: t('visits.record.summaryRequired') }]}
        >
          <Input.TextArea rows={5} maxLength={L.summaryMax} showCount data-testid="visit-summary" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
