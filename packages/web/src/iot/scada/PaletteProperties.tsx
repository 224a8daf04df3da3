import {
  SCADA_ANIMATED,
  SCADA_SPEED_MAX,
  SCADA_TREND_SAMPLES_MAX,
  type ScadaElement,
  type ScadaKind,
  type ScadaSpeedRule,
} from '@meridian/contracts';
import { Checkbox, Flex, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { PicturePicker } from '../components/PicturePicker.tsx';
import { SymbolPicker } from './SymbolPicker.tsx';

/** Components drawn over a range (min to max): a tank's level, a gauge's dial, a bar, a trend. */
export const RANGED: readonly ScadaKind[] = ['tank', 'gauge', 'bar', 'trend'];

interface Props {
  element: ScadaElement;
  onChange(fields: Partial<ScadaElement>): void;
}

/** The properties of the palette's later components (decisions 0126, 0149): a picture, a symbol, a trend's length, a speed rule. */
export function PaletteProperties({ element, onChange }: Props) {
  const { t } = useTranslation();
  const kind = element.kind;
  return (
    <>
      {kind === 'image' && (
        <Form.Item label={t('scada.picture')}>
          <PicturePicker
            value={element.picture}
            onChange={(picture) => onChange({ picture })}
            addLabel={t('scada.pictureAdd')}
            removeLabel={t('scada.pictureRemove')}
            testId="scada-prop-picture"
          />
        </Form.Item>
      )}
      {kind === 'symbol' && (
        <Form.Item label={t('scada.symbol')}>
          <SymbolPicker value={element.picture} onChange={(picture) => onChange({ picture })} />
        </Form.Item>
      )}
      {kind === 'trend' && (
        <Form.Item label={t('scada.samples')}>
          <InputNumber<number>
            min={2}
            max={SCADA_TREND_SAMPLES_MAX}
            value={element.samples}
            data-testid="scada-prop-samples"
            onChange={(samples) => samples !== null && onChange({ samples })}
          />
        </Form.Item>
      )}
      {SCADA_ANIMATED.includes(kind) && element.binding !== null && (
        <SpeedRule rule={element.speed} element={element} onChange={(speed) => onChange({ speed })} />
      )}
    </>
  );
}

function SpeedRule({
  rule,
  element,
  onChange,
}: {
  rule: ScadaSpeedRule | null;
  element: ScadaElement;
  onChange(rule: ScadaSpeedRule | null): void;
}) {
  const { t } = useTranslation();
  const number = (
    label: string,
    value: number,
    set: (v: number) => ScadaSpeedRule,
    limits: { min?: number; max?: number } = {},
  ) => (
    <InputNumber<number>
      aria-label={label}
      value={value}
      style={{ width: 80 }}
      step={limits.max === undefined ? 1 : 0.5}
      {...limits}
      onChange={(v) => v !== null && onChange(set(v))}
    />
  );
  return (
    <Form.Item label={t('scada.speed')} extra={t('scada.speedHint')}>
      <Flex vertical gap={6}>
        <Checkbox
          checked={rule !== null}
          data-testid="scada-prop-speed"
          onChange={(e) =>
            onChange(e.target.checked ? { from: element.min, to: element.max, slowest: 0.5, fastest: 3 } : null)
          }
        >
          {t('scada.speed')}
        </Checkbox>
        {rule && (
          <>
            <Flex gap={6} align="center">
              {t('scada.speedFrom')}
              {number(t('scada.speedFrom'), rule.from, (from) => ({ ...rule, from }))}
              {t('scada.speedTo')}
              {number(t('scada.speedTo'), rule.to, (to) => ({ ...rule, to }))}
            </Flex>
            <Flex gap={6} align="center">
              {t('scada.slowest')}
              {number(t('scada.slowest'), rule.slowest, (slowest) => ({ ...rule, slowest }), {
                min: 0,
                max: SCADA_SPEED_MAX,
              })}
              {t('scada.fastest')}
              {number(t('scada.fastest'), rule.fastest, (fastest) => ({ ...rule, fastest }), {
                min: 0,
                max: SCADA_SPEED_MAX,
              })}
            </Flex>
          </>
        )}
      </Flex>
    </Form.Item>
  );
}
