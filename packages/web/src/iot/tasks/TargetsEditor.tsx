import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { pointLabel, useTriggerTarget } from '../alarms/lookups.tsx';
import { DeviceSelect } from '../telemetry/DeviceSelect.tsx';

/** One write of a task: a device, one of its writable points, and the value, typed as the point takes it. */
function TargetRow({ index, onRemove }: { index: number; onRemove?: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const deviceId = Form.useWatch(['targets', index, 'deviceId'], form) as number | undefined;
  const pointId = Form.useWatch(['targets', index, 'pointId'], form) as number | undefined;
  const target = useTriggerTarget('device', deviceId);
  const writable = target.points.filter((p) => p.readWrite !== 'readOnly');
  const point = writable.find((p) => p.id === pointId);
  return (
    <Flex gap={8} align="start" data-testid={`task-target-${index}`}>
      <Form.Item name={[index, 'deviceId']} style={{ marginBottom: 8 }}>
        <DeviceSelect
          style={{ width: 240 }}
          data-testid={`task-device-${index}`}
          onChange={() => form.setFieldValue(['targets', index, 'pointId'], undefined)}
        />
      </Form.Item>
      <Form.Item name={[index, 'pointId']} style={{ marginBottom: 8 }}>
        <Select
          style={{ width: 200 }}
          placeholder={t('tasks.point')}
          loading={target.loading}
          notFoundContent={t('tasks.noWritable')}
          data-testid={`task-point-${index}`}
          options={writable.map((p) => ({ value: p.id, label: pointLabel(p) }))}
        />
      </Form.Item>
      <Form.Item name={[index, 'value']} style={{ marginBottom: 8 }}>
        {point?.dataType === 'switch' ? (
          <Select
            style={{ width: 140 }}
            placeholder={t('tasks.value')}
            data-testid={`task-value-${index}`}
            options={[
              { value: true, label: t('ui.on') },
              { value: false, label: t('ui.off') },
            ]}
          />
        ) : point?.dataType === 'character' || point?.dataType === 'location' ? (
          <Input style={{ width: 140 }} placeholder={t('tasks.value')} data-testid={`task-value-${index}`} />
        ) : (
          <InputNumber style={{ width: 140 }} placeholder={t('tasks.value')} data-testid={`task-value-${index}`} />
        )}
      </Form.Item>
      {onRemove && <Button type="text" icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('ui.delete')} />}
    </Flex>
  );
}

/** What a task writes: one row per device and point. */
export function TargetsEditor() {
  const { t } = useTranslation();
  return (
    <Form.List name="targets">
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical>
          {fields.map((field) => (
            <TargetRow
              key={field.key}
              index={field.name}
              onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
            />
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ width: 200 }}>
            {t('tasks.addTarget')}
          </Button>
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}
