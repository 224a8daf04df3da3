import { dtuSettings, REGISTRATION_MODES, TEMPLATE_LIMITS } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/rules.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { showFieldErrors } from '../components/errors.ts';
import { type DtuSettingsFields, dtuSettingsOf, saveDtuSettings } from './api.ts';

interface Values {
  registrationPacket?: string;
  registrationMode: DtuSettingsFields['registrationMode'];
  heartbeat?: string;
  mergeLength?: number | null;
}

const orNull = (text: string | undefined) => (text?.trim() ? text.trim() : null);

/**
 * How a DTU registers and beats (docs/protocols/dtu.md): its own registration packet, sent once or
 * before every packet, instead of the SN and password; a heartbeat to drop; and the register merge
 * package length. Empty fields fall back to the SN registration and the default length.
 */
export function DtuSettingsForm({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const key = ['iot', 'dtu-settings', deviceId];
  const settings = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => dtuSettingsOf(deviceId, signal),
    meta: { silentError: true },
  });
  useEffect(() => {
    if (!settings.data) return;
    form.setFieldsValue({
      registrationPacket: settings.data.registrationPacket ?? '',
      registrationMode: settings.data.registrationMode,
      heartbeat: settings.data.heartbeat ?? '',
      mergeLength: settings.data.mergeLength,
    });
  }, [settings.data, form]);
  const save = useMutation({
    mutationFn: (values: Values) =>
      saveDtuSettings(deviceId, {
        registrationPacket: orNull(values.registrationPacket),
        registrationMode: values.registrationMode,
        heartbeat: orNull(values.heartbeat),
        mergeLength: values.mergeLength ?? null,
      }),
    meta: { silentError: true },
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      message.success(t('data.dtu.saved'));
    },
    onError: (error) => showFieldErrors(form, error),
  });
  if (settings.isError && !settings.data) {
    return <LoadFailed error={settings.error} onRetry={() => settings.refetch()} retrying={settings.isFetching} />;
  }
  if (!settings.data) return <PageLoading />;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      data-testid="dtu-settings"
      onFinish={(values) => save.mutate(values)}
    >
      <Typography.Paragraph type="secondary">{t('data.dtu.hint')}</Typography.Paragraph>
      <Form.Item
        name="registrationPacket"
        label={t('data.dtu.registrationPacket')}
        extra={t('data.dtu.registrationPacketHint')}
        rules={[schemaRule(dtuSettings.shape.registrationPacket)]}
      >
        <Input data-testid="dtu-registration-packet" style={{ fontFamily: 'monospace' }} placeholder="4D 45 52 49" />
      </Form.Item>
      <Form.Item name="registrationMode" label={t('data.dtu.registrationMode')}>
        <Radio.Group options={REGISTRATION_MODES.map((mode) => ({ value: mode, label: t(`data.dtu.mode.${mode}`) }))} />
      </Form.Item>
      <Form.Item
        name="heartbeat"
        label={t('data.dtu.heartbeat')}
        extra={t('data.dtu.heartbeatHint')}
        rules={[schemaRule(dtuSettings.shape.heartbeat)]}
      >
        <Input data-testid="dtu-heartbeat" style={{ fontFamily: 'monospace' }} placeholder="48 42" />
      </Form.Item>
      <Form.Item
        name="mergeLength"
        label={t('devices.detail.mergeLength')}
        extra={t('data.dtu.mergeLengthHint', { n: TEMPLATE_LIMITS.registerMergeLength })}
        rules={[schemaRule(dtuSettings.shape.mergeLength)]}
      >
        <InputNumber<number> data-testid="dtu-merge-length" precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="dtu-save">
        {t('ui.save')}
      </Button>
    </Form>
  );
}

/** The register merge package length a DTU device is polled with; other devices have none. */
export function MergeLength({ deviceId, protocol }: { deviceId: number; protocol: string }) {
  const dtu = protocol === 'modbusRtu' || protocol === 'modbusTcp';
  const settings = useQuery({
    queryKey: ['iot', 'dtu-settings', deviceId],
    queryFn: ({ signal }) => dtuSettingsOf(deviceId, signal),
    enabled: dtu,
    meta: { silentError: true },
  });
  if (!dtu) return '-';
  return String(settings.data?.mergeLength ?? TEMPLATE_LIMITS.registerMergeLength);
}
