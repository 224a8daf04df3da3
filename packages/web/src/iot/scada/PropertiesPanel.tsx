import {
  SCADA_BINDABLE,
  SCADA_CONDITIONS,
  type ScadaColourRule,
  type ScadaCondition,
  type ScadaElement,
} from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { latestOf } from '../telemetry/api.ts';
import { DeviceSelect } from '../telemetry/DeviceSelect.tsx';
import { listScreens } from './api.ts';
import { PaletteProperties, RANGED } from './PaletteProperties.tsx';

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
  const screens = useQuery({
    queryKey: ['iot', 'scada', 'list', 'links'],
    queryFn: ({ signal }) => listScreens({ page: 1, size: 500 }, signal),
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
      {(kind === 'label' || kind === 'button' || kind === 'tank' || kind === 'switch') && (
        <Form.Item label={t('scada.text')} extra={kind === 'label' ? t('scada.labelHint') : undefined}>
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
      {RANGED.includes(kind) && (
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
      {(kind === 'tank' || kind === 'number' || kind === 'gauge') && (
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
      <PaletteProperties element={element} onChange={onChange} />
      <Form.Item label={t('scada.opens')} extra={t('scada.opensHint')}>
        <Select<number>
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('scada.opensNone')}
          loading={screens.isPending}
          data-testid="scada-prop-opens"
          value={element.opens ?? undefined}
          options={(screens.data?.list ?? []).filter((s) => s.editable).map((s) => ({ value: s.id, label: s.name }))}
          onChange={(opens) => onChange({ opens: opens ?? null })}
        />
      </Form.Item>
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
          {deviceId !== null && kind !== 'label' && (
            <ColourRule element={element} onChange={(colourRule) => onChange({ colourRule })} />
          )}
          {deviceId !== null && (
            <Form.Item label={t('scada.visibleWhen')}>
              <Flex gap={6}>
                <Select<ScadaCondition | 'none'>
                  value={element.visibleWhen?.when ?? 'none'}
                  style={{ flex: 1 }}
                  data-testid="scada-prop-visible"
                  options={(['none', ...SCADA_CONDITIONS] as const).map((c) => ({
                    value: c,
                    label: t(`scada.conditions.${c}`),
                  }))}
                  onChange={(when) =>
                    onChange({ visibleWhen: when === 'none' ? null : { when, value: element.visibleWhen?.value ?? 0 } })
                  }
                />
                {element.visibleWhen && ['gt', 'lt', 'eq'].includes(element.visibleWhen.when) && (
                  <InputNumber<number>
                    value={element.visibleWhen.value}
                    style={{ width: 90 }}
                    aria-label={t('scada.visibleWhen')}
                    onChange={(value) =>
                      value !== null &&
                      element.visibleWhen &&
                      onChange({ visibleWhen: { ...element.visibleWhen, value } })
                    }
                  />
                )}
              </Flex>
            </Form.Item>
          )}
        </>
      )}
    </Form>
  );
}

const colourInput = (value: string, label: string, onChange: (colour: string) => void, testId?: string) => (
  <input
    type="color"
    aria-label={label}
    value={value}
    data-testid={testId}
    onChange={(e) => onChange(e.target.value)}
    style={{ width: 40, height: 26, border: 'none', background: 'none', padding: 0 }}
  />
);

/** The colour a bound point gives: fixed, on and off colours of a switch, or up to five thresholds. */
function ColourRule({ element, onChange }: { element: ScadaElement; onChange(rule: ScadaColourRule | null): void }) {
  const { t } = useTranslation();
  const rule = element.colourRule;
  const start = (by: 'none' | 'switch' | 'threshold') => {
    if (by === 'none') onChange(null);
    else if (by === 'switch') onChange({ by, on: '#52c41a', off: '#bfbfbf' });
    else onChange({ by, steps: [{ from: element.max * 0.8, colour: '#ff4d4f' }] });
  };
  return (
    <Form.Item label={t('scada.colourRule')}>
      <Flex vertical gap={6}>
        <Select<'none' | 'switch' | 'threshold'>
          value={rule?.by ?? 'none'}
          data-testid="scada-prop-colour-rule"
          onChange={start}
          options={(['none', 'switch', 'threshold'] as const).map((by) => ({
            value: by,
            label: t(`scada.colourRules.${by}`),
          }))}
        />
        {rule?.by === 'switch' && (
          <Flex gap={12} align="center">
            <Typography.Text>{t('scada.colourOn')}</Typography.Text>
            {colourInput(rule.on, t('scada.colourOn'), (on) => onChange({ ...rule, on }), 'scada-prop-colour-on')}
            <Typography.Text>{t('scada.colourOff')}</Typography.Text>
            {colourInput(rule.off, t('scada.colourOff'), (off) => onChange({ ...rule, off }), 'scada-prop-colour-off')}
          </Flex>
        )}
        {rule?.by === 'threshold' && (
          <>
            {rule.steps.map((step, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place in the list.
              <Flex key={i} gap={6} align="center">
                <Typography.Text>{t('scada.thresholdFrom')}</Typography.Text>
                <InputNumber<number>
                  value={step.from}
                  style={{ width: 90 }}
                  aria-label={t('scada.thresholdFrom')}
                  onChange={(from) =>
                    from !== null &&
                    onChange({ ...rule, steps: rule.steps.map((s, j) => (j === i ? { ...s, from } : s)) })
                  }
                />
                {colourInput(step.colour, t('scada.colour'), (colour) =>
                  onChange({ ...rule, steps: rule.steps.map((s, j) => (j === i ? { ...s, colour } : s)) }),
                )}
                <Button
                  size="small"
                  type="text"
                  disabled={rule.steps.length === 1}
                  aria-label={t('scada.tools.remove')}
                  onClick={() => onChange({ ...rule, steps: rule.steps.filter((_, j) => j !== i) })}
                >
                  ×
                </Button>
              </Flex>
            ))}
            {rule.steps.length < 5 && (
              <Button
                size="small"
                type="dashed"
                onClick={() =>
                  onChange({
                    ...rule,
                    steps: [...rule.steps, { from: (rule.steps.at(-1)?.from ?? 0) + 10, colour: '#faad14' }],
                  })
                }
              >
                {t('scada.thresholdAdd')}
              </Button>
            )}
          </>
        )}
      </Flex>
    </Form.Item>
  );
}
