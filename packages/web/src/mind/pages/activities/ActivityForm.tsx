import { ACTIVITY_AUDIENCES, ACTIVITY_KINDS, ACTIVITY_LIMITS } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Flex, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { ClassPicker } from '../homevisits/ClassPicker.tsx';
import { type Activity, createActivity, editActivity } from './api.ts';
import './strings.ts';

const L = ACTIVITY_LIMITS;
type Range = [Dayjs, Dayjs];

interface Values {
  title: string;
  kind: Activity['kind'];
  place?: string;
  description?: string;
  quota: number;
  audience: Activity['audience'];
  classIds?: number[];
  when: Range;
  signup: Range;
}

function initialValues(activity: Activity | null): Partial<Values> {
  if (!activity) {
    const today = dayjs().startOf('hour');
    return {
      kind: 'lecture',
      audience: 'both',
      quota: 50,
      signup: [today, today.add(7, 'day')],
      when: [today.add(8, 'day'), today.add(8, 'day').add(2, 'hour')],
    };
  }
  return {
    title: activity.title,
    kind: activity.kind,
    place: activity.place,
    description: activity.description,
    quota: activity.quota,
    audience: activity.audience,
    classIds: activity.targets.classIds,
    when: [dayjs(activity.startsAt), dayjs(activity.endsAt)],
    signup: [dayjs(activity.signupFrom), dayjs(activity.signupUntil)],
  };
}

const rangeRule = (message: string, last?: () => Dayjs | undefined) => ({
  validator: (_rule: unknown, value: Range | undefined) =>
    value?.[0] && value[1]?.isAfter(value[0]) && (!last?.() || !value[1].isAfter(last()))
      ? Promise.resolve()
      : Promise.reject(new Error(message)),
});

/** An activity: title, kind, place, places, who may sign up, for which classes, and its two windows. */
export function ActivityForm(props: { activity: Activity | null; onClose(): void; onSaved(): void }) {
  const { activity, onClose, onSaved } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = {
        title: v.title.trim(),
        kind: v.kind,
        place: v.place?.trim() ?? '',
        description: v.description?.trim() ?? '',
        quota: v.quota,
        audience: v.audience,
        targets: { gradeIds: activity?.targets.gradeIds ?? [], classIds: v.classIds ?? [] },
        startsAt: v.when[0].valueOf(),
        endsAt: v.when[1].valueOf(),
        signupFrom: v.signup[0].valueOf(),
        signupUntil: v.signup[1].valueOf(),
      };
      return activity ? editActivity({ ...body, id: activity.id }) : createActivity(body);
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
      title={activity ? t('activities.edit') : t('activities.add')}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('activities.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="activity-save">
            {t('activities.save')}
          </Button>
        </Flex>
      }
    >
      <FormAlert error={save.error} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues(activity)}
        onFinish={(v) => save.mutate(v)}
        data-testid="activity-form"
      >
        <Form.Item
          name="title"
          label={t('activities.title')}
          rules={[{ required: true, whitespace: true, max: L.titleMax, message: t('activities.titleRequired') }]}
        >
          <Input maxLength={L.titleMax} showCount data-testid="activity-title" />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="kind" label={t('activities.kind')} style={{ minWidth: 180 }}>
            <Select options={ACTIVITY_KINDS.map((k) => ({ value: k, label: t(`activities.kinds.${k}`) }))} />
          </Form.Item>
          <Form.Item name="audience" label={t('activities.audience')} style={{ minWidth: 180 }}>
            <Select
              data-testid="activity-audience"
              options={ACTIVITY_AUDIENCES.map((a) => ({ value: a, label: t(`activities.audiences.${a}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="quota"
            label={t('activities.quota')}
            rules={[
              { required: true, type: 'integer', min: 1, max: L.quotaMax, message: t('activities.quotaRequired') },
            ]}
          >
            <InputNumber min={1} max={L.quotaMax} precision={0} data-testid="activity-quota" />
          </Form.Item>
        </Flex>
        <Form.Item name="classIds" label={t('activities.classes')} extra={t('activities.classesHint')}>
          <ClassPicker />
        </Form.Item>
        <Form.Item
          name="signup"
          label={t('activities.signupWindow')}
          dependencies={['when']}
          rules={[
            ({ getFieldValue }) =>
              rangeRule(t('activities.signupRequired'), () => (getFieldValue('when') as Range | undefined)?.[1]),
          ]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="when" label={t('activities.when')} rules={[rangeRule(t('activities.whenRequired'))]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="place" label={t('activities.place')} rules={[{ max: L.placeMax }]}>
          <Input maxLength={L.placeMax} />
        </Form.Item>
        <Form.Item name="description" label={t('activities.description')} rules={[{ max: L.descriptionMax }]}>
          <Input.TextArea rows={4} maxLength={L.descriptionMax} showCount />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
