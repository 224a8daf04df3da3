import { ALARM_LIMITS, alarmProcess } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Descriptions, Form, Input, Modal, Radio } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/rules.ts';
import { showFieldErrors } from '../components/errors.ts';
import { type AlarmView, processAlarm } from './api.ts';

interface ProcessValues {
  state: 'processed' | 'misreport';
  result?: string;
}

const resultRule = schemaRule(alarmProcess.shape.result);

/** Processing an alarm: processed or a misreport, with what was done (at most 255 characters). */
export function ProcessDialog({ alarm, onClose }: { alarm: AlarmView; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProcessValues>();
  const save = useMutation({
    mutationFn: (values: ProcessValues) =>
      processAlarm(alarm.id, { state: values.state, result: values.result?.trim() || undefined }),
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t('alarms.process.done'));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'alarms'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={t('alarms.process.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('alarms.process.ok')}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'content', label: t('alarms.column.content'), children: alarm.content },
          { key: 'device', label: t('alarms.column.device'), children: alarm.deviceName },
          { key: 'time', label: t('alarms.column.time'), children: dayjs(alarm.firedAt).format('YYYY-MM-DD HH:mm:ss') },
        ]}
      />
      <Form<ProcessValues>
        form={form}
        layout="vertical"
        name="process"
        data-testid="process-form"
        initialValues={{ state: 'processed' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="state" label={t('alarms.column.state')}>
          <Radio.Group
            options={(['processed', 'misreport'] as const).map((s) => ({ value: s, label: t(`alarms.state.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="result" label={t('alarms.column.result')} rules={[resultRule]}>
          <Input.TextArea rows={3} count={{ show: true, max: ALARM_LIMITS.resultMax }} data-testid="process-result" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
