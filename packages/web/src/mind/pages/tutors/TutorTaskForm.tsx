import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { TUTOR_CHOICE_LIMITS } from '@meridian/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Flex, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { teacherPage } from '../../../shared/people/api.ts';
import { ClassPicker } from '../homevisits/ClassPicker.tsx';
import { createTutorTask } from './api.ts';
import './strings.ts';

const L = TUTOR_CHOICE_LIMITS;
type Range = [Dayjs, Dayjs];

interface Values {
  name: string;
  classIds: number[];
  rounds: number;
  window: Range;
  tutors: Array<{ userId?: number; quota: number }>;
}

/** The school's active teachers, by account, for choosing the tutors. */
function TutorSelect(props: { value?: number; onChange?: (v: number) => void; id?: string }) {
  const { t } = useTranslation();
  const teachers = useQuery({
    queryKey: ['tutors', 'teachers'],
    queryFn: ({ signal }) => teacherPage({ status: 'active', page: 1, size: 500 }, signal),
    staleTime: 60_000,
    meta: { silentError: true },
  });
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={teachers.isPending}
      placeholder={t('tutors.tutor')}
      style={{ width: 260 }}
      data-testid="tutor-pick"
      options={(teachers.data?.list ?? []).map((x) => ({ value: x.userId, label: `${x.name}（${x.teacherNo}）` }))}
    />
  );
}

/** A tutor-choice task: its name, classes, rounds, window, and each tutor with their places. */
export function TutorTaskForm(props: { onClose(): void; onSaved(): void }) {
  const { onClose, onSaved } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) =>
      createTutorTask({
        name: v.name.trim(),
        classIds: v.classIds,
        rounds: v.rounds,
        opensAt: v.window[0].valueOf(),
        closesAt: v.window[1].valueOf(),
        tutors: v.tutors.map((x) => ({ userId: x.userId ?? 0, quota: x.quota })),
      }),
    onSuccess: onSaved,
    meta: { silentError: true },
  });
  const now = dayjs().startOf('minute');
  return (
    <Drawer
      open
      onClose={onClose}
      destroyOnHidden
      size={640}
      title={t('tutors.add')}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('tutors.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="tutor-task-save">
            {t('tutors.save')}
          </Button>
        </Flex>
      }
    >
      <FormAlert error={save.error} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ rounds: 2, window: [now, now.add(7, 'day')], tutors: [{ quota: 10 }] }}
        onFinish={(v) => save.mutate(v)}
        data-testid="tutor-task-form"
      >
        <Form.Item
          name="name"
          label={t('tutors.name')}
          rules={[{ required: true, whitespace: true, max: L.nameMax, message: t('tutors.nameRequired') }]}
        >
          <Input maxLength={L.nameMax} showCount data-testid="tutor-task-name" />
        </Form.Item>
        <Form.Item
          name="classIds"
          label={t('tutors.classes')}
          rules={[{ required: true, type: 'array', min: 1, message: t('tutors.classesRequired') }]}
        >
          <ClassPicker />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="rounds" label={t('tutors.rounds')} extra={t('tutors.roundsHint')}>
            <InputNumber min={1} max={L.roundsMax} precision={0} />
          </Form.Item>
          <Form.Item
            name="window"
            label={t('tutors.window')}
            rules={[
              {
                validator: (_r, v: Range | undefined) =>
                  v?.[0] && v[1]?.isAfter(v[0])
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('tutors.windowRequired'))),
              },
            ]}
          >
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </Flex>
        <Form.Item label={t('tutors.tutorList')} required>
          <Form.List name="tutors">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8}>
                {fields.map((field) => (
                  <Flex key={field.key} gap={8} align="start" data-testid="tutor-row">
                    <Form.Item
                      name={[field.name, 'userId']}
                      rules={[{ required: true, message: t('tutors.tutorRequired') }]}
                      style={{ marginBottom: 0 }}
                    >
                      <TutorSelect />
                    </Form.Item>
                    <Form.Item name={[field.name, 'quota']} style={{ marginBottom: 0 }}>
                      <InputNumber
                        min={1}
                        max={L.quotaMax}
                        precision={0}
                        prefix={t('tutors.quota')}
                        aria-label={t('tutors.quota')}
                        data-testid="tutor-quota"
                      />
                    </Form.Item>
                    {fields.length > 1 && (
                      <Button
                        type="text"
                        icon={<MinusCircleOutlined />}
                        aria-label={t('tutors.remove')}
                        onClick={() => remove(field.name)}
                      />
                    )}
                  </Flex>
                ))}
                {fields.length < L.tutorsMax && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quota: 10 })}>
                    {t('tutors.addTutor')}
                  </Button>
                )}
              </Flex>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </Drawer>
  );
}
