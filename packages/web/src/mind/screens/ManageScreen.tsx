import { APPOINTMENT_STATES, type ScreenCare } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import './strings.ts';
import { screenFilters, useCare, useGauge, useScreenAccess, useTasks, useTrend } from './api.ts';
import { count, percent } from './format.ts';
import { stagesChart, trendChart } from './kit/charts.ts';
import { palette } from './kit/palette.ts';
import { ScreenCanvas } from './kit/ScreenCanvas.tsx';
import { Kpi, ScreenCard } from './kit/ScreenCard.tsx';
import { ScreenChart } from './kit/ScreenChart.tsx';
import { WallTable } from './kit/table.tsx';

const ROW_HEIGHT = 470;

/**
 * The management screen (`/manageScreen`, docs/screens.md, decision 0091): the school's running of
 * its mental-health work for its leaders: the assessment tasks and how far each is answered, the
 * warnings still being handled and at which stage, and assessments and warnings month by month.
 */
export function ManageScreen() {
  const { t } = useTranslation();
  const filters = screenFilters(useLocation().search);
  const allowed = useScreenAccess('manageScreen');
  const tasks = useTasks(filters, allowed === true);
  const gauge = useGauge(filters, allowed === true);
  const trend = useTrend(filters, allowed === true);
  const care = useCare(filters, allowed === true);
  const updatedAt = Math.max(tasks.dataUpdatedAt, gauge.dataUpdatedAt, trend.dataUpdatedAt, care.dataUpdatedAt);
  const term = (d: ScreenCare) =>
    d.semester ? ` · ${t('scr.manage.semester', { year: d.semester.schoolYear, term: d.semester.term })}` : '';
  const none = t('scr.kpi.none');
  const list = tasks.data?.list;
  const assigned = list?.reduce((n, r) => n + r.assigned, 0) ?? 0;
  const done = list?.reduce((n, r) => n + r.done, 0) ?? 0;
  const hours = gauge.data?.meanHandlingHours;
  return (
    <ScreenCanvas updatedAt={updatedAt} allowed={allowed}>
      <div style={{ display: 'flex', gap: 16, height: 110, marginBottom: 16 }}>
        <Kpi testId="kpi-tasks" label={t('scr.manage.taskCount')} value={list ? count(list.length) : none} />
        <Kpi testId="kpi-assigned" label={t('scr.kpi.assigned')} value={list ? count(assigned) : none} />
        <Kpi testId="kpi-coverage" label={t('scr.kpi.coverage')} value={list ? percent(done, assigned) : none} />
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
        style={{ display: 'grid', gridTemplateColumns: '1.2fr 0.8fr', gap: 16, height: ROW_HEIGHT, marginBottom: 16 }}
      >
        <ScreenCard
          testId="card-tasks"
          title={t('scr.manage.tasks')}
          query={tasks}
          isEmpty={(d) => d.list.length === 0}
          emptyText={t('scr.manage.noTasks')}
        >
          {(d) => (
            <WallTable
              testId="tasks-table"
              numeric={[2, 3, 4]}
              head={[
                t('scr.manage.task'),
                t('scr.manage.starts'),
                t('scr.col.assigned'),
                t('scr.col.done'),
                t('scr.col.coverage'),
              ]}
              rows={d.list.slice(0, 10).map((r) => ({
                key: r.taskId,
                cells: [
                  r.name,
                  new Date(r.startsAt).toLocaleDateString(),
                  count(r.assigned),
                  count(r.done),
                  percent(r.done, r.assigned),
                ],
              }))}
            />
          )}
        </ScreenCard>
        <ScreenCard
          testId="card-handling"
          title={t('scr.manage.handling')}
          query={gauge}
          isEmpty={(d) => d.open === 0}
          emptyText={t('scr.cockpit.noneOpen')}
        >
          {(d) => <ScreenChart height={ROW_HEIGHT - 56} label={t('scr.manage.handling')} option={stagesChart(d, t)} />}
        </ScreenCard>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '1.2fr 0.5fr 0.5fr', gap: 16, flex: 1, minHeight: 0 }}>
        <ScreenCard
          testId="card-trend"
          title={t('scr.manage.trend')}
          query={trend}
          isEmpty={(d) => d.months.length === 0}
        >
          {(d) => (
            <ScreenChart
              height={ROW_HEIGHT - 200}
              label={t('scr.manage.trend')}
              option={trendChart(d, {
                results: t('scr.school.trendResults'),
                warnings: t('scr.school.trendWarnings'),
              })}
            />
          )}
        </ScreenCard>
        <ScreenCard
          testId="card-counselling"
          title={`${t('scr.manage.counselling')}${care.data ? term(care.data) : ''}`}
          query={care}
          isEmpty={(d) => d.groupSessions + Object.values(d.appointments).reduce((n, v) => n + v, 0) === 0}
          emptyText={t('scr.manage.noCare')}
        >
          {(d) => (
            <WallTable
              testId="counselling-table"
              numeric={[1]}
              head={[t('scr.manage.state'), t('scr.manage.count')]}
              rows={[
                ...APPOINTMENT_STATES.map((state) => ({
                  key: state,
                  cells: [t(`scr.manage.states.${state}`), count(d.appointments[state])],
                })),
                { key: 'groups', cells: [t('scr.manage.groupSessions'), count(d.groupSessions)] },
              ]}
            />
          )}
        </ScreenCard>
        <ScreenCard
          testId="card-visits"
          title={t('scr.manage.visits')}
          query={care}
          isEmpty={(d) => d.homeVisits.done + d.homeVisits.planned + d.homeVisits.tasks === 0}
          emptyText={t('scr.manage.noVisits')}
        >
          {(d) => (
            <WallTable
              testId="visits-table"
              numeric={[1]}
              head={[t('scr.manage.visits'), t('scr.manage.count')]}
              rows={[
                { key: 'done', cells: [t('scr.manage.visitsDone'), count(d.homeVisits.done)] },
                { key: 'planned', cells: [t('scr.manage.visitsPlanned'), count(d.homeVisits.planned)] },
                {
                  key: 'share',
                  cells: [t('scr.manage.visitsShare'), percent(d.homeVisits.done, d.homeVisits.planned)],
                },
                { key: 'tasks', cells: [t('scr.manage.visitTasks'), count(d.homeVisits.tasks)] },
              ]}
            />
          )}
        </ScreenCard>
      </div>
    </ScreenCanvas>
  );
}
