import type { ScreenSchoolRow, ScreenSchools } from '@meridian/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import './strings.ts';
import {
  screenFilters,
  textIn,
  useBands,
  useGauge,
  useGradeWarnings,
  useOverdue,
  useSchools,
  useScreenAccess,
  useTrend,
} from './api.ts';
import { count, percent } from './format.ts';
import { gradesChart, OPEN_STAGES, stagesChart, trendChart } from './kit/charts.ts';
import { BandsCard, WarningsCard } from './kit/FigureCards.tsx';
import { axis, chartText, palette } from './kit/palette.ts';
import { ScreenCanvas } from './kit/ScreenCanvas.tsx';
import { Kpi, ScreenCard } from './kit/ScreenCard.tsx';
import { ScreenChart } from './kit/ScreenChart.tsx';
import { WallTable } from './kit/table.tsx';

// The district's youth-soul home (docs/screens.md, decision 0105): the bureau's landing wall, one
// school's wall and the district's warnings wall. They read the screens' existing calls only.

const ROW_HEIGHT = 380;
const CHART_HEIGHT = ROW_HEIGHT - 56;
const STAGES = [...OPEN_STAGES, 'solved'] as const;
const SCHOOL = '/districtYouthSoulHomeSchool';
const WARNINGS = '/districtYouthSoulHomeWarning';

const linkStyle = { color: palette.figure, fontSize: 18 } as const;

/** The row of links between the three walls, above the figures. */
function WallNav({ children }: { children: ReactNode }) {
  return (
    <nav
      data-testid="youth-nav"
      style={{ display: 'flex', gap: 32, alignItems: 'center', height: 36, marginBottom: 12 }}
    >
      {children}
    </nav>
  );
}

function hoursText(t: TFunction, hours: number | null | undefined) {
  return hours === null || hours === undefined ? t('scr.kpi.none') : t('scr.kpi.hours', { n: hours });
}

/** `districtYouthSoulHome`: the bureau's landing wall of youth mental health. */
export function YouthSoulHome() {
  const { t } = useTranslation();
  const allowed = useScreenAccess('districtYouthSoulHome');
  const on = allowed === true;
  const schools = useSchools({}, on);
  const bands = useBands({}, on);
  const gauge = useGauge({}, on);
  const trend = useTrend({}, on);
  const updatedAt = Math.max(schools.dataUpdatedAt, bands.dataUpdatedAt, gauge.dataUpdatedAt, trend.dataUpdatedAt);
  const totals = schools.data?.totals;
  const none = t('scr.kpi.none');
  return (
    <ScreenCanvas updatedAt={updatedAt} allowed={allowed}>
      <WallNav>
        <Link to={WARNINGS} style={linkStyle} data-testid="to-warnings">
          {t('scr.youth.toWarnings')}
        </Link>
        <Link to={SCHOOL} style={linkStyle}>
          {t('scr.youth.toSchool')}
        </Link>
      </WallNav>
      <div style={{ display: 'flex', gap: 16, height: 110, marginBottom: 16 }}>
        <Kpi
          testId="kpi-schools"
          label={t('scr.kpi.schools')}
          value={schools.data ? count(schools.data.schools.length) : none}
        />
        <Kpi testId="kpi-done" label={t('scr.youth.students')} value={totals ? count(totals.done) : none} />
        <Kpi
          testId="kpi-coverage"
          label={t('scr.kpi.coverage')}
          value={totals ? percent(totals.done, totals.assigned) : none}
        />
        <Kpi testId="kpi-results" label={t('scr.kpi.results')} value={totals ? count(totals.results) : none} />
        <Kpi testId="kpi-warnings" label={t('scr.kpi.warnings')} value={gauge.data ? count(gauge.data.total) : none} />
        <Kpi
          testId="kpi-open"
          label={t('scr.kpi.open')}
          value={gauge.data ? count(gauge.data.open) : none}
          tone={palette.danger}
        />
        <Kpi testId="kpi-handling" label={t('scr.kpi.handling')} value={hoursText(t, gauge.data?.meanHandlingHours)} />
      </div>
      <div
        style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 16, height: ROW_HEIGHT, marginBottom: 16 }}
      >
        <BandsCard query={bands} screen="district" height={CHART_HEIGHT} />
        <WarningsCard query={gauge} screen="district" height={CHART_HEIGHT} />
        <ScreenCard
          testId="card-trend"
          title={t('scr.youth.trend')}
          query={trend}
          isEmpty={(d) => d.months.length === 0}
        >
          {(d) => (
            <ScreenChart
              height={CHART_HEIGHT}
              label={t('scr.youth.trend')}
              option={trendChart(d, { results: t('scr.school.trendResults'), warnings: t('scr.school.trendWarnings') })}
            />
          )}
        </ScreenCard>
      </div>
      <ScreenCard
        testId="card-grid"
        title={t('scr.youth.grid')}
        query={schools}
        isEmpty={(d) => d.schools.length === 0}
        style={{ flex: 1, minHeight: 0 }}
      >
        {(d) => <SchoolGrid data={d} />}
      </ScreenCard>
    </ScreenCanvas>
  );
}

/** A tile per school (the first sixteen, most results first), each opening that school's wall. */
function SchoolGrid({ data }: { data: ScreenSchools }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="school-grid"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 12, overflow: 'hidden', height: '100%' }}
    >
      {data.schools.slice(0, 16).map((s) => (
        <Link
          key={s.schoolId}
          to={`${SCHOOL}?schoolId=${s.schoolId}`}
          data-testid={`school-tile-${s.schoolId}`}
          style={{
            display: 'block',
            padding: '10px 14px',
            border: `1px solid ${palette.line}`,
            borderLeft: `4px solid ${s.openWarnings > 0 ? palette.danger : palette.accent[2]}`,
            borderRadius: 6,
            color: palette.text,
            height: 68,
            boxSizing: 'border-box',
          }}
        >
          <div style={{ fontSize: 18, color: palette.title, whiteSpace: 'nowrap', overflow: 'hidden' }}>{s.name}</div>
          <div style={{ fontSize: 14, color: palette.muted }}>
            {t('scr.youth.gridHint', {
              coverage: percent(s.done, s.assigned),
              results: count(s.results),
              open: count(s.openWarnings),
            })}
          </div>
        </Link>
      ))}
    </div>
  );
}

/**
 * `districtYouthSoulHomeSchool`: one school's wall, chosen on the district wall or in the picker
 * (`?schoolId=`; without one, the school with the most results).
 */
export function YouthSoulHomeSchool() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const asked = screenFilters(useLocation().search).schoolId;
  const allowed = useScreenAccess('districtYouthSoulHomeSchool');
  const on = allowed === true;
  const all = useSchools({}, on);
  const chosen: ScreenSchoolRow | undefined =
    all.data?.schools.find((s) => s.schoolId === asked) ?? (asked === undefined ? all.data?.schools[0] : undefined);
  const schoolId = chosen?.schoolId ?? asked;
  const q = schoolId === undefined ? {} : { schoolId };
  const ready = on && schoolId !== undefined;
  const bands = useBands(q, ready);
  const gauge = useGauge(q, ready);
  const grades = useGradeWarnings(q, ready);
  const trend = useTrend(q, ready);
  const updatedAt = Math.max(all.dataUpdatedAt, bands.dataUpdatedAt, gauge.dataUpdatedAt, trend.dataUpdatedAt);
  const none = t('scr.kpi.none');
  return (
    <ScreenCanvas updatedAt={updatedAt} allowed={allowed}>
      <WallNav>
        <Link to="/districtYouthSoulHome" style={linkStyle}>
          {t('scr.youth.toDistrict')}
        </Link>
        <label style={{ fontSize: 18, color: palette.muted }}>
          {t('scr.youth.pick')}{' '}
          <select
            data-testid="school-picker"
            value={schoolId ?? ''}
            onChange={(e) => navigate(`${SCHOOL}?schoolId=${e.target.value}`)}
            style={{
              fontSize: 18,
              background: palette.ground,
              color: palette.title,
              border: `1px solid ${palette.line}`,
              padding: '2px 8px',
            }}
          >
            {(all.data?.schools ?? []).map((s) => (
              <option key={s.schoolId} value={s.schoolId}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        {schoolId !== undefined && (
          <Link to={`${WARNINGS}?schoolId=${schoolId}`} style={linkStyle}>
            {t('scr.youth.toWarnings')}
          </Link>
        )}
        <span data-testid="school-name" style={{ marginLeft: 'auto', fontSize: 26, color: palette.title }}>
          {chosen?.name ?? ''}
        </span>
      </WallNav>
      {all.data && all.data.schools.length === 0 ? (
        <div style={{ fontSize: 24, color: palette.muted, margin: 'auto' }}>{t('scr.youth.noSchool')}</div>
      ) : (
        <>
          <div style={{ display: 'flex', gap: 16, height: 110, marginBottom: 16 }}>
            <Kpi testId="kpi-assigned" label={t('scr.kpi.assigned')} value={chosen ? count(chosen.assigned) : none} />
            <Kpi testId="kpi-done" label={t('scr.kpi.done')} value={chosen ? count(chosen.done) : none} />
            <Kpi
              testId="kpi-coverage"
              label={t('scr.kpi.coverage')}
              value={chosen ? percent(chosen.done, chosen.assigned) : none}
            />
            <Kpi testId="kpi-results" label={t('scr.kpi.results')} value={chosen ? count(chosen.results) : none} />
            <Kpi
              testId="kpi-open"
              label={t('scr.kpi.open')}
              value={gauge.data ? count(gauge.data.open) : none}
              tone={palette.danger}
            />
            <Kpi
              testId="kpi-handling"
              label={t('scr.kpi.handling')}
              value={hoursText(t, gauge.data?.meanHandlingHours)}
            />
          </div>
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: '1fr 1fr 1fr',
              gap: 16,
              height: ROW_HEIGHT,
              marginBottom: 16,
            }}
          >
            <BandsCard query={bands} screen="youth" height={CHART_HEIGHT} />
            <ScreenCard
              testId="card-grades"
              title={t('scr.warn.byGrade')}
              query={grades}
              isEmpty={(d) => d.grades.length === 0}
            >
              {(d) => <ScreenChart height={CHART_HEIGHT} label={t('scr.warn.byGrade')} option={gradesChart(d, none)} />}
            </ScreenCard>
            <WarningsCard query={gauge} screen="youth" height={CHART_HEIGHT} />
          </div>
          <ScreenCard
            testId="card-trend"
            title={t('scr.youth.trend')}
            query={trend}
            isEmpty={(d) => d.months.length === 0}
            style={{ flex: 1, minHeight: 0 }}
          >
            {(d) => (
              <ScreenChart
                height={ROW_HEIGHT - 150}
                label={t('scr.youth.trend')}
                option={trendChart(d, {
                  results: t('scr.school.trendResults'),
                  warnings: t('scr.school.trendWarnings'),
                })}
              />
            )}
          </ScreenCard>
        </>
      )}
    </ScreenCanvas>
  );
}

/**
 * `districtYouthSoulHomeWarning`: the district's warnings wall: how many, how serious, at which
 * stage, in which school, how many follow-ups are late and how long handling takes. Where, not who:
 * the overdue list names the school, never the student (the cockpit is the working list).
 */
export function YouthSoulHomeWarning() {
  const { t } = useTranslation();
  const filters = screenFilters(useLocation().search);
  const allowed = useScreenAccess('districtYouthSoulHomeWarning');
  const on = allowed === true;
  const gauge = useGauge(filters, on);
  const schools = useSchools(filters, on);
  const overdue = useOverdue(filters, on);
  const updatedAt = Math.max(gauge.dataUpdatedAt, schools.dataUpdatedAt, overdue.dataUpdatedAt);
  const g = gauge.data;
  const levelOf = new Map((g?.levels ?? []).map((l) => [l.code, l]));
  const none = t('scr.kpi.none');
  return (
    <ScreenCanvas updatedAt={updatedAt} allowed={allowed}>
      <WallNav>
        <Link to="/districtYouthSoulHome" style={linkStyle}>
          {t('scr.youth.toDistrict')}
        </Link>
      </WallNav>
      <div style={{ display: 'flex', gap: 16, height: 110, marginBottom: 16 }}>
        <Kpi testId="kpi-warnings" label={t('scr.kpi.warnings')} value={g ? count(g.total) : none} />
        <Kpi testId="kpi-open" label={t('scr.kpi.open')} value={g ? count(g.open) : none} tone={palette.danger} />
        <Kpi testId="kpi-solved" label={t('scr.kpi.solved')} value={g ? count(g.solved) : none} />
        <Kpi
          testId="kpi-overdue"
          label={t('scr.kpi.overdue')}
          value={overdue.data ? count(overdue.data.total) : none}
          tone={palette.danger}
        />
        <Kpi testId="kpi-handling" label={t('scr.kpi.handling')} value={hoursText(t, g?.meanHandlingHours)} />
      </div>
      <div
        style={{ display: 'grid', gridTemplateColumns: '1.2fr 0.8fr', gap: 16, height: ROW_HEIGHT, marginBottom: 16 }}
      >
        <ScreenCard testId="card-stages" title={t('scr.warn.byStage')} query={gauge} isEmpty={(d) => d.total === 0}>
          {(d) => (
            <ScreenChart height={CHART_HEIGHT} label={t('scr.warn.byStage')} option={stagesChart(d, t, STAGES)} />
          )}
        </ScreenCard>
        <WarningsCard query={gauge} screen="district" height={CHART_HEIGHT} />
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16, flex: 1, minHeight: 0 }}>
        <ScreenCard
          testId="card-by-school"
          title={t('scr.youth.bySchool')}
          query={schools}
          isEmpty={(d) => d.schools.every((s) => s.warnings === 0)}
        >
          {(d) => (
            <ScreenChart
              height={ROW_HEIGHT - 100}
              label={t('scr.youth.bySchool')}
              option={bySchoolChart(d, t('scr.warn.open'), t('scr.warn.all'))}
            />
          )}
        </ScreenCard>
        <ScreenCard
          testId="card-overdue"
          title={t('scr.youth.overdueTitle')}
          query={overdue}
          isEmpty={(d) => d.total === 0}
          emptyText={t('scr.youth.noneOverdue')}
        >
          {(d) => (
            <WallTable
              testId="overdue-table"
              head={[
                t('scr.col.school'),
                t('scr.col.level'),
                t('scr.col.state'),
                t('scr.col.due'),
                t('scr.col.holders'),
              ]}
              rows={d.list.map((r) => ({
                key: r.id,
                cells: [
                  r.schoolName,
                  <span key="level" style={{ color: levelOf.get(r.level)?.colour }}>
                    {textIn(levelOf.get(r.level)?.name) || r.level}
                  </span>,
                  t(`warn.state.${r.state}`),
                  new Date(r.dueAt).toLocaleDateString(),
                  r.holders.join('、') || t('scr.cockpit.unassigned'),
                ],
              }))}
            />
          )}
        </ScreenCard>
      </div>
    </ScreenCanvas>
  );
}

function bySchoolChart(d: ScreenSchools, open: string, all: string) {
  const rows = d.schools
    .filter((s) => s.warnings > 0)
    .sort((a, b) => b.openWarnings - a.openWarnings || b.warnings - a.warnings)
    .slice(0, 10)
    .reverse();
  return {
    grid: { left: 8, right: 40, top: 36, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: chartText },
    xAxis: { type: 'value', minInterval: 1, ...axis },
    yAxis: { type: 'category', data: rows.map((s) => s.name), ...axis },
    series: [
      {
        name: open,
        type: 'bar',
        data: rows.map((s) => s.openWarnings),
        itemStyle: { color: palette.danger },
        label: { show: true, position: 'right', ...chartText },
        barMaxWidth: 18,
      },
      {
        name: all,
        type: 'bar',
        data: rows.map((s) => s.warnings),
        itemStyle: { color: palette.accent[0] },
        label: { show: true, position: 'right', ...chartText },
        barMaxWidth: 18,
      },
    ],
  };
}
