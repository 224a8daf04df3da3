import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  BYTE_ORDERS,
  CUSTOM_POINT_TYPES,
  CUSTOM_PROTOCOL_LIMITS,
  type CustomPointInput,
  type CustomProtocolInput,
} from '@meridian/contracts';
import { Button, Form, Input, InputNumber, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';

/** The next point: after the last one's bytes, a big-endian unsigned 16-bit number. */
function nextPoint(points: CustomPointInput[], headerGuess: number): CustomPointInput {
  const last = points[points.length - 1];
  const size = (p: CustomPointInput) =>
    p.type === 'bcd' ? (p.length ?? 2) : p.type === 'uint32' || p.type === 'float32' ? 4 : 2;
  return {
    key: `p${points.length + 1}`,
    name: '',
    offset: last ? last.offset + size(last) : headerGuess,
    type: 'uint16',
    length: 2,
    byteOrder: 'big',
    scale: 1,
    unit: '',
    write: '',
    writeAnswer: '',
  };
}

/** The protocol's data points: where each value sits in the answer, how it is read, and its optional write frame. */
export function CustomPointsEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<CustomProtocolInput>();
  const points: CustomPointInput[] = Form.useWatch('points', form) ?? [];
  const cell = (name: (string | number)[], input: React.ReactNode) => (
    <Form.Item name={name} style={{ margin: 0 }}>
      {input}
    </Form.Item>
  );
  return (
    <Form.List name="points">
      {(fields, { add, remove }) => (
        <>
          <Table
            data-testid="custom-points"
            size="small"
            rowKey="key"
            dataSource={fields}
            pagination={false}
            scroll={{ x: 1300 }}
            columns={[
              { title: t('customProtocol.key'), width: 120, render: (_v, f) => cell([f.name, 'key'], <Input />) },
              {
                title: t('customProtocol.pointName'),
                width: 160,
                render: (_v, f) => cell([f.name, 'name'], <Input data-testid={`custom-point-name-${f.name}`} />),
              },
              {
                title: t('customProtocol.offset'),
                width: 90,
                render: (_v, f) => cell([f.name, 'offset'], <InputNumber min={0} max={254} precision={0} />),
              },
              {
                title: t('customProtocol.type'),
                width: 120,
                render: (_v, f) =>
                  cell([f.name, 'type'], <Select options={CUSTOM_POINT_TYPES.map((v) => ({ value: v, label: v }))} />),
              },
              {
                title: t('customProtocol.length'),
                width: 100,
                render: (_v, f) =>
                  cell(
                    [f.name, 'length'],
                    <InputNumber min={1} max={8} precision={0} disabled={points[f.name]?.type !== 'bcd'} />,
                  ),
              },
              {
                title: t('customProtocol.byteOrder'),
                width: 200,
                render: (_v, f) =>
                  cell(
                    [f.name, 'byteOrder'],
                    <Select
                      options={BYTE_ORDERS.map((v) => ({ value: v, label: t(`customProtocol.byteOrderName.${v}`) }))}
                    />,
                  ),
              },
              {
                title: t('customProtocol.scale'),
                width: 100,
                render: (_v, f) => cell([f.name, 'scale'], <InputNumber style={{ width: '100%' }} />),
              },
              { title: t('customProtocol.unit'), width: 80, render: (_v, f) => cell([f.name, 'unit'], <Input />) },
              {
                title: t('customProtocol.write'),
                width: 280,
                render: (_v, f) =>
                  cell([f.name, 'write'], <Input placeholder="{addr:1} 06 00 02 {value} {crc16modbus}" />),
              },
              {
                title: t('customProtocol.writeAnswer'),
                width: 240,
                render: (_v, f) =>
                  cell([f.name, 'writeAnswer'], <Input placeholder={t('customProtocol.writeAnswerHint')} />),
              },
              {
                width: 48,
                fixed: 'right',
                render: (_v, f) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('ui.delete')}
                    onClick={() => remove(f.name)}
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
            disabled={fields.length >= CUSTOM_PROTOCOL_LIMITS.points}
            data-testid="custom-point-add"
            onClick={() => add(nextPoint(points, 3))}
          >
            {t('customProtocol.addPoint')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
