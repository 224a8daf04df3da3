import type { ScreenBands, ScreenGauge } from '@meridian/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { textIn } from '../api.ts';
import { bandsChart, levelsChart } from './charts.ts';
import { ScreenCard } from './ScreenCard.tsx';
import { ScreenChart } from './ScreenChart.tsx';

/** The screen whose strings a card takes (`scr.<screen>.bands`, `.bandsNoScale`, `.warnings`). */
type Screen = 'district' | 'school' | 'youth';

/** One scale's results by band, per grade or class: the district and school screens draw the same card. */
export function BandsCard({
  query,
  screen,
  height,
}: {
  query: UseQueryResult<ScreenBands>;
  screen: Screen;
  height: number;
}) {
  const { t } = useTranslation();
  const scale = query.data?.scale;
  return (
    <ScreenCard
      testId="card-bands"
      title={scale ? t(`scr.${screen}.bands`, { scale: textIn(scale.name) }) : t(`scr.${screen}.bandsNoScale`)}
      query={query}
      isEmpty={(d) => d.rows.length === 0}
    >
      {(d) => <ScreenChart height={height} label={t(`scr.${screen}.bandsNoScale`)} option={bandsChart(d)} />}
    </ScreenCard>
  );
}

/** Warnings by level, open and solved. */
export function WarningsCard({
  query,
  screen,
  height,
}: {
  query: UseQueryResult<ScreenGauge>;
  screen: Screen;
  height: number;
}) {
  const { t } = useTranslation();
  return (
    <ScreenCard testId="card-warnings" title={t(`scr.${screen}.warnings`)} query={query} isEmpty={(d) => d.total === 0}>
      {(d) => (
        <ScreenChart
          height={height}
          label={t(`scr.${screen}.warnings`)}
          option={levelsChart(d, t('scr.kpi.open'), t('scr.kpi.solved'))}
        />
      )}
    </ScreenCard>
  );
}
