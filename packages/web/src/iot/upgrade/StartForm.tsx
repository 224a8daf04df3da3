import { UPGRADE_WAVE_MAX } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { listFirmware } from '../firmware/api.ts';
import { listCandidates, startUpgrade, type UpgradeJobInput } from './api.ts';

/** New upgrade job: a firmware, devices (each with the series, model and version it reported), the wave and the threshold. */
export function StartForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UpgradeJobInput>();
  const firmware = useQuery({
    queryKey: ['iot', 'firmware', 'all'],
    queryFn: ({ signal }) => listFirmware({ page: 1, size: 500 }, signal),
  });
  const candidates = useQuery({
    queryKey: ['iot', 'upgrades', 'candidates'],
    queryFn: ({ signal }) => listCandidates(signal),
  });
  const save = useMutation({
    mutationFn: (input: UpgradeJobInput) => startUpgrade(input),
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t('upgrade.started'));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'upgrades'] });
      onClose();
    },
  });
  const unreported = t('upgrade.unreported');
  return (
    <Modal
      open
      title={t('upgrade.startTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      width={640}
      destroyOnHidden
    >
      <FormAlert error={save.error} form={form} />
      <Form<UpgradeJobInput>
        form={form}
        layout="vertical"
        name="upgrade"
        data-testid="upgrade-form"
        initialValues={{ waveSize: 5, failPercent: 20 }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="firmwareId" label={t('upgrade.firmware')} rules={[{ required: true }]}>
          <Select
            data-testid="upgrade-firmware"
            placeholder={t('upgrade.firmwarePick')}
            loading={firmware.isLoading}
            options={(firmware.data?.list ?? []).map((f) => ({
              value: f.id,
              label: `${f.name} · ${f.series} ${f.model} · ${f.version}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="deviceIds"
          label={t('upgrade.devices')}
          extra={t('upgrade.devicesHint')}
          rules={[{ required: true }]}
        >
          <Select
            mode="multiple"
            data-testid="upgrade-devices"
            placeholder={t('upgrade.devicesPick')}
            loading={candidates.isLoading}
            optionFilterProp="label"
            options={(candidates.data ?? []).map((d) => ({
              value: d.id,
              label: `${d.name} (${d.sn}) · ${d.model ? `${d.series} ${d.model}` : unreported} · ${d.version ?? '-'}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="waveSize" label={t('upgrade.waveSize')} extra={t('upgrade.waveSizeHint')}>
          <InputNumber data-testid="upgrade-wave" min={1} max={UPGRADE_WAVE_MAX} precision={0} />
        </Form.Item>
        <Form.Item name="failPercent" label={t('upgrade.failPercent')} extra={t('upgrade.failPercentHint')}>
          <InputNumber data-testid="upgrade-threshold" min={0} max={100} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
