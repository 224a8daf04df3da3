import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Radio, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../components/errors.ts';
import { listDevices } from '../devices/api.ts';
import { createStrategy, editStrategy, labelOf, type PassthroughKind, type PassthroughView } from './api.ts';

interface Values {
  name: string;
  kind: PassthroughKind;
  deviceId?: number;
  allowList: string[];
  edgeIds: number[];
  enabled: boolean;
}

const CHOICES = 50;

interface Choice {
  value: number;
  label: string;
}

/** DTUs found by name or SN, with the strategy's own DTUs kept while the search has not brought them. */
function useDtuChoices(kept: Choice[]) {
  const [keyword, setKeyword] = useState('');
  const devices = useQuery({
    queryKey: ['iot', 'devices', 'passthrough-choices', keyword],
    queryFn: ({ signal }) =>
      listDevices({ page: 1, size: CHOICES, keyword: keyword || undefined, throughDtu: true }, signal),
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
  const options: Choice[] = (devices.data?.list ?? []).map((d) => ({
    value: d.id,
    label: labelOf({ deviceName: d.name, sn: d.sn }),
  }));
  for (const choice of kept) if (!options.some((o) => o.value === choice.value)) options.unshift(choice);
  return { options, loading: devices.isFetching, search: (text: string) => setKeyword(text.trim()) };
}

/**
 * Adds or edits a passthrough strategy: its name and kind; for PC software its DTU and the
 * addresses the software may connect from (decision 0113); for a DTU group its management DTU, its
 * edge DTUs and whether it is enabled (decision 0157).
 */
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
  const kind = Form.useWatch('kind', form) ?? strategy?.kind ?? 'pc';
  const own: Choice[] = strategy
    ? [
        { value: strategy.deviceId, label: labelOf(strategy) },
        ...strategy.edges.map((e) => ({ value: e.deviceId, label: labelOf(e) })),
      ]
    : [];
  const single = useDtuChoices(own);
  const edges = useDtuChoices(own);
  const save = useMutation({
    mutationFn: (values: Values) => {
      const input = {
        name: values.name,
        kind: values.kind,
        deviceId: values.deviceId ?? 0,
        allowList: values.kind === 'pc' ? (values.allowList ?? []) : [],
        edgeIds: values.kind === 'group' ? (values.edgeIds ?? []) : [],
        enabled: values.kind === 'group' ? values.enabled : true,
      };
      return strategy ? editStrategy(strategy.id, input) : createStrategy(input);
    },
    meta: { silentError: true },
    onSuccess: onSaved,
    onError: (error) => showFieldErrors(form, error),
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
          kind: strategy?.kind ?? 'pc',
          deviceId: strategy?.deviceId,
          allowList: strategy?.allowList ?? [],
          edgeIds: strategy?.edges.map((e) => e.deviceId) ?? [],
          enabled: strategy?.enabled ?? true,
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
        <Form.Item name="kind" label={t('passthrough.field.kind')} extra={t(`passthrough.kindHint.${kind}`)}>
          <Radio.Group
            data-testid="passthrough-kind"
            optionType="button"
            options={[
              { value: 'pc', label: t('passthrough.kind.pc') },
              { value: 'group', label: t('passthrough.kind.group') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="deviceId"
          label={kind === 'group' ? t('passthrough.field.management') : t('passthrough.field.device')}
          rules={[{ required: true }]}
        >
          <Select<number>
            data-testid="passthrough-device"
            showSearch={{ filterOption: false, onSearch: single.search }}
            loading={single.loading}
            notFoundContent={t('ui.noChoices')}
            placeholder={
              kind === 'group' ? t('passthrough.form.managementPlaceholder') : t('passthrough.form.devicePlaceholder')
            }
            options={single.options}
          />
        </Form.Item>
        {kind === 'pc' ? (
          <Form.Item name="allowList" label={t('passthrough.field.allowList')} extra={t('passthrough.form.allowHint')}>
            <Select<string[]>
              mode="tags"
              data-testid="passthrough-allow"
              open={false}
              tokenSeparators={[',', ' ']}
              placeholder={t('passthrough.form.allowPlaceholder')}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="edgeIds" label={t('passthrough.field.edges')} rules={[{ required: true }]}>
              <Select<number[]>
                mode="multiple"
                data-testid="passthrough-edges"
                showSearch={{ filterOption: false, onSearch: edges.search }}
                loading={edges.loading}
                notFoundContent={t('ui.noChoices')}
                placeholder={t('passthrough.form.edgesPlaceholder')}
                options={edges.options}
              />
            </Form.Item>
            <Form.Item label={t('passthrough.field.enabled')}>
              <Form.Item name="enabled" valuePropName="checked" noStyle>
                <Switch data-testid="passthrough-enabled" />
              </Form.Item>
              <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                {t('passthrough.form.enabledHint')}
              </Typography.Text>
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
