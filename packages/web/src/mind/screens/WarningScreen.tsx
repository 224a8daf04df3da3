import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import './strings.ts';
import { screenFilters, textIn, useGauge, useGradeWarnings, useScreenAccess, useTrend } from './api.ts';
import { count } from './format.ts';
import { gradesChart, OPEN_STAGES, stagesChart, trendChart } from './kit/charts.ts';
import { palette } from './kit/palette.ts';
import { ScreenCanvas } from './kit/ScreenCanvas.tsx';
import { Kpi, ScreenCard } from './kit/ScreenCard.tsx';
import { ScreenChart } from './kit/ScreenChart.tsx';
import { WallTable } from './kit/table.tsx';

const ROW_HEIGHT = 440;
const STAGES = [...OPEN_STAGES, 'solved'] as const;

/**
 * The school warning screen (`/schoolWarningScreen`, docs/screens.md): the school's warnings by
 * level, stage and grade, how long handling takes and how many open each month. Aggregates for a
 * meeting room; the working list with names is the cockpit (`/schoolWarning`).
 */
export function WarningScreen() {
  const { t } = useTranslation();
  const filters = screenFilters(useLocation().search);
  const allowed = useScreenAccess('schoolWarningScreen');
  const gauge = useGauge(filters, allowed === true);
  const grades = useGradeWarnings(filters, allowed === true);
  const trend = useTrend(filters, allowed === true);
  const updatedAt = Math.max(gauge.dataUpdatedAt, grades.dataUpdatedAt, trend.dataUpdatedAt);
  const none = t('scr.kpi.none');
  const g = gauge.data;
  const hours = g?.meanHandlingHours;
  return (
    <ScreenCanvas updatedAt={updatedAt} allowed={allowed}>
      <div style={{ display: 'flex', gap: 16, height: 110, marginBottom: 16 }}>
        <Kpi testId="kpi-warnings" label={t('scr.kpi.warnings')} value={g ? count(g.total) : none} />
        <Kpi testId="kpi-open" label={t('scr.kpi.open')} value={g ? count(g.open) : none} tone={palette.danger} />
        <Kpi testId="kpi-solved" label={t('scr.kpi.solved')} value={g ? count(g.solved) : none} />
        <Kpi
          testId="kpi-handling"
          label={t('scr.kpi.handling')}
          value={hours === null || hours === undefined ? none : t('scr.kpi.hours', { n: hours })}
        />
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16, height: ROW_HEIGHT, marginBottom: 16 }}>
        <ScreenCard testId="card-stages" title={t('scr.warn.byStage')} query={gauge} isEmpty={(d) => d.total === 0}>
          {(d) => (
            <ScreenChart height={ROW_HEIGHT - 56} label={t('scr.warn.byStage')} option={stagesChart(d, t, STAGES)} />
          )}
        </ScreenCard>
        <ScreenCard
          testId="card-grades"
          title={t('scr.warn.byGrade')}
          query={grades}
          isEmpty={(d) => d.grades.length === 0}
        >
          {(d) => (
            <ScreenChart
              height={ROW_HEIGHT - 56}
              label={t('scr.warn.byGrade')}
              option={gradesChart(d, t('scr.kpi.none'))}
            />
          )}
        </ScreenCard>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '1.4fr 0.6fr', gap: 16, flex: 1, minHeight: 0 }}>
        <ScreenCard
          testId="card-trend"
          title={t('scr.warn.trend')}
          query={trend}
          isEmpty={(d) => d.months.length === 0}
        >
          {(d) => (
            <ScreenChart
              height={ROW_HEIGHT - 160}
              label={t('scr.warn.trend')}
              option={trendChart(d, { warnings: t('scr.school.trendWarnings') })}
            />
          )}
        </ScreenCard>
        <ScreenCard testId="card-levels" title={t('scr.school.warnings')} query={gauge} isEmpty={(d) => d.total === 0}>
          {(d) => (
            <WallTable
              testId="levels-table"
              numeric={[1, 2, 3]}
              head={[t('scr.col.level'), t('scr.warn.all'), t('scr.warn.open'), t('scr.kpi.solved')]}
              rows={d.levels.map((l) => ({
                key: l.code,
                cells: [
                  <span key="level" style={{ color: l.colour }}>
                    {textIn(l.name)}
                  </span>,
                  count(l.total),
                  count(l.open),
                  count(l.byState.solved ?? 0),
                ],
              }))}
            />
          )}
        </ScreenCard>
      </div>
    </ScreenCanvas>
  );
}
