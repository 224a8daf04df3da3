import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { templateSlave } from '@meridian/contracts';
import { Button, Form, Input, InputNumber, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/rules.ts';
import { catalogue } from '../components/errors.ts';
import { type EditorSlave, newSlave } from './editor.ts';

const rule = (field: keyof typeof templateSlave.shape) => [schemaRule(templateSlave.shape[field])];

/** The template's slaves: serial number, name, address 0-255, and IP and port when reached by IP. */
export function SlavesEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
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
              add(newSlave(next));
            }}
          >
            {t('templates.slave.add')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
