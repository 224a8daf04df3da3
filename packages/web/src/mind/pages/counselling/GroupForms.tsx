import { COUNSELLING_LIMITS } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Flex, Form, Input, InputNumber, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { StudentPicker } from '../assessments/TargetPickers.tsx';
import { applyGroup, type CounsellingGroup, editGroup, reviewGroup } from './api.ts';
import '../assessments/strings.ts';
import './strings.ts';

const L = COUNSELLING_LIMITS;

interface Values {
  title: string;
  topic: string;
  plan: string;
  startsOn: Dayjs;
  sessions: number;
  studentIds: number[];
}

/** A group application: name, topic, plan, start date, sessions planned and members. */
export function ApplyForm({
  group,
  onClose,
  onSaved,
}: {
  group: CounsellingGroup | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = {
        title: v.title.trim(),
        topic: v.topic.trim(),
        plan: v.plan.trim(),
        startsOn: v.startsOn.format('YYYY-MM-DD'),
        sessions: v.sessions,
        studentIds: v.studentIds,
      };
      return group ? editGroup({ id: group.id, ...body }) : applyGroup(body);
    },
    onSuccess: onSaved,
    meta: { silentError: true },
  });
  const text = (max: number, message: string) => [{ required: true, whitespace: true, max, message }];
  return (
    <Drawer
      open
      onClose={onClose}
      destroyOnHidden
      size={600}
      title={group ? t('counsel.apply.edit') : t('counsel.apply.add')}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('counsel.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="group-save">
            {t('counsel.save')}
          </Button>
        </Flex>
      }
    >
      <FormAlert error={save.error} form={form} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => save.mutate(v)}
        initialValues={
          group
            ? { ...group, startsOn: dayjs(group.startsOn), studentIds: group.members.map((m) => m.studentId) }
            : { startsOn: dayjs().add(7, 'day'), sessions: 6 }
        }
      >
        <Form.Item
          name="title"
          label={t('counsel.apply.title')}
          rules={text(L.titleMax, t('counsel.apply.titleRequired'))}
        >
          <Input maxLength={L.titleMax} showCount data-testid="group-title" />
        </Form.Item>
        <Form.Item
          name="topic"
          label={t('counsel.apply.topic')}
          rules={text(L.topicMax, t('counsel.apply.topicRequired'))}
        >
          <Input maxLength={L.topicMax} />
        </Form.Item>
        <Form.Item name="plan" label={t('counsel.apply.plan')} rules={text(L.planMax, t('counsel.apply.planRequired'))}>
          <Input.TextArea rows={5} maxLength={L.planMax} showCount />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item
            name="startsOn"
            label={t('counsel.apply.startsOn')}
            rules={[{ required: true, message: t('counsel.apply.startsOnRequired') }]}
          >
            <DatePicker />
          </Form.Item>
          <Form.Item
            name="sessions"
            label={t('counsel.apply.sessions')}
            rules={[
              {
                required: true,
                type: 'integer',
                min: 1,
                max: L.sessionsMax,
                message: t('counsel.apply.sessionsRequired'),
              },
            ]}
          >
            <InputNumber min={1} max={L.sessionsMax} precision={0} />
          </Form.Item>
        </Flex>
        <Form.Item
          name="studentIds"
          label={t('counsel.apply.members')}
          rules={[
            { required: true, type: 'array', min: 1, max: L.membersMax, message: t('counsel.apply.membersRequired') },
          ]}
        >
          <StudentPicker />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** The review of an application: approved, or refused with a reason the applicant reads. */
export function ReviewDialog({ group, onClose, onDone }: { group: CounsellingGroup; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ approve: boolean; note?: string }>();
  const approve = Form.useWatch('approve', form);
  const review = useMutation({
    mutationFn: (v: { approve: boolean; note?: string }) =>
      reviewGroup({ id: group.id, approve: v.approve, note: v.note?.trim() || null }),
    onSuccess: onDone,
    meta: { silentError: true },
  });
  return (
    <Modal
      open
      title={`${t('counsel.apply.reviewTitle')}：${group.title}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('counsel.save')}
      cancelText={t('counsel.cancel')}
      confirmLoading={review.isPending}
    >
      <FormAlert error={review.error} form={form} />
      <Form form={form} layout="vertical" initialValues={{ approve: true }} onFinish={(v) => review.mutate(v)}>
        <Form.Item name="approve">
          <Radio.Group
            options={[
              { value: true, label: t('counsel.apply.approve') },
              { value: false, label: t('counsel.apply.reject') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('counsel.apply.note')}
          rules={[
            { required: approve === false, whitespace: true, max: L.noteMax, message: t('counsel.apply.noteRequired') },
          ]}
        >
          <Input.TextArea rows={3} maxLength={L.noteMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
