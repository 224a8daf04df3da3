import { BAUD_RATES, configProfileInput, PARITIES } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../components/errors.ts';
import { type ConfigKind, type ConfigProfileInput, type ConfigProfileView, createProfile, editProfile } from './api.ts';

type Values = { name: string; kind: ConfigKind; dtu?: Record<string, unknown>; mqtt?: { document: string } };

const DTU_DEFAULTS = {
  commandPassword: 'www.usr.cn',
  baudRate: 9600,
  dataBits: 8,
  parity: 'none',
  stopBits: 1,
  heartbeat: '',
  heartbeatSeconds: 60,
  registrationPacket: '',
  serverHost: '',
  serverPort: 15000,
};

const blankToNull = (text: unknown) => (typeof text === 'string' && text.trim() ? text.trim() : null);

/** Adds or edits a configuration profile: a DTU's parameters, or an MQTT device's JSON document. */
export function ProfileForm({
  profile,
  onClose,
  onSaved,
}: {
  profile: ConfigProfileView | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? profile?.kind ?? 'dtu';
  const save = useMutation({
    mutationFn: (values: Values) => {
      const input = (
        values.kind === 'dtu'
          ? {
              kind: 'dtu',
              name: values.name,
              dtu: {
                ...values.dtu,
                heartbeat: blankToNull(values.dtu?.heartbeat),
                registrationPacket: blankToNull(values.dtu?.registrationPacket),
              },
            }
          : { kind: 'mqtt', name: values.name, mqtt: values.mqtt }
      ) as ConfigProfileInput;
      return profile ? editProfile(profile.id, input) : createProfile(input);
    },
    meta: { silentError: true },
    onSuccess: onSaved,
    onError: (error) => showFieldErrors(form, error),
  });
  const nameRule = {
    validator: async (_r: unknown, value: unknown) => {
      const result = configProfileInput.options[1].shape.name.safeParse(value ?? '');
      if (!result.success) throw new Error(t(`config.form.nameRule`));
    },
  };
  return (
    <Modal
      open
      width={640}
      title={profile ? t('config.form.edit') : t('config.form.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'profile-save' }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="profile-form"
        initialValues={{
          name: profile?.name ?? '',
          kind: profile?.kind ?? 'dtu',
          dtu: profile?.dtu
            ? {
                ...profile.dtu,
                heartbeat: profile.dtu.heartbeat ?? '',
                registrationPacket: profile.dtu.registrationPacket ?? '',
              }
            : DTU_DEFAULTS,
          mqtt: profile?.mqtt ?? { document: '{\n  \n}' },
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="name"
          label={t('config.field.name')}
          rules={[{ required: true, message: t('config.form.nameRule') }, nameRule]}
        >
          <Input data-testid="profile-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('config.field.kind')}>
          <Radio.Group
            disabled={Boolean(profile)}
            options={[
              { value: 'dtu', label: 'DTU' },
              { value: 'mqtt', label: 'MQTT' },
            ]}
          />
        </Form.Item>
        {kind === 'dtu' ? (
          <>
            <Form.Item
              name={['dtu', 'commandPassword']}
              label={t('config.field.commandPassword')}
              extra={t('config.form.passwordHint')}
            >
              <Input />
            </Form.Item>
            <Form.Item label={t('config.field.serial')} required>
              <Space.Compact block>
                <Form.Item name={['dtu', 'baudRate']} noStyle>
                  <Select
                    data-testid="profile-baud"
                    style={{ width: '30%' }}
                    options={BAUD_RATES.map((b) => ({ value: b, label: String(b) }))}
                  />
                </Form.Item>
                <Form.Item name={['dtu', 'dataBits']} noStyle>
                  <Select
                    style={{ width: '20%' }}
                    options={[7, 8].map((b) => ({ value: b, label: t('config.field.dataBits', { n: b }) }))}
                  />
                </Form.Item>
                <Form.Item name={['dtu', 'parity']} noStyle>
                  <Select
                    style={{ width: '25%' }}
                    options={PARITIES.map((p) => ({ value: p, label: t(`config.parity.${p}`) }))}
                  />
                </Form.Item>
                <Form.Item name={['dtu', 'stopBits']} noStyle>
                  <Select
                    style={{ width: '25%' }}
                    options={[1, 2].map((b) => ({ value: b, label: t('config.field.stopBits', { n: b }) }))}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            <Form.Item name={['dtu', 'heartbeat']} label={t('config.field.heartbeat')} extra={t('config.form.hexHint')}>
              <Input />
            </Form.Item>
            <Form.Item name={['dtu', 'heartbeatSeconds']} label={t('config.field.heartbeatSeconds')}>
              <InputNumber min={1} max={65535} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item
              name={['dtu', 'registrationPacket']}
              label={t('config.field.registrationPacket')}
              extra={t('config.form.packetHint')}
            >
              <Input />
            </Form.Item>
            <Form.Item label={t('config.field.server')} required>
              <Space.Compact block>
                <Form.Item name={['dtu', 'serverHost']} noStyle>
                  <Input
                    style={{ width: '70%' }}
                    placeholder={t('config.field.serverHost')}
                    data-testid="profile-host"
                  />
                </Form.Item>
                <Form.Item name={['dtu', 'serverPort']} noStyle>
                  <InputNumber
                    style={{ width: '30%' }}
                    placeholder={t('config.field.serverPort')}
                    data-testid="profile-port"
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </>
        ) : (
          <Form.Item name={['mqtt', 'document']} label={t('config.field.document')}>
            <Input.TextArea rows={8} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
