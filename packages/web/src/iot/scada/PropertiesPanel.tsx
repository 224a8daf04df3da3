import { SCADA_BINDABLE, type ScadaElement } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { latestOf } from '../telemetry/api.ts';
import { DeviceSelect } from '../telemetry/DeviceSelect.tsx';

interface Props {
  element: ScadaElement;
  onChange(fields: Partial<ScadaElement>): void;
}

/** The selected component's properties: its text and colour, its range, and the point it is bound to. */
export function PropertiesPanel({ element, onChange }: Props) {
  const { t } = useTranslation();
  const deviceId = element.binding?.deviceId ?? null;
  const points = useQuery({
    queryKey: ['iot', 'latest', deviceId],
    queryFn: ({ signal }) => latestOf(deviceId as number, signal),
    enabled: deviceId !== null,
    staleTime: 30_000,
  });
  const kind = element.kind;
  return (
    <Form layout="vertical" size="small" data-testid="scada-properties">
      <Form.Item label={t(`scada.kinds.${kind}`)} style={{ marginBottom: 8 }}>
        <span>
          {Math.round(element.width)} × {Math.round(element.height)} · {Math.round(element.rotation)}°
        </span>
      </Form.Item>
      {(kind === 'label' || kind === 'button' || kind === 'tank') && (
        <Form.Item label={t('scada.text')}>
          <Input
            defaultValue={element.text}
            maxLength={100}
            data-testid="scada-prop-text"
            onBlur={(e) => e.target.value !== element.text && onChange({ text: e.target.value })}
          />
        </Form.Item>
      )}
      <Form.Item label={t('scada.colour')}>
        <input
          type="color"
          aria-label={t('scada.colour')}
          value={element.colour}
          onChange={(e) => onChange({ colour: e.target.value })}
          style={{ width: 48, height: 28, border: 'none', background: 'none' }}
        />
      </Form.Item>
      {kind === 'tank' && (
        <Form.Item label={`${t('scada.min')} / ${t('scada.max')}`}>
          <InputNumber<number>
            value={element.min}
            onChange={(v) => v !== null && onChange({ min: v })}
            style={{ width: 100 }}
          />{' '}
          <InputNumber<number>
            value={element.max}
            onChange={(v) => v !== null && onChange({ max: v })}
            style={{ width: 100 }}
          />
        </Form.Item>
      )}
      {(kind === 'tank' || kind === 'number') && (
        <Form.Item label={t('scada.decimals')}>
          <InputNumber<number>
            min={0}
            max={6}
            value={element.decimals}
            onChange={(v) => v !== null && onChange({ decimals: v })}
          />
        </Form.Item>
      )}
      {kind === 'button' && (
        <Form.Item label={t('scada.writeValue')}>
          <InputNumber<number>
            value={typeof element.writeValue === 'number' ? element.writeValue : null}
            onChange={(v) => onChange({ writeValue: v })}
            data-testid="scada-prop-write"
          />
        </Form.Item>
      )}
      {SCADA_BINDABLE.includes(kind) && (
        <>
          <Form.Item label={t('scada.device')}>
            <DeviceSelect
              allowClear
              value={deviceId ?? undefined}
              data-testid="scada-prop-device"
              onChange={(next: number | undefined) =>
                onChange({ binding: next ? { deviceId: next, pointId: 0 } : null })
              }
            />
          </Form.Item>
          {deviceId !== null && (
            <Form.Item label={t('scada.point')}>
              <Select<number>
                placeholder={t('scada.pickPoint')}
                loading={points.isFetching}
                data-testid="scada-prop-point"
                value={element.binding?.pointId || undefined}
                options={(points.data?.points ?? []).map((p) => ({
                  value: p.pointId,
                  label: p.unit ? `${p.name} (${p.unit})` : p.name,
                }))}
                onChange={(pointId) => onChange({ binding: { deviceId, pointId } })}
              />
            </Form.Item>
          )}
        </>
      )}
    </Form>
  );
}
