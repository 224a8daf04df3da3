import { type CustomProtocolView, READ_WRITE_MODES } from '@meridian/contracts';
import { type FormListFieldData, Input, InputNumber, Select, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { catalogue } from '../components/errors.ts';
import type { EditorPoint } from './editor.ts';
import { cell, formulaRule, rule } from './pointCells.tsx';

/**
 * A custom protocol's point: which of the protocol's points it takes (its unit comes with it),
 * read-only or read-write (the protocol's point needs a write frame), decimals, unit and formula.
 */
export function customPointColumns(
  t: TFunction,
  protocol: CustomProtocolView | undefined,
  setPoint: (index: number, change: Partial<EditorPoint>) => void,
): TableColumnsType<FormListFieldData> {
  const options = (protocol?.points ?? []).map((p) => ({ value: p.key, label: `${p.name} (${p.key})` }));
  return [
    {
      title: t('customProtocol.pointKey'),
      width: 220,
      render: (_v, f) =>
        cell(
          [f.name, 'dataIdentifier'],
          <Select
            data-testid={`point-custom-${f.name}`}
            options={options}
            onChange={(key: string) => {
              const point = protocol?.points.find((p) => p.key === key);
              if (point) setPoint(f.name, { unit: point.unit || null });
            }}
          />,
          [{ required: true, message: catalogue('template.point.customKey') }],
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
      render: (_v, f) => cell([f.name, 'formula'], <Input placeholder="x * 1" />, [formulaRule]),
    },
  ];
}
