import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DATA_TYPES,
  formulaProblem,
  READ_WRITE_MODES,
  REGISTER_TYPES,
  registerAddressOf,
  STORAGE_TYPES,
  TEMPLATE_LIMITS,
  templatePoint,
  translate,
  VARIANTS,
  type Variant,
} from '@meridian/contracts';
import type { FormRule } from 'antd';
import { Button, Form, Input, InputNumber, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/rules.ts';
import { currentLang } from '../../shared/i18n.ts';
import { catalogue } from '../components/errors.ts';
import { type EditorPoint, type EditorSlave, newPoint, variantsOf } from './editor.ts';

const rule = (field: keyof typeof templatePoint.shape) => [schemaRule(templatePoint.shape[field])];

const addressRule: FormRule = {
  validator: async (_r, value: string | undefined) => {
    if (value === undefined || value === '' || registerAddressOf(value) !== null) return;
    throw new Error(catalogue('template.point.address'));
  },
};

const formulaRule: FormRule = {
  validator: async (_r, value: string | undefined) => {
    const problem = formulaProblem(value);
    if (problem) throw new Error(translate(problem.key, currentLang(), problem.params));
  },
};

/**
 * The template's data points, one row each with every field of the point model. Choosing a data
 * type narrows the variants; choosing a variant sets the register length it needs.
 */
export function PointsEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const slaves: EditorSlave[] = Form.useWatch('slaves', form) ?? [];
  const points: EditorPoint[] = Form.useWatch('points', form) ?? [];
  const slaveOptions = slaves
    .filter((s) => s?.index !== undefined && s.index !== null)
    .map((s) => ({ value: s.index as number, label: `${s.index} ${s.name ?? ''}` }));
  const cell = (
    name: (string | number)[],
    child: React.ReactNode,
    rules: FormRule[] = [],
    dependencies?: (string | number)[][],
  ) => (
    <Form.Item name={name} rules={rules} dependencies={dependencies} style={{ margin: 0 }}>
      {child}
    </Form.Item>
  );
  const setPoint = (index: number, change: Partial<EditorPoint>) => {
    const list: EditorPoint[] = [...(form.getFieldValue('points') ?? [])];
    list[index] = { ...list[index], ...change };
    form.setFieldValue('points', list);
  };

  return (
    <Form.List name="points">
      {(fields, { add, remove }) => (
        <>
          <Table
            data-testid="points-editor"
            size="small"
            rowKey="key"
            dataSource={fields}
            scroll={{ x: 2300 }}
            pagination={fields.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            locale={{ emptyText: t('templates.noPoints') }}
            columns={[
              {
                title: t('templates.point.slave'),
                width: 130,
                fixed: 'left',
                render: (_v, f) =>
                  cell([f.name, 'slaveIndex'], <Select options={slaveOptions} />, [
                    { required: true, message: catalogue('template.slaves.required') },
                  ]),
              },
              {
                title: t('templates.point.name'),
                width: 180,
                fixed: 'left',
                render: (_v, f) =>
                  cell([f.name, 'name'], <Input />, [
                    { required: true, message: catalogue('template.point.name') },
                    ...rule('name'),
                  ]),
              },
              {
                title: t('templates.point.registerType'),
                width: 150,
                render: (_v, f) =>
                  cell(
                    [f.name, 'registerType'],
                    <Select
                      options={REGISTER_TYPES.map((v) => ({ value: v, label: t(`templates.registerType.${v}`) }))}
                      onChange={(type) => {
                        if (type === 'coil' || type === 'discreteInput')
                          setPoint(f.name, { dataType: 'switch', variant: 'bit', registerLength: 1 });
                        if (type === 'discreteInput' || type === 'inputRegister')
                          setPoint(f.name, { readWrite: 'readOnly' });
                      }}
                    />,
                  ),
              },
              {
                title: t('templates.point.registerAddress'),
                width: 130,
                render: (_v, f) =>
                  cell([f.name, 'registerAddress'], <Input placeholder="0x0000" />, [
                    { required: true, message: catalogue('template.point.address') },
                    addressRule,
                  ]),
              },
              {
                title: t('templates.point.registerLength'),
                width: 100,
                render: (_v, f) =>
                  cell(
                    [f.name, 'registerLength'],
                    <InputNumber precision={0} style={{ width: '100%' }} />,
                    rule('registerLength'),
                  ),
              },
              {
                title: t('templates.point.readWrite'),
                width: 120,
                render: (_v, f) =>
                  cell(
                    [f.name, 'readWrite'],
                    <Select
                      options={READ_WRITE_MODES.map((v) => ({ value: v, label: t(`templates.readWrite.${v}`) }))}
                    />,
                  ),
              },
              {
                title: t('templates.point.dataType'),
                width: 110,
                render: (_v, f) =>
                  cell(
                    [f.name, 'dataType'],
                    <Select
                      options={DATA_TYPES.map((v) => ({ value: v, label: t(`templates.dataType.${v}`) }))}
                      onChange={(dataType) => {
                        const variant = variantsOf(dataType)[0] as Variant;
                        setPoint(f.name, { variant, registerLength: VARIANTS[variant].registers ?? 1 });
                      }}
                    />,
                  ),
              },
              {
                title: t('templates.point.variant'),
                width: 170,
                render: (_v, f) =>
                  cell(
                    [f.name, 'variant'],
                    <Select
                      data-testid={`point-variant-${f.name}`}
                      options={variantsOf(points[f.name]?.dataType).map((v) => ({
                        value: v,
                        label: t(`templates.variant.${v}`),
                      }))}
                      onChange={(variant: Variant) => {
                        const registers = VARIANTS[variant].registers;
                        if (registers !== null) setPoint(f.name, { registerLength: registers });
                      }}
                    />,
                  ),
              },
              {
                title: t('templates.point.bitIndex'),
                width: 90,
                render: (_v, f) =>
                  cell([f.name, 'bitIndex'], <InputNumber precision={0} style={{ width: '100%' }} />, rule('bitIndex')),
              },
              {
                title: t('templates.point.precision'),
                width: 90,
                render: (_v, f) =>
                  cell(
                    [f.name, 'precision'],
                    <InputNumber precision={0} style={{ width: '100%' }} />,
                    rule('precision'),
                  ),
              },
              {
                title: t('templates.point.unit'),
                width: 90,
                render: (_v, f) => cell([f.name, 'unit'], <Input />, rule('unit')),
              },
              {
                title: t('templates.point.formula'),
                width: 170,
                render: (_v, f) => cell([f.name, 'formula'], <Input placeholder="x * 0.1" />, [formulaRule]),
              },
              {
                title: t('templates.point.inverseFormula'),
                width: 170,
                render: (_v, f) => cell([f.name, 'inverseFormula'], <Input placeholder="x * 10" />, [formulaRule]),
              },
              {
                title: t('templates.point.storage'),
                width: 130,
                render: (_v, f) =>
                  cell(
                    [f.name, 'storage'],
                    <Select options={STORAGE_TYPES.map((v) => ({ value: v, label: t(`templates.storage.${v}`) }))} />,
                  ),
              },
              {
                title: t('templates.point.amplitude'),
                width: 110,
                render: (_v, f) =>
                  cell(
                    [f.name, 'amplitude'],
                    <InputNumber style={{ width: '100%' }} disabled={points[f.name]?.storage !== 'onChange'} />,
                    [
                      {
                        validator: async (_r, value: number | null | undefined) => {
                          if (points[f.name]?.storage !== 'onChange' || (typeof value === 'number' && value > 0))
                            return;
                          throw new Error(catalogue('template.point.amplitude'));
                        },
                      },
                    ],
                    [['points', f.name, 'storage']],
                  ),
              },
              {
                title: t('templates.point.description'),
                width: 200,
                render: (_v, f) => cell([f.name, 'description'], <Input />, rule('description')),
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
            disabled={fields.length >= TEMPLATE_LIMITS.pointsPerTemplate}
            data-testid="point-add"
            onClick={() => {
              const last = points[points.length - 1];
              const address = last
                ? (registerAddressOf(last.registerAddress ?? '') ?? -1) + (last.registerLength ?? 1)
                : 0;
              add(newPoint(last?.slaveIndex ?? slaveOptions[0]?.value, Math.max(0, address)));
            }}
          >
            {t('templates.point.add')}
          </Button>
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
            {t('templates.point.limit', { count: fields.length, max: TEMPLATE_LIMITS.pointsPerTemplate })}
          </Typography.Text>
        </>
      )}
    </Form.List>
  );
}
