import { WORK_ORDER_PRIORITIES, WORK_ORDER_TYPES } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { DeviceSelect } from '../telemetry/DeviceSelect.tsx';
import { addWorkOrder, type WorkOrderDetail, type WorkOrderInput } from './api.ts';
import { PicturesField } from './PicturesField.tsx';

/** Create a work order: type, device, description, up to five pictures and priority. */
/** An order begun elsewhere (the warranty page): its device fixed, its type and description filled in. */
export interface OrderPreset {
  device: { id: number; label: string };
  type: WorkOrderInput['type'];
  description: string;
}

export function OrderForm({
  onClose,
  onAdded,
  preset,
}: {
  onClose(): void;
  onAdded(order: WorkOrderDetail): void;
  preset?: OrderPreset;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WorkOrderInput>();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: addWorkOrder,
    meta: { silentError: true },
    onSuccess: async (order) => {
      await queryClient.invalidateQueries({ queryKey: ['iot', 'workOrders'] });
      onAdded(order);
    },
  });
  return (
    <Modal
      open
      title={t('workOrders.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={add.isPending}
      okButtonProps={{ 'data-testid': 'work-order-save' } as Record<string, string>}
      destroyOnHidden
    >
      <FormAlert error={add.error} />
      <Form<WorkOrderInput>
        form={form}
        layout="vertical"
        initialValues={{
          type: preset?.type ?? 'repair',
          priority: 'normal',
          pictures: [],
          ...(preset ? { deviceId: preset.device.id, description: preset.description } : {}),
        }}
        onFinish={(values) => add.mutate(values)}
      >
        <Form.Item name="type" label={t('workOrders.type')} rules={[{ required: true }]}>
          <Select options={WORK_ORDER_TYPES.map((v) => ({ value: v, label: t(`workOrders.types.${v}`) }))} />
        </Form.Item>
        {preset ? (
          <>
            <Form.Item name="deviceId" hidden>
              <Input />
            </Form.Item>
            <Form.Item label={t('workOrders.device')}>
              <Input value={preset.device.label} disabled data-testid="work-order-device" />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="deviceId" label={t('workOrders.device')} rules={[{ required: true }]}>
            <DeviceSelect data-testid="work-order-device" />
          </Form.Item>
        )}
        <Form.Item name="description" label={t('workOrders.description')} rules={[{ required: true, max: 255 }]}>
          <Input.TextArea rows={3} maxLength={255} showCount data-testid="work-order-description" />
        </Form.Item>
        <Form.Item name="priority" label={t('workOrders.priority')} rules={[{ required: true }]}>
          <Select options={WORK_ORDER_PRIORITIES.map((v) => ({ value: v, label: t(`workOrders.priorities.${v}`) }))} />
        </Form.Item>
        <Form.Item name="pictures" label={t('workOrders.pictures')}>
          <PicturesField />
        </Form.Item>
      </Form>
    </Modal>
  );
}
