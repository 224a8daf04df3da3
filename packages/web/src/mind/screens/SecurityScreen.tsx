import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import './strings.ts';
import { currentLang } from '../../shared/i18n.ts';
import '../pages/campus/strings.ts';
import { screenFilters, useScreenAccess, useSecurity } from './api.ts';
import { count } from './format.ts';
import { alertDaysChart, alertTypesChart } from './kit/charts.ts';
import { palette } from './kit/palette.ts';
import { ScreenCanvas } from './kit/ScreenCanvas.tsx';
import { Kpi, ScreenCard } from './kit/ScreenCard.tsx';
import { ScreenChart } from './kit/ScreenChart.tsx';
import { WallTable } from './kit/table.tsx';

const ROW_HEIGHT = 400;
/** The colour of an alert's state on the wall: a new one stands out until someone takes it. */
const STATE_COLOUR: Record<string, string> = {
  new: palette.danger,
  acknowledged: palette.accent[3],
  handedOver: palette.accent[0],
  solved: palette.accent[2],
  falseAlarm: palette.muted,
};

/**
 * The security-warning cockpit (`/securityScreen`, docs/screens.md, decision 0096): the campus
 * behaviour alerts of the caller's schools (or `?schoolId=`), today and this week by type, the
 * open ones by state and holder, the time to solve, the devices, the newest alerts and a daily
 * trend. Where and what, never who: no snapshot and no student on the wall.
 */
export function SecurityScreen() {
  const { t } = useTranslation();
  const filters = screenFilters(useLocation().search);
  const allowed = useScreenAccess('securityScreen');
  const summary = useSecurity('summary', filters, allowed === true);
  const devices = useSecurity('devices', filters, allowed === true);
  const feed = useSecurity('feed', filters, allowed === true);
  const trend = useSecurity('trend', filters, allowed === true);
  const updatedAt = Math.max(summary.dataUpdatedAt, devices.dataUpdatedAt, feed.dataUpdatedAt, trend.dataUpdatedAt);
  const none = t('scr.kpi.none');
  const s = summary.data;
  const dv = devices.data;
  const hours = s?.solved.meanHours;
  return (
    <ScreenCanvas updatedAt={updatedAt} allowed={allowed}>
      <div style={{ display: 'flex', gap: 16, height: 110, marginBottom: 16 }}>
        <Kpi
          testId="kpi-today"
          label={t('scr.security.today')}
          value={s ? count(s.today.total) : none}
          tone={palette.danger}
        />
        <Kpi testId="kpi-week" label={t('scr.security.week')} value={s ? count(s.week.total) : none} />
        <Kpi
          testId="kpi-open"
          label={t('scr.security.open')}
          value={s ? count(s.open.total) : none}
          tone={palette.accent[4]}
        />
        <Kpi
          testId="kpi-solve"
          label={t('scr.security.meanSolve')}
          value={hours === null || hours === undefined ? none : t('scr.kpi.hours', { n: hours })}
        />
        <Kpi testId="kpi-online" label={t('scr.security.online')} value={dv ? count(dv.online) : none} />
        <Kpi
          testId="kpi-offline"
          label={t('scr.security.offline')}
          value={dv ? count(dv.offline) : none}
          tone={dv && dv.offline > 0 ? palette.danger : undefined}
        />
      </div>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: '1.2fr 1fr 0.6fr',
          gap: 16,
          height: ROW_HEIGHT,
          marginBottom: 16,
        }}
      >
        <ScreenCard
          testId="card-types"
          title={t('scr.security.byType')}
          query={summary}
          isEmpty={(d) => d.week.total === 0}
          emptyText={t('scr.security.noAlerts')}
        >
          {(d) => (
            <ScreenChart height={ROW_HEIGHT - 56} label={t('scr.security.byType')} option={alertTypesChart(d, t)} />
          )}
        </ScreenCard>
        <ScreenCard
          testId="card-open"
          title={t('scr.security.openTitle')}
          query={summary}
          isEmpty={(d) => d.open.total === 0}
          emptyText={t('scr.security.noneOpen')}
        >
          {(d) => (
            <div style={{ display: 'flex', gap: 16, flex: 1, minHeight: 0 }}>
              <WallTable
                testId="open-states"
                numeric={[1]}
                head={[t('scr.security.state'), t('scr.security.count')]}
                rows={d.open.byState.map((r) => ({
                  key: r.state,
                  cells: [
                    <span key="state" style={{ color: STATE_COLOUR[r.state] }}>
                      {t(`campus.states.${r.state}`)}
                    </span>,
                    count(r.count),
                  ],
                }))}
              />
              <WallTable
                testId="open-holders"
                numeric={[1]}
                head={[t('scr.col.holder'), t('scr.security.count')]}
                rows={[
                  // The school's own, handed to nobody yet, first: no one in particular is on them.
                  ...(d.open.unheld > 0 ? [{ key: 0, name: t('scr.security.unheld'), n: d.open.unheld }] : []),
                  ...d.open.holders.slice(0, 6).map((h) => ({ key: h.userId, name: h.name, n: h.count })),
                ].map((h) => ({ key: h.key, cells: [h.name, count(h.n)] }))}
              />
            </div>
          )}
        </ScreenCard>
        <ScreenCard
          testId="card-devices"
          title={t('scr.security.devices')}
          query={devices}
          isEmpty={(d) => d.online + d.offline === 0}
          emptyText={t('scr.security.noDevices')}
        >
          {(d) => (
            <WallTable
              testId="devices-table"
              numeric={[1, 2]}
              head={[t('scr.security.kind'), t('campus.onlineStates.on'), t('campus.onlineStates.off')]}
              rows={d.byKind.map((k) => ({
                key: k.kind,
                cells: [
                  t(`campus.kinds.${k.kind}`),
                  count(k.online),
                  <span key="off" style={{ color: k.offline > 0 ? palette.danger : palette.text }}>
                    {count(k.offline)}
                  </span>,
                ],
              }))}
            />
          )}
        </ScreenCard>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16, flex: 1, minHeight: 0 }}>
        <ScreenCard
          testId="card-trend"
          title={t('scr.security.trend')}
          query={trend}
          isEmpty={(d) => d.days.every((x) => x.count === 0)}
          emptyText={t('scr.security.noTrend')}
        >
          {(d) => (
            <ScreenChart
              height={ROW_HEIGHT - 90}
              label={t('scr.security.trend')}
              option={alertDaysChart(d, t('scr.security.trendSeries'))}
            />
          )}
        </ScreenCard>
        <ScreenCard
          testId="card-feed"
          title={t('scr.security.feed')}
          query={feed}
          isEmpty={(d) => d.list.length === 0}
          emptyText={t('scr.security.noFeed')}
        >
          {(d) => (
            <WallTable
              testId="feed-table"
              head={[t('scr.security.type'), t('scr.security.place'), t('scr.security.time'), t('scr.security.state')]}
              rows={d.list.slice(0, 7).map((a) => ({
                key: a.id,
                cells: [
                  t(`campus.types.${a.type}`),
                  `${a.schoolName} · ${a.location}`,
                  new Date(a.occurredAt).toLocaleString(currentLang(), {
                    month: '2-digit',
                    day: '2-digit',
                    hour: '2-digit',
                    minute: '2-digit',
                    hour12: false,
                  }),
                  <span key="state" style={{ color: STATE_COLOUR[a.state] }}>
                    {t(`campus.states.${a.state}`)}
                  </span>,
                ],
              }))}
            />
          )}
        </ScreenCard>
      </div>
    </ScreenCanvas>
  );
}
