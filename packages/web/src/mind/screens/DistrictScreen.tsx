import type { ScreenSchools } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import './strings.ts';
import { screenFilters, useBands, useGauge, useSchools, useScreenAccess } from './api.ts';
import { count, percent } from './format.ts';
import { BandsCard, WarningsCard } from './kit/FigureCards.tsx';
import { nodeFilter, PickNode } from './kit/node.tsx';
import { axis, chartText, palette } from './kit/palette.ts';
import { ScreenCanvas } from './kit/ScreenCanvas.tsx';
import { Kpi, ScreenCard } from './kit/ScreenCard.tsx';
import { ScreenChart } from './kit/ScreenChart.tsx';
import { WallTable } from './kit/table.tsx';

const ROW_HEIGHT = 430;
const CHART_HEIGHT = ROW_HEIGHT - 56;

/**
 * The district screen (`/districtScreen`, docs/screens.md): the bureau's schools compared, how much
 * of the screening is done, the results by band and grade, and the warnings by level with their
 * handling time. Each card has its own call and refreshes itself.
 */
export function DistrictScreen() {
  const filters = screenFilters(useLocation().search);
  return <DistrictWall screen="districtScreen" filters={filters} />;
}

/**
 * The sub-district screen (`/districtScreenJd?orgId=`, decision 0125): the district screen's cards
 * narrowed to one sub-district of the caller's area, the node checked by the server.
 */
export function DistrictScreenJd() {
  const { search } = useLocation();
  const orgId = nodeFilter(search);
  const allowed = useScreenAccess('districtScreenJd');
  if (orgId === undefined) return <PickNode allowed={allowed} />;
  return <DistrictWall screen="districtScreenJd" filters={{ ...screenFilters(search), orgId }} />;
}

function DistrictWall({ screen, filters }: { screen: string; filters: ReturnType<typeof screenFilters> }) {
  const { t } = useTranslation();
  const allowed = useScreenAccess(screen);
  const schools = useSchools(filters, allowed === true);
  const bands = useBands(filters, allowed === true);
  const gauge = useGauge(filters, allowed === true);
  const updatedAt = Math.max(schools.dataUpdatedAt, bands.dataUpdatedAt, gauge.dataUpdatedAt);
  const totals = schools.data?.totals;
  const none = t('scr.kpi.none');
  const hours = gauge.data?.meanHandlingHours;
  return (
    <ScreenCanvas updatedAt={updatedAt} allowed={allowed}>
      <div style={{ display: 'flex', gap: 16, height: 110, marginBottom: 16 }}>
        {filters.orgId === undefined ? null : (
          <Kpi testId="kpi-node" label={t('scr.gs.node')} value={schools.data?.org?.name ?? none} />
        )}
        <Kpi
          testId="kpi-schools"
          label={t('scr.kpi.schools')}
          value={schools.data ? count(schools.data.schools.length) : none}
        />
        <Kpi testId="kpi-assigned" label={t('scr.kpi.assigned')} value={totals ? count(totals.assigned) : none} />
        <Kpi
          testId="kpi-coverage"
          label={t('scr.kpi.coverage')}
          value={totals ? percent(totals.done, totals.assigned) : none}
        />
        <Kpi testId="kpi-results" label={t('scr.kpi.results')} value={totals ? count(totals.results) : none} />
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
      <div
        style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 16, height: ROW_HEIGHT, marginBottom: 16 }}
      >
        <ScreenCard
          testId="card-coverage"
          title={t('scr.district.coverage')}
          query={schools}
          isEmpty={(d) => d.schools.every((s) => s.assigned === 0)}
        >
          {(d) => (
            <ScreenChart
              height={CHART_HEIGHT}
              label={t('scr.district.coverage')}
              option={coverageChart(d, t('scr.district.coverageSeries'))}
            />
          )}
        </ScreenCard>
        <BandsCard query={bands} screen="district" height={CHART_HEIGHT} />
        <WarningsCard query={gauge} screen="district" height={CHART_HEIGHT} />
      </div>
      <ScreenCard
        testId="card-schools"
        title={t('scr.district.schools')}
        query={schools}
        isEmpty={(d) => d.schools.length === 0}
        style={{ flex: 1 }}
      >
        {(d) => (
          <WallTable
            testId="schools-table"
            numeric={[1, 2, 3, 4, 5, 6]}
            head={[
              t('scr.col.school'),
              t('scr.col.assigned'),
              t('scr.col.done'),
              t('scr.col.coverage'),
              t('scr.col.results'),
              t('scr.col.warned'),
              t('scr.col.open'),
            ]}
            rows={d.schools.slice(0, 8).map((s) => ({
              key: s.schoolId,
              cells: [
                s.name,
                count(s.assigned),
                count(s.done),
                percent(s.done, s.assigned),
                count(s.results),
                count(s.warned),
                count(s.openWarnings),
              ],
            }))}
          />
        )}
      </ScreenCard>
    </ScreenCanvas>
  );
}

function coverageChart(d: ScreenSchools, series: string) {
  const rows = d.schools
    .filter((s) => s.assigned > 0)
    .slice(0, 12)
    .reverse();
  return {
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'value', max: 100, ...axis, axisLabel: { ...axis.axisLabel, formatter: '{value}%' } },
    yAxis: { type: 'category', data: rows.map((s) => s.name), ...axis },
    series: [
      {
        name: series,
        type: 'bar',
        data: rows.map((s) => Math.round((s.done / s.assigned) * 1000) / 10),
        itemStyle: { color: palette.accent[1] },
        label: { show: true, position: 'right', formatter: '{c}%', ...chartText },
        barMaxWidth: 22,
      },
    ],
  };
}
