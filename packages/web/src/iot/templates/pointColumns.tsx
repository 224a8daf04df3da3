import { DeleteOutlined } from '@ant-design/icons';
import {
  DATA_TYPES,
  KNOWN_IDENTIFIERS,
  knownFormat,
  METER_TYPES,
  meterItems,
  READ_WRITE_MODES,
  REGISTER_TYPES,
  STORAGE_TYPES,
  VARIANTS,
  type Variant,
  waterItem,
} from '@meridian/contracts';
import {
  AutoComplete,
  Button,
  type FormListFieldData,
  Input,
  InputNumber,
  Select,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { catalogue } from '../components/errors.ts';
import { type EditorPoint, variantsOf } from './editor.ts';
import { identifierName } from './PointsView.tsx';
import { addressRule, amplitudeRule, cell, formulaRule, rule } from './pointCells.tsx';

/** What the point columns read and change: the rows' values, the slaves to choose from, and the row setters. */
export type PointRows = {
  t: TFunction;
  points: EditorPoint[];
  slaveOptions: { value: number; label: string }[];
  setPoint(index: number, change: Partial<EditorPoint>): void;
  remove(index: number): void;
  /** A DL/T 645 or CJ/T 188 template: points are data identifiers of meters, not registers. */
  meter: boolean;
  /** A CJ/T 188 template: a point is an item of the 901F answer, in the standard's format. */
  water?: boolean;
  /** A CJ/T 188 template: each meter's type by its slave index, which decides the items it offers. */
  meterTypes?: ReadonlyMap<number, number>;
  /** A custom protocol template: its columns, which name the chosen protocol's points. */
  custom?: Columns;
};

type Columns = TableColumnsType<FormListFieldData>;

/** Which point it is: its slave and its name. */
function nameColumns({ t, slaveOptions }: PointRows): Columns {
  return [
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
  ];
}

/** Where a Modbus point is read: register type, address, length and access. */
function registerColumns({ t, setPoint }: PointRows): Columns {
  return [
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
              if (type === 'discreteInput' || type === 'inputRegister') setPoint(f.name, { readWrite: 'readOnly' });
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
          <Select options={READ_WRITE_MODES.map((v) => ({ value: v, label: t(`templates.readWrite.${v}`) }))} />,
        ),
    },
  ];
}

/** How the raw registers become a value: data type, variant, bit, precision, unit and the two formulas. */
function valueColumns({ t, points, setPoint }: PointRows): Columns {
  return [
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
        cell([f.name, 'precision'], <InputNumber precision={0} style={{ width: '100%' }} />, rule('precision')),
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
  ];
}

/**
 * A DL/T 645 point: its data identifier (a standard one chosen by name fills its format), the
 * value's length in bytes, its decimals, unit and formula.
 */
function meterColumns({ t, points, setPoint }: PointRows): Columns {
  const known = Object.entries(KNOWN_IDENTIFIERS).map(([di, format]) => ({
    value: di,
    label: `${di} ${t(`templates.identifier.${format.name}`)}`,
  }));
  return [
    {
      title: t('templates.point.dataIdentifier'),
      width: 260,
      render: (_v, f) =>
        cell(
          [f.name, 'dataIdentifier'],
          <AutoComplete
            data-testid={`point-identifier-${f.name}`}
            options={known}
            onChange={(di: string) => {
              const format = knownFormat(di ?? '');
              if (format)
                setPoint(f.name, { registerLength: format.bytes, precision: format.decimals, unit: format.unit });
            }}
          >
            <Input
              placeholder={t('templates.point.dataIdentifierPlaceholder')}
              suffix={
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {identifierName(t, points[f.name]?.dataIdentifier)}
                </Typography.Text>
              }
            />
          </AutoComplete>,
          [{ required: true, message: catalogue('template.point.dataIdentifier') }, ...rule('dataIdentifier')],
        ),
    },
    {
      title: t('templates.point.bytes'),
      width: 140,
      render: (_v, f) =>
        cell(
          [f.name, 'registerLength'],
          <InputNumber precision={0} min={1} max={8} style={{ width: '100%' }} />,
          rule('registerLength'),
        ),
    },
    {
      title: t('templates.point.decimals'),
      width: 90,
      render: (_v, f) =>
        cell([f.name, 'precision'], <InputNumber precision={0} style={{ width: '100%' }} />, rule('precision')),
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
  ];
}

/** How the value is kept (storage, amplitude), its description, and the row's delete button. */
function storageColumns({ t, points, remove }: PointRows): Columns {
  return [
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
          [amplitudeRule(points[f.name])],
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
  ];
}

/**
 * A CJ/T 188 point: the item of the 901F answer it takes (its format is the standard's, shown and
 * set with it), its unit and formula. The items are those of its meter's type: a water or gas
 * meter's flows, a heat or cooling meter's energy, power, flow and temperatures (decision 0158).
 */
function waterColumns({ t, points, setPoint, meterTypes }: PointRows): Columns {
  const itemsOf = (type: number) =>
    Object.entries(meterItems(type)).map(([id, item]) => ({
      value: id,
      label: `${item.identifier.toUpperCase()} ${t(`templates.waterItem.${item.name}`)}`,
    }));
  const typeOf = (row: number) => meterTypes?.get(points[row]?.slaveIndex ?? -1) ?? METER_TYPES.coldWater;
  return [
    {
      title: t('templates.point.waterItem'),
      width: 280,
      render: (_v, f) =>
        cell(
          [f.name, 'dataIdentifier'],
          <Select
            data-testid={`point-item-${f.name}`}
            options={itemsOf(typeOf(f.name))}
            onChange={(id: string) => {
              const item = waterItem(id ?? '', typeOf(f.name));
              if (item) setPoint(f.name, { registerLength: item.bytes, precision: item.decimals, unit: item.unit });
            }}
          />,
          [{ required: true, message: catalogue('template.point.waterItem') }],
        ),
    },
    {
      title: t('templates.point.decimals'),
      width: 90,
      render: (_v, f) =>
        cell(
          [f.name, 'precision'],
          <InputNumber precision={0} disabled style={{ width: '100%' }} />,
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
      render: (_v, f) => cell([f.name, 'formula'], <Input placeholder="x * 1000" />, [formulaRule]),
    },
  ];
}

/** Every column of the points table, one field of the point model each, in the table's order. */
export const pointColumns = (rows: PointRows): Columns => [
  ...nameColumns(rows),
  ...(rows.custom
    ? rows.custom
    : rows.water
      ? waterColumns(rows)
      : rows.meter
        ? meterColumns(rows)
        : [...registerColumns(rows), ...valueColumns(rows)]),
  ...storageColumns(rows),
];
