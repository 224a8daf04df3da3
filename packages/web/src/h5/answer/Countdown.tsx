import { FieldTimeOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clock } from './text.ts';

/** The time left until the sheet's deadline, ticking each second; tells the page once when it runs out. */
export function Countdown({ deadline, onTimeUp }: { deadline: number; onTimeUp(): void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now);
  const left = deadline - now;
  useEffect(() => {
    if (left <= 0) {
      onTimeUp();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [left, onTimeUp]);
  return (
    <Tag
      color={left < 60_000 ? 'red' : 'blue'}
      icon={<FieldTimeOutlined aria-hidden />}
      style={{ marginInlineEnd: 0, fontSize: 14, padding: '2px 8px' }}
    >
      <span role="timer">{left > 0 ? t('answer.timeLeft', { time: clock(left) }) : t('answer.timeUp')}</span>
    </Tag>
  );
}
