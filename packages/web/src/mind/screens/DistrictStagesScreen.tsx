import type { ScreenStages } from '@meridian/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import './strings.ts';
import { screenFilters, textIn, useGauge, useSchools, useScreenAccess, useStages } from './api.ts';
import { count, percent } from './format.ts';
import { nodeFilter } from './kit/node.tsx';
import { axis, chartText, palette } from './kit/palette.ts';
import { ScreenCanvas } from './kit/ScreenCanvas.tsx';
import { Kpi, ScreenCard } from './kit/ScreenCard.tsx';
import { ScreenChart } from './kit/ScreenChart.tsx';
import { WallTable } from './kit/table.tsx';

const ROW_HEIGHT = 470;
const CHART_HEIGHT = ROW_HEIGHT - 56;

/**
 * The district overview (`/districtScreenGs`, decision 0125): the district screen by school stage.
 * Results, the results that warned and the warnings by level for primary, junior and senior
 * schools, with the district's headline figures; `?orgId=` narrows it to a sub-district.
 */
export function DistrictStagesScreen() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const orgId = nodeFilter(search);
  const filters = { ...screenFilters(search), ...(orgId === undefined ? {} : { orgId }) };
  const allowed = useScreenAccess('districtScreenGs');
  const stages = useStages(filters, allowed === true);
  const schools = useSchools(filters, allowed === true);
  const gauge = useGauge(filters, allowed === true);
  const updatedAt = Math.max(stages.dataUpdatedAt, schools.dataUpdatedAt, gauge.dataUpdatedAt);
  const none = t('scr.kpi.none');
  const totals = schools.data?.totals;
  const hours = gauge.data?.meanHandlingHours;
  const stageName = (s: ScreenStages['stages'][number]) => t(`scr.gs.stage.${s.stage}`);
  return (
    <ScreenCanvas updatedAt={updatedAt} allowed={allowed}>
      <div style={{ display: 'flex', gap: 16, height: 110, marginBottom: 16 }}>
        {orgId === undefined ? null : (
          <Kpi testId="kpi-node" label={t('scr.gs.node')} value={schools.data?.org?.name ?? none} />
        )}
        <Kpi
          testId="kpi-schools"
          label={t('scr.kpi.schools')}
          value={schools.data ? count(schools.data.schools.length) : none}
        />
        <Kpi
          testId="kpi-coverage"
          label={t('scr.kpi.coverage')}
          value={totals ? percent(totals.done, totals.assigned) : none}
        />
        <Kpi testId="kpi-results" label={t('scr.kpi.results')} value={totals ? count(totals.results) : none} />
        <Kpi testId="kpi-warned" label={t('scr.kpi.warned')} value={totals ? count(totals.warned) : none} />
        <Kpi
          testId="kpi-open"
          label={t('scr.kpi.open')}
          value={gauge.data ? count(gauge.data.open) : none}
          tone={palette.danger}
        />
        <Kpi
          testId="kpi-handling"
          label={t('scr.kpi.handling')}
          value={hours === null || hours === undefined ? none : t('scr.kpi.hours', { n: hours })}
        />
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16, height: ROW_HEIGHT, marginBottom: 16 }}>
        <ScreenCard
          testId="card-stages"
          title={t('scr.gs.stages')}
          query={stages}
          isEmpty={(d) => d.stages.length === 0}
        >
          {(d) => (
            <ScreenChart height={CHART_HEIGHT} label={t('scr.gs.stages')} option={resultsChart(d, t, stageName)} />
          )}
        </ScreenCard>
        <ScreenCard
          testId="card-levels"
          title={t('scr.gs.levels')}
          query={stages}
          isEmpty={(d) => d.stages.every((s) => s.warnings === 0)}
        >
          {(d) => <ScreenChart height={CHART_HEIGHT} label={t('scr.gs.levels')} option={levelsChart(d, stageName)} />}
        </ScreenCard>
      </div>
      <ScreenCard
        testId="card-table"
        title={t('scr.gs.table')}
        query={stages}
        isEmpty={(d) => d.stages.length === 0}
        style={{ flex: 1 }}
      >
        {(d) => (
          <>
            <WallTable
              testId="stages-table"
              numeric={[1, 2, 3, 4, 5, 6, 7, 8]}
              head={[
                t('scr.gs.stageCol'),
                t('scr.gs.grades'),
                t('scr.col.assigned'),
                t('scr.col.coverage'),
                t('scr.col.results'),
                t('scr.col.warned'),
                t('scr.gs.warnRate'),
                t('scr.kpi.warnings'),
                t('scr.col.open'),
              ]}
              rows={d.stages.map((s) => ({
                key: s.stage,
                cells: [
                  stageName(s),
                  count(s.grades),
                  count(s.assigned),
                  percent(s.done, s.assigned),
                  count(s.results),
                  count(s.warned),
                  percent(s.warned, s.results),
                  count(s.warnings),
                  count(s.open),
                ],
              }))}
            />
            <div style={{ marginTop: 8, fontSize: 14, color: palette.muted }}>{t('scr.gs.byStage')}</div>
          </>
        )}
      </ScreenCard>
    </ScreenCanvas>
  );
}

type StageName = (s: ScreenStages['stages'][number]) => string;

function resultsChart(d: ScreenStages, t: TFunction, stageName: StageName) {
  return {
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: chartText },
    xAxis: { type: 'category', data: d.stages.map(stageName), ...axis },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: [
      { key: 'results', name: t('scr.gs.resultsSeries'), colour: palette.accent[1] },
      { key: 'warned', name: t('scr.gs.warnedSeries'), colour: palette.danger },
    ].map((series) => ({
      name: series.name,
      type: 'bar',
      barMaxWidth: 56,
      itemStyle: { color: series.colour },
      label: { show: true, position: 'top', ...chartText },
      data: d.stages.map((s) => (series.key === 'results' ? s.results : s.warned)),
    })),
  };
}

function levelsChart(d: ScreenStages, stageName: StageName) {
  return {
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: chartText },
    xAxis: { type: 'category', data: d.stages.map(stageName), ...axis },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: d.levels.map((l) => ({
      name: textIn(l.name),
      type: 'bar',
      stack: 'levels',
      barMaxWidth: 56,
      itemStyle: { color: l.colour },
      data: d.stages.map((s) => s.counts[l.code] ?? 0),
    })),
  };
}
