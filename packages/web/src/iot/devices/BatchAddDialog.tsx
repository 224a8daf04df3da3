import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogue, showFieldErrors } from '../components/errors.ts';
import { addBatch, type BatchAdd } from './api.ts';
import { ChoiceSelect, ChoiceTags, useDeviceChoices } from './choices.tsx';
import { deviceRules, intervalOptions } from './fields.tsx';

/** Add in Batches: 1-100 devices by ID at once, named by a prefix and numbered from a start. */
export function BatchAddDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BatchAdd>();
  const choices = useDeviceChoices();
  const save = useMutation({
    mutationFn: (values: BatchAdd) => addBatch({ ...values, namePrefix: values.namePrefix.trim() }),
    meta: { silentError: true },
    onSuccess: async (result, values) => {
      message.success(t('devices.batch.done', { count: result?.ids.length ?? values.count }));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'devices'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal
      open={open}
      title={t('devices.batch.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('devices.batch.submit')}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Form<BatchAdd>
        form={form}
        layout="vertical"
        name="batch"
        initialValues={{ count: 10, startNo: 1, queryInterval: 300 }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="count"
          label={t('devices.batch.count')}
          rules={[
            { required: true, message: catalogue('device.batch.count') },
            { type: 'integer', min: 1, max: 100, message: catalogue('device.batch.count') },
          ]}
          extra={t('devices.batch.countHint')}
        >
          <InputNumber style={{ width: '100%' }} precision={0} />
        </Form.Item>
        <Form.Item
          name="namePrefix"
          label={t('devices.batch.prefix')}
          rules={[
            { required: true, whitespace: true, message: t('devices.rules.prefixRequired') },
            { max: 40, message: catalogue('device.name.length') },
          ]}
          extra={t('devices.batch.prefixHint')}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="startNo"
          label={t('devices.batch.startNo')}
          rules={[
            { required: true, message: catalogue('device.no.range') },
            { type: 'integer', min: 1, max: 65535, message: catalogue('device.no.range') },
          ]}
        >
          <InputNumber style={{ width: '100%' }} precision={0} />
        </Form.Item>
        <Form.Item name="queryInterval" label={t('devices.field.queryInterval')}>
          <Select options={intervalOptions(t)} />
        </Form.Item>
        <Form.Item name="projectId" label={t('devices.field.project')}>
          <ChoiceSelect choices={choices} kind="projects" />
        </Form.Item>
        <Form.Item name="templateId" label={t('devices.field.template')}>
          <ChoiceSelect choices={choices} kind="templates" />
        </Form.Item>
        <Form.Item name="tagIds" label={t('devices.field.tags')} rules={deviceRules(t).tags}>
          <ChoiceTags choices={choices} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
