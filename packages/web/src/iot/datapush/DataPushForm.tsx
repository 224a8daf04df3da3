import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { AccountPicker } from '../../shared/people/AccountPicker.tsx';
import { addTarget, type DataPushCreated, type DataPushView, editTarget } from './api.ts';

interface Values {
  ownerId?: number;
  name: string;
  url: string;
  pushValues: boolean;
  pushAlarms: boolean;
}

const valuesOf = (target: DataPushView | null): Partial<Values> =>
  target
    ? { name: target.name, url: target.url, pushValues: target.pushValues, pushAlarms: target.pushAlarms }
    : { pushValues: true, pushAlarms: false };

/**
 * The platform administrators' form (decision 0138): a target for any account, its URL (the
 * server checks it against DATA_PUSH_URL_PREFIX and says so under the field) and what it pushes.
 * A new target's secret is shown once, when it is made.
 */
export function DataPushForm({ target, onClose }: { target: DataPushView | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<DataPushCreated | null>(null);
  const save = useMutation({
    mutationFn: (v: Values) => {
      const change = { name: v.name, url: v.url, pushValues: v.pushValues, pushAlarms: v.pushAlarms };
      return target ? editTarget(target.id, change) : addTarget({ ...change, ownerId: v.ownerId ?? 0 });
    },
    meta: { silentError: true },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['iot', 'data-push'] });
      if ('secret' in saved) setCreated(saved as DataPushCreated);
      else onClose();
    },
  });
  if (created)
    return (
      <Modal
        open
        title={t('dataPush.form.createdTitle')}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose} data-testid="datapush-secret-done">
            {t('dataPush.form.secretDone')}
          </Button>
        }
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t('dataPush.form.secretOnce')} />
          <Typography.Text code copyable data-testid="datapush-secret">
            {created.secret}
          </Typography.Text>
        </Space>
      </Modal>
    );
  return (
    <Modal
      open
      title={target ? t('dataPush.form.editTitle') : t('dataPush.form.addTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('ui.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="datapush-save">
            {t('ui.save')}
          </Button>
        </Space>
      }
    >
      <FormAlert error={save.error} form={form} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={valuesOf(target)}
        onFinish={(values) => save.mutate(values)}
        data-testid="datapush-form"
      >
        {!target && (
          <Form.Item
            name="ownerId"
            label={t('dataPush.form.owner')}
            rules={[{ required: true, message: t('dataPush.form.ownerRequired') }]}
          >
            <AccountPicker
              style={{ width: '100%' }}
              placeholder={t('dataPush.form.ownerPlaceholder')}
              notFound={t('dataPush.form.ownerNone')}
            />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('dataPush.field.name')}
          rules={[{ required: true, whitespace: true, message: t('dataPush.form.nameRequired') }]}
        >
          <Input maxLength={40} showCount data-testid="datapush-name" />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('dataPush.field.url')}
          extra={t('dataPush.form.urlHelp')}
          rules={[{ required: true, whitespace: true, message: t('dataPush.form.urlRequired') }]}
        >
          <Input maxLength={256} placeholder="https://" data-testid="datapush-url" />
        </Form.Item>
        <Form.Item label={t('dataPush.field.what')} required style={{ marginBottom: 0 }}>
          <Space size={24}>
            <Form.Item name="pushValues" valuePropName="checked">
              <Checkbox data-testid="datapush-values">{t('dataPush.what.values')}</Checkbox>
            </Form.Item>
            <Form.Item name="pushAlarms" valuePropName="checked">
              <Checkbox data-testid="datapush-alarms">{t('dataPush.what.alarms')}</Checkbox>
            </Form.Item>
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
