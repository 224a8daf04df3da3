import { PlusOutlined } from '@ant-design/icons';
import { registerAddressOf, TEMPLATE_LIMITS } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { customProtocolsKey, listCustomProtocols } from './api.ts';
import { customPointColumns } from './customPointColumns.tsx';
import {
  type EditorPoint,
  type EditorSlave,
  newCustomPoint,
  newMeterPoint,
  newPoint,
  newWaterPoint,
} from './editor.ts';
import { pointColumns } from './pointColumns.tsx';

/** Under the table: the add button (a new point follows the last one's registers) and the count against the limit. */
function PointsFooter({
  count,
  points,
  firstSlave,
  meter,
  water,
  meterTypes,
  customKey,
  add,
}: {
  count: number;
  points: EditorPoint[];
  firstSlave: number | undefined;
  meter: boolean;
  water: boolean;
  meterTypes: ReadonlyMap<number, number>;
  /** A custom protocol's template: the protocol's point a new point takes (null otherwise). */
  customKey: { key: string; unit: string } | undefined | null;
  add(point: EditorPoint): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        disabled={count >= TEMPLATE_LIMITS.pointsPerTemplate}
        data-testid="point-add"
        onClick={() => {
          const last = points[points.length - 1];
          if (customKey !== null) return add(newCustomPoint(last?.slaveIndex ?? firstSlave, customKey));
          if (water) {
            const slave = last?.slaveIndex ?? firstSlave;
            return add(newWaterPoint(slave, meterTypes.get(slave ?? -1)));
          }
          if (meter) return add(newMeterPoint(last?.slaveIndex ?? firstSlave));
          const address = last ? (registerAddressOf(last.registerAddress ?? '') ?? -1) + (last.registerLength ?? 1) : 0;
          add(newPoint(last?.slaveIndex ?? firstSlave, Math.max(0, address)));
        }}
      >
        {t('templates.point.add')}
      </Button>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
        {t('templates.point.limit', { count, max: TEMPLATE_LIMITS.pointsPerTemplate })}
      </Typography.Text>
    </>
  );
}

/**
 * The template's data points, one row each with every field of the point model. Choosing a data
 * type narrows the variants; choosing a variant sets the register length it needs.
 */
export function PointsEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const slaves: EditorSlave[] = Form.useWatch('slaves', form) ?? [];
  const points: EditorPoint[] = Form.useWatch('points', form) ?? [];
  const protocol = Form.useWatch('protocol', form);
  const water = protocol === 'cjt188';
  const meter = protocol === 'dlt645' || water;
  const customId = Form.useWatch('customProtocolId', form);
  const customProtocols = useQuery({
    queryKey: customProtocolsKey,
    queryFn: ({ signal }) => listCustomProtocols(signal),
    enabled: protocol === 'custom',
  });
  const custom = customProtocols.data?.find((p) => p.id === customId);
  const slaveOptions = slaves
    .filter((s) => s?.index !== undefined && s.index !== null)
    .map((s) => ({ value: s.index as number, label: `${s.index} ${s.name ?? ''}` }));
  const meterTypes = new Map(slaves.flatMap((s) => (s?.index != null ? [[s.index, s.address ?? -1] as const] : [])));
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
            scroll={{ x: meter || protocol === 'custom' ? 1500 : 2300 }}
            pagination={fields.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            locale={{ emptyText: t('templates.noPoints') }}
            columns={pointColumns({
              t,
              points,
              slaveOptions,
              setPoint,
              remove,
              meter,
              water,
              meterTypes,
              ...(protocol === 'custom' ? { custom: customPointColumns(t, custom, setPoint) } : {}),
            })}
          />
          <PointsFooter
            count={fields.length}
            points={points}
            firstSlave={slaveOptions[0]?.value}
            meter={meter}
            water={water}
            meterTypes={meterTypes}
            customKey={protocol === 'custom' ? custom?.points[0] : null}
            add={add}
          />
        </>
      )}
    </Form.List>
  );
}
