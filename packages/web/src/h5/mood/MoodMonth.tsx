import type { moodEntry } from '@meridian/contracts';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Output } from '../../shared/contracts.ts';

type Entry = Output<typeof moodEntry>;
export const MOOD_FACES = ['', '😢', '😟', '😐', '😊', '😄'] as const;
const COLOURS = ['', '#cf1322', '#fa8c16', '#fadb14', '#95de64', '#389e0d'];

/** The month as a calendar of faces, and the trend of the mood as a line (1 very low, 5 very good). */
export function MoodMonth({ month, entries }: { month: string; entries: Entry[] }) {
  const { t } = useTranslation();
  const [y, m] = month.split('-').map(Number);
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const dayNumbers = Array.from({ length: days }, (_, i) => i + 1);
  const byDay = new Map(entries.map((e) => [Number(e.day.slice(8)), e]));
  const W = 300;
  const H = 100;
  const x = (d: number) => ((d - 1) / Math.max(days - 1, 1)) * (W - 20) + 10;
  const y5 = (v: number) => H - 10 - ((v - 1) / 4) * (H - 20);
  const points = entries.map((e) => `${x(Number(e.day.slice(8)))},${y5(e.mood)}`).join(' ');
  return (
    <>
      <Card size="small" title={t('mood.calendar', { month })} style={{ marginBottom: 12 }}>
        <div
          data-testid="h5-mood-calendar"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4, textAlign: 'center' }}
        >
          {dayNumbers.map((d) => {
            const e = byDay.get(d);
            return (
              <span
                key={d}
                title={e ? `${d}: ${t(`mood.moods.${e.mood}`)}` : undefined}
                style={d === 1 ? { gridColumnStart: lead + 1 } : undefined}
              >
                <Typography.Text type="secondary" style={{ fontSize: 11, display: 'block' }}>
                  {d}
                </Typography.Text>
                {e ? MOOD_FACES[e.mood] : '·'}
              </span>
            );
          })}
        </div>
      </Card>
      <Card size="small" title={t('mood.trend')}>
        {entries.length === 0 ? (
          <Empty description={t('mood.empty')} />
        ) : (
          <svg
            viewBox={`0 0 ${W} ${H}`}
            role="img"
            aria-label={t('mood.trend')}
            data-testid="h5-mood-trend"
            width="100%"
          >
            {[1, 3, 5].map((v) => (
              <line key={v} x1={0} x2={W} y1={y5(v)} y2={y5(v)} stroke="#f0f0f0" />
            ))}
            <polyline points={points} fill="none" stroke="#1677ff" strokeWidth={2} />
            {entries.map((e) => (
              <circle key={e.day} cx={x(Number(e.day.slice(8)))} cy={y5(e.mood)} r={4} fill={COLOURS[e.mood]} />
            ))}
          </svg>
        )}
      </Card>
    </>
  );
}
