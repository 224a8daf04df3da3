import { UPGRADE_TARGETS, UPGRADE_WAVE_MAX } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { ProjectSelect, TemplateSelect } from '../components/lookups.tsx';
import { listFirmware } from '../firmware/api.ts';
import { listCandidates, startUpgrade, type UpgradeJobInput, type UpgradeStartedView } from './api.ts';
import { LeftOutList } from './LeftOutList.tsx';

/**
 * New upgrade job: a firmware; devices (each with the series, model and version it reported), or a
 * whole template or project whose matching devices the server takes; the wave and the threshold.
 */
export function StartForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
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
    onSuccess: async (job: UpgradeStartedView) => {
      if (job.leftOut.length)
        modal.info({
          title: t('upgrade.leftOutTitle', { count: job.leftOut.length }),
          width: 640,
          content: <LeftOutList leftOut={job.leftOut} />,
        });
      else message.success(t('upgrade.started'));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'upgrades'] });
      onClose();
    },
  });
  const unreported = t('upgrade.unreported');
  const target = Form.useWatch('target', form) ?? 'devices';
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
        initialValues={{ target: 'devices', waveSize: 5, failPercent: 20 }}
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
        <Form.Item name="target" label={t('upgrade.target')}>
          <Radio.Group
            data-testid="upgrade-target"
            optionType="button"
            options={UPGRADE_TARGETS.map((value) => ({ value, label: t(`upgrade.targets.${value}`) }))}
          />
        </Form.Item>
        {target === 'template' && (
          <Form.Item
            name="templateId"
            label={t('upgrade.template')}
            extra={t('upgrade.groupHint')}
            rules={[{ required: true }]}
          >
            <TemplateSelect data-testid="upgrade-template" />
          </Form.Item>
        )}
        {target === 'project' && (
          <Form.Item
            name="projectId"
            label={t('upgrade.project')}
            extra={t('upgrade.groupHint')}
            rules={[{ required: true }]}
          >
            <ProjectSelect data-testid="upgrade-project" />
          </Form.Item>
        )}
        <Form.Item
          name="deviceIds"
          label={t('upgrade.devices')}
          extra={t('upgrade.devicesHint')}
          rules={[{ required: target === 'devices' }]}
          hidden={target !== 'devices'}
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
