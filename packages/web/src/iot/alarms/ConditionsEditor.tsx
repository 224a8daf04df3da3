import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ALARM_LIMITS,
  CONDITION_KINDS,
  type ConditionKind,
  DEVICE_KINDS,
  RANGE_KINDS,
  type TemplatePointView,
  THRESHOLD_KINDS,
} from '@meridian/contracts';
import { Button, Flex, Form, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pointLabel } from './lookups.tsx';

const SWITCH_ONLY: readonly ConditionKind[] = ['switchOn', 'switchOff'];

/** The conditions of a trigger, one row each (at most five), with the inputs its kind needs. */
export function ConditionsEditor({ points }: { points: TemplatePointView[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <Form.List name="conditions">
      {(rows, { add, remove }, { errors }) => (
        <Flex vertical gap={8} data-testid="trigger-conditions">
          {rows.map((row) => (
            <Form.Item noStyle key={row.key} shouldUpdate>
              {() => {
                const kind = form.getFieldValue(['conditions', row.name, 'kind']) as ConditionKind | undefined;
                const pointId = form.getFieldValue(['conditions', row.name, 'pointId']) as number | undefined;
                const point = points.find((p) => p.id === pointId);
                const kinds = CONDITION_KINDS.filter(
                  (k) => !point || (point.dataType === 'switch' ? true : !SWITCH_ONLY.includes(k)),
                );
                return (
                  <Flex gap={8} align="start" wrap data-testid={`condition-${row.name}`}>
                    <Form.Item name={[row.name, 'kind']} style={{ marginBottom: 0 }}>
                      <Select
                        style={{ width: 150 }}
                        data-testid={`condition-kind-${row.name}`}
                        options={kinds.map((k) => ({ value: k, label: t(`alarms.kind.${k}`) }))}
                      />
                    </Form.Item>
                    {kind && !DEVICE_KINDS.includes(kind) && (
                      <Form.Item name={[row.name, 'pointId']} style={{ marginBottom: 0 }}>
                        <Select
                          style={{ width: 200 }}
                          placeholder={t('alarms.trigger.point')}
                          data-testid={`condition-point-${row.name}`}
                          notFoundContent={t('alarms.trigger.noPoints')}
                          options={points.map((p) => ({ value: p.id, label: pointLabel(p) }))}
                        />
                      </Form.Item>
                    )}
                    {kind && THRESHOLD_KINDS.includes(kind) && (
                      <Form.Item name={[row.name, 'value']} style={{ marginBottom: 0 }}>
                        <InputNumber
                          style={{ width: 140 }}
                          placeholder={t('alarms.trigger.threshold')}
                          data-testid={`condition-value-${row.name}`}
                        />
                      </Form.Item>
                    )}
                    {kind && RANGE_KINDS.includes(kind) && (
                      <>
                        <Form.Item name={[row.name, 'min']} style={{ marginBottom: 0 }}>
                          <InputNumber style={{ width: 110 }} placeholder={t('alarms.trigger.min')} />
                        </Form.Item>
                        <Form.Item name={[row.name, 'max']} style={{ marginBottom: 0 }}>
                          <InputNumber style={{ width: 110 }} placeholder={t('alarms.trigger.max')} />
                        </Form.Item>
                      </>
                    )}
                    {kind === 'noData' && (
                      <Form.Item name={[row.name, 'minutes']} style={{ marginBottom: 0 }}>
                        <InputNumber
                          style={{ width: 150 }}
                          min={1}
                          max={ALARM_LIMITS.noDataMaxMinutes}
                          precision={0}
                          suffix={t('alarms.trigger.minutes')}
                        />
                      </Form.Item>
                    )}
                    {rows.length > 1 && (
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('ui.delete')}
                        onClick={() => remove(row.name)}
                      />
                    )}
                  </Flex>
                );
              }}
            </Form.Item>
          ))}
          <Form.ErrorList errors={errors} />
          <Flex gap={8} align="center">
            <Button
              icon={<PlusOutlined />}
              disabled={rows.length >= ALARM_LIMITS.conditionsMax}
              onClick={() => add({ kind: 'gt' })}
              data-testid="condition-add"
            >
              {t('alarms.trigger.addCondition')}
            </Button>
            <Typography.Text type="secondary">
              {t('alarms.trigger.conditionsHint', { max: ALARM_LIMITS.conditionsMax })}
            </Typography.Text>
          </Flex>
        </Flex>
      )}
    </Form.List>
  );
}
