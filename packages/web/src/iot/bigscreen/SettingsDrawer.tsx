import { BIGSCREEN_REFRESH, BIGSCREEN_TITLE_MAX, type BigscreenSettings } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { fileAddress } from '../../shared/files.ts';
import { PicturePicker } from '../components/PicturePicker.tsx';
import { bigscreenKey, saveBigscreenSettings } from './api.ts';

/** The monitor's title, logo and refresh interval, saved for the signed-in account. */
export function SettingsDrawer(props: { open: boolean; settings: BigscreenSettings; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BigscreenSettings>();
  const [logo, setLogo] = useState(props.settings.logo);
  useEffect(() => {
    if (props.open) {
      form.setFieldsValue(props.settings);
      setLogo(props.settings.logo);
    }
  }, [props.open, props.settings, form]);
  const save = useMutation({
    mutationFn: saveBigscreenSettings,
    onSuccess: async () => {
      message.success(t('bigscreen.settings.saved'));
      await queryClient.invalidateQueries({ queryKey: bigscreenKey });
      props.onClose();
    },
    onError: notifyError,
  });
  const address = fileAddress(logo);
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      title={t('bigscreen.settings.title')}
      size={480}
      data-testid="bigscreen-settings"
      extra={
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() => form.submit()}
          data-testid="bigscreen-settings-save"
        >
          {t('bigscreen.settings.save')}
        </Button>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={props.settings}
        onFinish={(values) => save.mutate({ title: values.title ?? '', logo, refreshSeconds: values.refreshSeconds })}
      >
        <Form.Item name="title" label={t('bigscreen.settings.name')} rules={[{ max: BIGSCREEN_TITLE_MAX }]}>
          <Input placeholder={t('bigscreen.settings.namePlaceholder')} maxLength={BIGSCREEN_TITLE_MAX + 10} />
        </Form.Item>
        <Form.Item label={t('bigscreen.settings.logo')} extra={t('bigscreen.settings.logoHint')}>
          <Flex vertical gap={12}>
            {address && (
              <img
                src={address}
                alt=""
                data-testid="bigscreen-settings-logo"
                style={{ height: 48, maxWidth: 200, objectFit: 'contain' }}
              />
            )}
            <PicturePicker
              value={logo}
              onChange={setLogo}
              addLabel={t('bigscreen.settings.logoUpload')}
              removeLabel={t('bigscreen.settings.logoRemove')}
              testId="bigscreen-logo-upload"
            />
          </Flex>
        </Form.Item>
        <Form.Item name="refreshSeconds" label={t('bigscreen.settings.refresh')}>
          <Select
            data-testid="bigscreen-refresh"
            options={BIGSCREEN_REFRESH.map((n) => ({
              value: n,
              label: n < 60 ? t('bigscreen.settings.seconds', { n }) : t('bigscreen.settings.minutes', { n: n / 60 }),
            }))}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
