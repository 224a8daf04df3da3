import type { ScreenPublicOverview } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError, errorText } from '../../shared/errors.ts';
import { getToken } from '../../shared/session.ts';
import './strings.ts';
import { usePublic, useScreenAccess } from './api.ts';
import { count, percent } from './format.ts';
import { trendChart } from './kit/charts.ts';
import { BandsCard, WarningsCard } from './kit/FigureCards.tsx';
import { chartText, palette } from './kit/palette.ts';
import { ScreenCanvas } from './kit/ScreenCanvas.tsx';
import { Kpi, ScreenCard } from './kit/ScreenCard.tsx';
import { ScreenChart } from './kit/ScreenChart.tsx';
import { ScreenLinksPage } from './ScreenLinksPage.tsx';

const ROW_HEIGHT = 420;
const CHART_HEIGHT = ROW_HEIGHT - 56;

/**
 * The school screen (`/schoolScreen`, docs/screens.md, decision 0091). With `#link=` it is the wall a
 * school published: its aggregates only, without a session. Without one, a signed-in administrator
 * manages the links here; anyone else is told the screen opens through a link the school publishes.
 */
export function SchoolScreen() {
  // In the fragment, which no server sees or logs; `link`, not `token` (a single sign-on session's name).
  const token = new URLSearchParams(useLocation().hash.slice(1)).get('link');
  if (token) return <PublishedWall token={token} />;
  return getToken() ? <SignedIn /> : <NoLink />;
}

function SignedIn() {
  const allowed = useScreenAccess('schoolScreen');
  if (allowed === null)
    return (
      <ScreenCanvas updatedAt={0} allowed={null}>
        {null}
      </ScreenCanvas>
    );
  return allowed ? <ScreenLinksPage /> : <NoLink />;
}

/** A wall with one sentence: no link, or the link the audience holds is no longer valid. */
function Sentence({ text, testId }: { text: string; testId: string }) {
  return (
    <ScreenCanvas updatedAt={null} allowed>
      <div
        data-testid={testId}
        style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 30 }}
      >
        {text}
      </div>
    </ScreenCanvas>
  );
}

function NoLink() {
  const { t } = useTranslation();
  return <Sentence testId="screen-no-link" text={t('scr.school.noLink')} />;
}

/** A refusal of the link itself (unknown, revoked, expired): the whole wall says it, not each card. */
const refused = (error: unknown) => error instanceof ApiError && [403, 404].includes(error.httpStatus);

function PublishedWall({ token }: { token: string }) {
  const { t } = useTranslation();
  const overview = usePublic('overview', token);
  const bands = usePublic('bands', token);
  const warnings = usePublic('warnings', token);
  const trend = usePublic('trend', token);
  const failed = [overview, bands, warnings, trend].find((q) => refused(q.error));
  if (failed) return <Sentence testId="screen-link-refused" text={errorText(failed.error)} />;
  const updatedAt = Math.max(overview.dataUpdatedAt, bands.dataUpdatedAt, warnings.dataUpdatedAt, trend.dataUpdatedAt);
  const o = overview.data;
  const none = t('scr.kpi.none');
  const hours = warnings.data?.meanHandlingHours;
  return (
    <ScreenCanvas updatedAt={updatedAt} allowed>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12, fontSize: 22 }}
        data-testid="school-name"
      >
        <span style={{ color: palette.title, fontWeight: 600 }}>{o?.schoolName ?? ''}</span>
        <span style={{ color: palette.muted, fontSize: 16 }}>
          {t('scr.school.aggregates')}
          {o?.expiresAt ? ` · ${t('scr.school.until', { time: new Date(o.expiresAt).toLocaleString() })}` : ''}
        </span>
      </div>
      <div style={{ display: 'flex', gap: 16, height: 110, marginBottom: 16 }}>
        <Kpi testId="kpi-assigned" label={t('scr.kpi.assigned')} value={o ? count(o.assigned) : none} />
        <Kpi testId="kpi-done" label={t('scr.kpi.done')} value={o ? count(o.done) : none} />
        <Kpi testId="kpi-coverage" label={t('scr.kpi.coverage')} value={o ? percent(o.done, o.assigned) : none} />
        <Kpi testId="kpi-results" label={t('scr.kpi.results')} value={o ? count(o.results) : none} />
        <Kpi testId="kpi-warnings" label={t('scr.kpi.warnings')} value={o ? count(o.warnings) : none} />
        <Kpi
          testId="kpi-open"
          label={t('scr.kpi.open')}
          value={o ? count(o.openWarnings) : none}
          tone={palette.danger}
        />
        <Kpi
          testId="kpi-handling"
          label={t('scr.kpi.handling')}
          value={hours === null || hours === undefined ? none : t('scr.kpi.hours', { n: hours })}
        />
      </div>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: '0.8fr 1.3fr 0.9fr',
          gap: 16,
          height: ROW_HEIGHT,
          marginBottom: 16,
        }}
      >
        <ScreenCard
          testId="card-coverage"
          title={t('scr.school.coverage')}
          query={overview}
          isEmpty={(d) => d.assigned === 0}
        >
          {(d) => <ScreenChart height={CHART_HEIGHT} label={t('scr.school.coverage')} option={coverageChart(d, t)} />}
        </ScreenCard>
        <BandsCard query={bands} screen="school" height={CHART_HEIGHT} />
        <WarningsCard query={warnings} screen="school" height={CHART_HEIGHT} />
      </div>
      <ScreenCard
        testId="card-trend"
        title={t('scr.school.trend')}
        query={trend}
        isEmpty={(d) => d.months.length === 0}
        style={{ flex: 1 }}
      >
        {(d) => (
          <ScreenChart
            height={CHART_HEIGHT - 96}
            label={t('scr.school.trend')}
            option={trendChart(d, { results: t('scr.school.trendResults'), warnings: t('scr.school.trendWarnings') })}
          />
        )}
      </ScreenCard>
    </ScreenCanvas>
  );
}

function coverageChart(d: ScreenPublicOverview, t: (key: string) => string) {
  return {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0, textStyle: chartText },
    title: {
      text: percent(d.done, d.assigned),
      left: 'center',
      top: '38%',
      textStyle: { color: palette.figure, fontSize: 34, fontWeight: 600 },
    },
    series: [
      {
        type: 'pie',
        radius: ['52%', '72%'],
        center: ['50%', '45%'],
        label: { show: false },
        data: [
          { name: t('scr.school.coverageDone'), value: d.done, itemStyle: { color: palette.accent[1] } },
          {
            name: t('scr.school.coverageLeft'),
            value: Math.max(d.assigned - d.done, 0),
            itemStyle: { color: 'rgba(95, 179, 255, 0.18)' },
          },
        ],
      },
    ],
  };
}
