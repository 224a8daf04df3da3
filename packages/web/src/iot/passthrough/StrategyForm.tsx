import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../components/errors.ts';
import { listDevices } from '../devices/api.ts';
import { createStrategy, editStrategy, type PassthroughView } from './api.ts';

interface Values {
  name: string;
  deviceId?: number;
  allowList: string[];
}

const CHOICES = 50;

/** Adds or edits a passthrough strategy: its name, its DTU, and the addresses PC software may connect from. */
export function StrategyForm({
  strategy,
  onClose,
  onSaved,
}: {
  strategy: PassthroughView | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const devices = useQuery({
    queryKey: ['iot', 'devices', 'passthrough-choices', keyword],
    queryFn: ({ signal }) =>
      listDevices({ page: 1, size: CHOICES, keyword: keyword || undefined, throughDtu: true }, signal),
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
  const save = useMutation({
    mutationFn: (values: Values) => {
      const input = { name: values.name, deviceId: values.deviceId ?? 0, allowList: values.allowList ?? [] };
      return strategy ? editStrategy(strategy.id, input) : createStrategy(input);
    },
    meta: { silentError: true },
    onSuccess: onSaved,
    onError: (error) => showFieldErrors(form, error),
  });
  const options = (devices.data?.list ?? []).map((d) => ({
    value: d.id,
    label: d.sn ? `${d.name} (${d.sn})` : d.name,
  }));
  // The strategy's own DTU stays shown while the search has not brought it.
  if (strategy && !options.some((o) => o.value === strategy.deviceId))
    options.unshift({
      value: strategy.deviceId,
      label: strategy.sn ? `${strategy.deviceName} (${strategy.sn})` : strategy.deviceName,
    });
  return (
    <Modal
      open
      title={strategy ? t('passthrough.form.edit') : t('passthrough.form.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'passthrough-save' }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="passthrough-form"
        initialValues={{
          name: strategy?.name ?? '',
          deviceId: strategy?.deviceId,
          allowList: strategy?.allowList ?? [],
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="name"
          label={t('passthrough.field.name')}
          rules={[{ required: true, whitespace: true, max: 40 }]}
        >
          <Input data-testid="passthrough-name" maxLength={40} />
        </Form.Item>
        <Form.Item name="deviceId" label={t('passthrough.field.device')} rules={[{ required: true }]}>
          <Select<number>
            data-testid="passthrough-device"
            showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
            loading={devices.isFetching}
            notFoundContent={t('ui.noChoices')}
            placeholder={t('passthrough.form.devicePlaceholder')}
            options={options}
          />
        </Form.Item>
        <Form.Item name="allowList" label={t('passthrough.field.allowList')} extra={t('passthrough.form.allowHint')}>
          <Select<string[]>
            mode="tags"
            data-testid="passthrough-allow"
            open={false}
            tokenSeparators={[',', ' ']}
            placeholder={t('passthrough.form.allowPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
