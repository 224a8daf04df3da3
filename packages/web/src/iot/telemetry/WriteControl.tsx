import { App, Button, Input, InputNumber, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../shared/useConfirm.ts';
import type { TemplatePointView } from '../templates/api.ts';
import { type WriteValue, writePoint } from './api.ts';
import type { LiveValue } from './live.ts';
import { inputRange, isOn, writeKindOf } from './points.ts';

interface Props {
  deviceId: number;
  point: TemplatePointView;
  value: LiveValue | null;
}

/**
 * The write control of one point: a switch for bits and coils, a number input within the variant's
 * range, or text. Every write asks first; the gateway's answer (read-only, slave no reply, a range
 * error...) is shown in its own words, and the new value arrives with the next poll.
 */
export function WriteControl({ deviceId, point, value }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const kind = writeKindOf(point);
  const [draft, setDraft] = useState<number | string | null>(null);
  if (kind === 'none') return null;

  const send = (next: WriteValue, shown: string) =>
    confirm(
      {
        title: t('data.write.confirmTitle'),
        content: t('data.write.confirm', { name: point.name, value: shown }),
        okText: t('data.write.send'),
      },
      async () => {
        await writePoint(deviceId, point.id, next);
        message.success(t('data.write.sent'));
        setDraft(null);
      },
    );

  if (kind === 'switch') {
    const on = isOn(value);
    return (
      <Switch
        data-testid={`point-switch-${point.id}`}
        checked={on}
        checkedChildren={t('ui.on')}
        unCheckedChildren={t('ui.off')}
        onClick={() => send(!on, !on ? t('ui.on') : t('ui.off'))}
      />
    );
  }
  const range = kind === 'number' ? inputRange(point) : {};
  const ready = draft !== null && draft !== '';
  return (
    <Space.Compact size="small">
      {kind === 'number' ? (
        <InputNumber<number>
          data-testid={`point-input-${point.id}`}
          style={{ width: 130 }}
          placeholder={t('data.write.placeholder')}
          value={typeof draft === 'number' ? draft : null}
          onChange={(next) => setDraft(next)}
          {...range}
        />
      ) : (
        <Input
          data-testid={`point-input-${point.id}`}
          style={{ width: 160 }}
          maxLength={256}
          placeholder={point.dataType === 'location' ? '116.397128,39.916527' : t('data.write.placeholder')}
          value={typeof draft === 'string' ? draft : ''}
          onChange={(event) => setDraft(event.target.value)}
        />
      )}
      <Button
        data-testid={`point-write-${point.id}`}
        disabled={!ready}
        onClick={() => draft !== null && send(draft, String(draft))}
      >
        {t('data.write.send')}
      </Button>
    </Space.Compact>
  );
}
