import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Modal, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { listDevices } from '../devices/api.ts';
import { listTemplates } from '../templates/api.ts';
import { applyScreen, type ScadaDetail } from './api.ts';
import './strings.ts';

interface Fields {
  kind: 'device' | 'template';
  templateId?: number;
  reach: 'all' | 'some';
  devices?: number[];
}

/**
 * Configuration Application (decision 0120): a screen stays a Device Configuration, or becomes
 * template-based, applied to every device of its template or to the chosen ones. The server checks
 * the bindings against the template and each device against the caller's scope, and says which is wrong.
 */
export function ApplicationDialog({ screen, onClose }: { screen: ScadaDetail; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const current = screen.document.template;
  const kind = Form.useWatch('kind', form) ?? (current ? 'template' : 'device');
  const templateId = Form.useWatch('templateId', form) ?? current?.templateId;
  const reach = Form.useWatch('reach', form) ?? (current?.devices ? 'some' : 'all');
  const templates = useQuery({
    queryKey: ['iot', 'templates', 'list', 'scada'],
    queryFn: ({ signal }) => listTemplates({ page: 1, size: 500 }, signal),
    enabled: kind === 'template',
  });
  const devices = useQuery({
    queryKey: ['iot', 'devices', 'of-template', templateId],
    queryFn: ({ signal }) => listDevices({ templateId, page: 1, size: 500 }, signal),
    enabled: kind === 'template' && templateId !== undefined,
  });
  const save = useMutation({
    mutationFn: (values: Fields) =>
      applyScreen(screen.id, {
        templateId: values.kind === 'template' ? (values.templateId ?? null) : null,
        devices: values.kind === 'template' && values.reach === 'some' ? (values.devices ?? []) : null,
        revision: screen.revision,
      }),
    meta: { silentError: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['iot', 'scada'] });
      message.success(t('scada.applied'));
      onClose();
    },
    onError: (error) => notifyError(error),
  });
  return (
    <Modal
      open
      title={t('scada.applyTitle', { name: screen.name })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        name="scada-application"
        data-testid="scada-application"
        initialValues={{
          kind: current ? 'template' : 'device',
          templateId: current?.templateId,
          reach: current?.devices ? 'some' : 'all',
          devices: current?.devices ?? [],
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Typography.Paragraph type="secondary">{t('scada.applyIntro')}</Typography.Paragraph>
        <Form.Item name="kind" label={t('scada.applyKind')}>
          <Radio.Group>
            <Flex vertical gap={4}>
              <Radio value="device">{t('scada.applyDevice')}</Radio>
              <Radio value="template" data-testid="scada-apply-template">
                {t('scada.applyTemplate')}
              </Radio>
            </Flex>
          </Radio.Group>
        </Form.Item>
        {kind === 'template' && (
          <>
            <Form.Item name="templateId" label={t('scada.applyTemplatePick')} rules={[{ required: true }]}>
              <Select
                showSearch
                optionFilterProp="label"
                loading={templates.isPending}
                data-testid="scada-apply-template-pick"
                options={(templates.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))}
                onChange={() => form.setFieldValue('devices', [])}
              />
            </Form.Item>
            <Form.Item name="reach">
              <Radio.Group>
                <Flex vertical gap={4}>
                  <Radio value="all">{t('scada.applyAll')}</Radio>
                  <Radio value="some" data-testid="scada-apply-some">
                    {t('scada.applySome')}
                  </Radio>
                </Flex>
              </Radio.Group>
            </Form.Item>
            {reach === 'some' && (
              <Form.Item name="devices" label={t('scada.applyDevices')}>
                <Select
                  mode="multiple"
                  optionFilterProp="label"
                  loading={devices.isFetching}
                  data-testid="scada-apply-devices"
                  options={(devices.data?.list ?? []).map((d) => ({ value: d.id, label: d.name }))}
                />
              </Form.Item>
            )}
          </>
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="scada-apply-save">
          {t('scada.applySave')}
        </Button>
      </Form>
    </Modal>
  );
}
