import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import './strings.ts';
import {
  screenFilters,
  textIn,
  useAutomaticRules,
  useGauge,
  useHolders,
  useOverdue,
  usePageAccess,
  useReviewCounts,
  useScreenAccess,
} from './api.ts';
import { AutomaticCard, ClosedCard, ReviewCard } from './CockpitCards.tsx';
import { count } from './format.ts';
import { stagesChart } from './kit/charts.ts';
import { palette } from './kit/palette.ts';
import { ScreenCanvas } from './kit/ScreenCanvas.tsx';
import { Kpi, ScreenCard } from './kit/ScreenCard.tsx';
import { ScreenChart } from './kit/ScreenChart.tsx';
import { WallTable } from './kit/table.tsx';

/**
 * The warning-handling cockpit (`/schoolWarning`, docs/screens.md): the open warnings by level and
 * stage, the follow-ups that are overdue and who holds the open ones, what the platform raised by
 * itself and the intervention review (decision 0141), for the caller's school (or `?schoolId=` of
 * their scope). Each card has its own call and refreshes itself.
 */
export function SchoolWarningScreen() {
  const { t } = useTranslation();
  const filters = screenFilters(useLocation().search);
  const allowed = useScreenAccess('schoolWarning');
  const gauge = useGauge(filters, allowed === true);
  const overdue = useOverdue(filters, allowed === true);
  const holders = useHolders(filters, allowed === true);
  // The two cards read the warning list's calls: a role without that page is told so, not refused.
  const records = usePageAccess('/data/intervene');
  const automatic = useAutomaticRules(filters, allowed === true && records === true);
  const review = useReviewCounts(allowed === true && records === true);
  const updatedAt = Math.max(
    gauge.dataUpdatedAt,
    overdue.dataUpdatedAt,
    holders.dataUpdatedAt,
    automatic.dataUpdatedAt,
    review.dataUpdatedAt,
  );
  const none = t('scr.kpi.none');
  const g = gauge.data;
  const hours = g?.meanHandlingHours;
  const levelOf = new Map((g?.levels ?? []).map((l) => [l.code, l]));
  return (
    <ScreenCanvas updatedAt={updatedAt} allowed={allowed}>
      <div style={{ display: 'flex', gap: 16, height: 110, marginBottom: 16 }}>
        <Kpi testId="kpi-open" label={t('scr.kpi.open')} value={g ? count(g.open) : none} tone={palette.danger} />
        <Kpi
          testId="kpi-overdue"
          label={t('scr.kpi.overdue')}
          value={overdue.data ? count(overdue.data.total) : none}
          tone={palette.accent[4]}
        />
        <Kpi testId="kpi-warnings" label={t('scr.kpi.warnings')} value={g ? count(g.total) : none} />
        <Kpi testId="kpi-solved" label={t('scr.kpi.solved')} value={g ? count(g.solved) : none} />
        <Kpi
          testId="kpi-handling"
          label={t('scr.kpi.handling')}
          value={hours === null || hours === undefined ? none : t('scr.kpi.hours', { n: hours })}
        />
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '0.9fr 1.1fr 0.75fr', gap: 16, flex: 1, minHeight: 0 }}>
        <ScreenCard
          testId="card-stages"
          title={t('scr.cockpit.byLevel')}
          query={gauge}
          isEmpty={(d) => d.open === 0}
          emptyText={t('scr.cockpit.noneOpen')}
        >
          {(d) => <ScreenChart height={740} label={t('scr.cockpit.byLevel')} option={stagesChart(d, t)} />}
        </ScreenCard>
        <div style={{ display: 'grid', gridTemplateRows: '1fr 1fr', gap: 16, minHeight: 0 }}>
          <ScreenCard
            testId="card-overdue"
            title={t('scr.cockpit.overdue')}
            query={overdue}
            isEmpty={(d) => d.total === 0}
            emptyText={t('scr.cockpit.noneOverdue')}
          >
            {(d) => (
              <WallTable
                testId="overdue-table"
                head={[
                  t('scr.col.student'),
                  t('scr.col.level'),
                  t('scr.col.state'),
                  t('scr.col.due'),
                  t('scr.col.holders'),
                ]}
                rows={d.list.map((w) => ({
                  key: w.id,
                  cells: [
                    w.studentName,
                    <span key="level" style={{ color: levelOf.get(w.level)?.colour }}>
                      {textIn(levelOf.get(w.level)?.name) || w.level}
                    </span>,
                    t(`warn.state.${w.state}`),
                    new Date(w.dueAt).toLocaleDateString(),
                    w.holders.join('、'),
                  ],
                }))}
              />
            )}
          </ScreenCard>
          <ScreenCard
            testId="card-holders"
            title={t('scr.cockpit.holders')}
            query={holders}
            isEmpty={(d) => d.list.length === 0 && d.unassigned.open === 0}
            emptyText={t('scr.cockpit.noneOpen')}
          >
            {(d) => (
              <WallTable
                testId="holders-table"
                numeric={[1, 2]}
                head={[t('scr.col.holder'), t('scr.col.open'), t('scr.col.overdue')]}
                rows={[
                  // Nobody named yet comes first: these are the warnings no one is working on.
                  ...(d.unassigned.open > 0 ? [{ key: 0, name: t('scr.cockpit.unassigned'), ...d.unassigned }] : []),
                  ...d.list.slice(0, 7).map((h) => ({ key: h.userId, ...h })),
                ].map((h) => ({
                  key: h.key,
                  cells: [
                    h.name,
                    count(h.open),
                    <span key="overdue" style={{ color: h.overdue > 0 ? palette.danger : palette.text }}>
                      {count(h.overdue)}
                    </span>,
                  ],
                }))}
              />
            )}
          </ScreenCard>
        </div>
        <div style={{ display: 'grid', gridTemplateRows: '1fr 1.3fr', gap: 16, minHeight: 0 }}>
          {records === false ? (
            <>
              <ClosedCard testId="card-automatic" title={t('scr.cockpit.automatic')} />
              <ClosedCard testId="card-review" title={t('scr.cockpit.review')} />
            </>
          ) : (
            <>
              <AutomaticCard query={automatic} schoolId={filters.schoolId} />
              <ReviewCard query={review} />
            </>
          )}
        </div>
      </div>
    </ScreenCanvas>
  );
}
