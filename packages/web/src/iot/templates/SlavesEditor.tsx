import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { isMeterAddress, isWaterMeterAddress, METER_TYPES, templateSlave } from '@meridian/contracts';
import { Button, Form, type FormListFieldData, Input, InputNumber, Select, Table } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/rules.ts';
import { catalogue } from '../components/errors.ts';
import { type EditorSlave, newSlave } from './editor.ts';

const rule = (field: keyof typeof templateSlave.shape) => [schemaRule(templateSlave.shape[field])];

/**
 * The template's slaves: serial number, name, address 0-255, and IP and port when reached by IP;
 * for DL/T 645, the meters by their 12-digit address; for CJ/T 188, by their type and 14-digit address.
 */
export function SlavesEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const protocol = Form.useWatch('protocol', form);
  const water = protocol === 'cjt188';
  const meter = protocol === 'dlt645' || water;
  type Column = { title: string; width: number; render(_v: unknown, field: FormListFieldData): ReactNode };
  // A DL/T 645 meter is found by its 12-digit address alone; a Modbus slave by address, or IP and port.
  const meterColumn: Column = {
    title: t('templates.slave.meterAddress'),
    width: 220,
    render: (_v, field) => (
      <Form.Item
        name={[field.name, 'meterAddress']}
        rules={[
          {
            // Each protocol's own shape, in its own words: 12 digits for DL/T 645, 14 for CJ/T 188.
            validator: async (_rule, value: string | undefined) => {
              if (!(water ? isWaterMeterAddress : isMeterAddress)(value?.trim() ?? ''))
                throw new Error(catalogue(water ? 'template.slave.waterMeterAddress' : 'template.slave.meterAddress'));
            },
          },
        ]}
        style={{ margin: 0 }}
      >
        <Input
          placeholder={t(water ? 'templates.slave.waterAddressPlaceholder' : 'templates.slave.meterAddressPlaceholder')}
          maxLength={water ? 14 : 12}
        />
      </Form.Item>
    ),
  };
  // A CJ/T 188 meter also names its type (the T byte of its frames), kept in the slave's address.
  const typeColumn: Column = {
    title: t('templates.slave.meterType'),
    width: 200,
    render: (_v, field) => (
      <Form.Item
        name={[field.name, 'address']}
        rules={[{ required: true, message: catalogue('template.slave.meterType') }]}
        style={{ margin: 0 }}
      >
        <Select
          data-testid={`slave-type-${field.name}`}
          options={Object.entries(METER_TYPES).map(([name, code]) => ({
            value: code,
            label: `${code.toString(16).toUpperCase()}H ${t(`templates.meterType.${name}`)}`,
          }))}
        />
      </Form.Item>
    ),
  };
  const modbusColumns: Column[] = [
    {
      title: t('templates.slave.address'),
      width: 120,
      render: (_v, field) => (
        <Form.Item
          name={[field.name, 'address']}
          rules={[{ required: true, message: catalogue('template.slave.address') }, ...rule('address')]}
          style={{ margin: 0 }}
        >
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
      ),
    },
    {
      title: t('templates.slave.ip'),
      width: 170,
      render: (_v, field) => (
        <Form.Item name={[field.name, 'ip']} rules={rule('ip')} style={{ margin: 0 }}>
          <Input placeholder="192.168.1.10" />
        </Form.Item>
      ),
    },
    {
      title: t('templates.slave.port'),
      width: 120,
      render: (_v, field) => (
        <Form.Item name={[field.name, 'port']} rules={rule('port')} style={{ margin: 0 }}>
          <InputNumber precision={0} style={{ width: '100%' }} placeholder="502" />
        </Form.Item>
      ),
    },
    {
      title: t('templates.slave.deviceNo'),
      width: 150,
      render: (_v, field) => (
        <Form.Item name={[field.name, 'deviceNo']} rules={rule('deviceNo')} style={{ margin: 0 }}>
          <Input />
        </Form.Item>
      ),
    },
  ];
  return (
    <Form.List name="slaves">
      {(fields, { add, remove }) => (
        <>
          <Table
            data-testid="slaves-editor"
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            locale={{ emptyText: t('templates.noSlaves') }}
            columns={[
              {
                title: t('templates.slave.index'),
                width: 100,
                render: (_v, field) => (
                  <Form.Item
                    name={[field.name, 'index']}
                    rules={[{ required: true, message: catalogue('template.slave.index') }, ...rule('index')]}
                    style={{ margin: 0 }}
                  >
                    <InputNumber precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                ),
              },
              {
                title: t('templates.slave.name'),
                render: (_v, field) => (
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[{ required: true, message: catalogue('template.slave.name') }, ...rule('name')]}
                    style={{ margin: 0 }}
                  >
                    <Input placeholder={t('templates.slave.namePlaceholder')} />
                  </Form.Item>
                ),
              },
              ...(water ? [typeColumn, meterColumn] : meter ? [meterColumn] : modbusColumns),
              {
                width: 48,
                render: (_v, field) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('ui.delete')}
                    onClick={() => remove(field.name)}
                  />
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            data-testid="slave-add"
            onClick={() => {
              const slaves: EditorSlave[] = form.getFieldValue('slaves') ?? [];
              const next = Math.max(0, ...slaves.map((s) => s.index ?? 0)) + 1;
              add(newSlave(next, protocol));
            }}
          >
            {t(water ? 'templates.slave.addWaterMeter' : meter ? 'templates.slave.addMeter' : 'templates.slave.add')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
