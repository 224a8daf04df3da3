import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Form, type FormInstance, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../components/errors.ts';
import { addDevice, type Device, updateDevice } from './api.ts';
import { useDeviceChoices } from './choices.tsx';
import { BelongsSection, PlaceSection, ServiceSection } from './DeviceFormSections.tsx';
import { ConnectionFields, IdentityFields, WayField } from './DeviceIdentityFields.tsx';
import { toFields, toValues, type Values } from './deviceValues.ts';

/** Adds or updates the device; on success says so, refreshes the device lists and closes the form. */
function useSaveDevice(device: Device | undefined, form: FormInstance<Values>, onClose: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Values) => (device ? updateDevice(device.id, toFields(values)) : addDevice(toFields(values))),
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t(device ? 'devices.form.saved' : 'devices.form.added'));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'devices'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });
}

/**
 * Add Device and the device's edit form: every field of the spec. A new device comes by its SN
 * plus MAC or IMEI, or by a device ID (the no-SN route); its project, once chosen, stays.
 */
export function DeviceForm({ device, open, onClose }: { device?: Device; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [pictureProblem, setPictureProblem] = useState<string | null>(null);
  const way = Form.useWatch('way', form) ?? 'sn';
  const choices = useDeviceChoices(device?.id);
  const save = useSaveDevice(device, form, onClose);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={device ? t('devices.form.editTitle', { name: device.name }) : t('devices.form.addTitle')}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('ui.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="device-save">
            {t('ui.save')}
          </Button>
        </Flex>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="device"
        data-testid="device-form"
        initialValues={toValues(device)}
        onFinish={(values) => save.mutate(values)}
      >
        <WayField device={device} />
        <Row gutter={16}>
          <IdentityFields device={device} way={way} />
          <ConnectionFields />
        </Row>
        <BelongsSection device={device} choices={choices} />
        <PlaceSection pictureProblem={pictureProblem} setPictureProblem={setPictureProblem} />
        <ServiceSection />
      </Form>
    </Drawer>
  );
}
