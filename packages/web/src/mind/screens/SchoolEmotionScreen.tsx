import { EMOTION_SCREEN, type EmotionBoard } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import './strings.ts';
import { screenFilters, useEmotionSchool, useScreenAccess } from './api.ts';
import { count } from './format.ts';
import { emotionRange, heatColour, negativeLine, share } from './kit/emotion.ts';
import { palette } from './kit/palette.ts';
import { ScreenCanvas } from './kit/ScreenCanvas.tsx';
import { Kpi, ScreenCard } from './kit/ScreenCard.tsx';
import { ScreenChart } from './kit/ScreenChart.tsx';

const ROW_HEIGHT = 470;
const THRESHOLD = EMOTION_SCREEN.negativeThreshold;
/** The heat shows the last fortnight of periods: enough columns to read across a room. */
const HEAT_COLUMNS = 14;

/**
 * The school emotion cockpit (`/schoolWarningScreenEmotion`, docs/screens.md): one school's classes
 * by their negative share each day (a heat), its trend and its hours. `?schoolId=` names the school
 * for someone over several; a school's staff see their own. Per class only (decision 0119).
 */
export function SchoolEmotionScreen() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const range = emotionRange(search);
  const allowed = useScreenAccess('schoolWarningScreenEmotion');
  const query = useEmotionSchool(
    { ...screenFilters(search), from: range.from, to: range.to, by: range.by },
    allowed === true,
  );
  const d = query.data;
  const none = t('scr.kpi.none');
  const over = d?.classes.filter((c) => c.negative >= THRESHOLD).length;
  return (
    <ScreenCanvas updatedAt={query.dataUpdatedAt} allowed={allowed}>
      <div style={{ display: 'flex', gap: 16, height: 110, marginBottom: 16 }}>
        <Kpi
          testId="kpi-range"
          label={d?.schoolName ?? t('scr.emo.aggregates')}
          value={t('scr.emo.range', { days: range.days, by: t(`scr.emo.${range.by}`) })}
        />
        <Kpi testId="kpi-classes" label={t('scr.emo.classes')} value={d ? count(d.classes.length) : none} />
        <Kpi testId="kpi-faces" label={t('scr.emo.faces')} value={d ? count(d.total.faces) : none} />
        <Kpi
          testId="kpi-negative"
          label={t('scr.emo.negative')}
          value={d && d.total.faces > 0 ? share(d.total.negative) : none}
          tone={palette.danger}
        />
        <Kpi
          testId="kpi-over"
          label={t('scr.emo.overKpi', { n: share(THRESHOLD) })}
          value={over === undefined ? none : count(over)}
          tone={palette.danger}
        />
      </div>
      <ScreenCard
        testId="card-heat"
        title={t('scr.emo.heat')}
        query={query}
        isEmpty={(f) => f.classes.length === 0}
        style={{ height: ROW_HEIGHT, marginBottom: 16 }}
      >
        {(f) => <ClassHeat board={f} />}
      </ScreenCard>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16, flex: 1, minHeight: 0 }}>
        <ScreenCard testId="card-trend" title={t('scr.emo.trend')} query={query} isEmpty={(f) => f.trend.length === 0}>
          {(f) => (
            <ScreenChart
              height={ROW_HEIGHT - 200}
              label={t('scr.emo.trend')}
              option={negativeLine(
                f.trend.map((p) => ({ label: p.period.slice(5), negative: p.negative })),
                t('scr.emo.series'),
              )}
            />
          )}
        </ScreenCard>
        <ScreenCard testId="card-hours" title={t('scr.emo.hours')} query={query} isEmpty={(f) => f.hours.length === 0}>
          {(f) => (
            <ScreenChart
              height={ROW_HEIGHT - 200}
              label={t('scr.emo.hours')}
              option={negativeLine(
                f.hours.map((h) => ({ label: `${h.hour}:00`, negative: h.negative })),
                t('scr.emo.series'),
                'bar',
              )}
            />
          )}
        </ScreenCard>
      </div>
    </ScreenCanvas>
  );
}

/** Classes (most negative first) by the last periods, each cell coloured by its negative share. */
function ClassHeat({ board }: { board: EmotionBoard }) {
  const { t } = useTranslation();
  const periods = board.trend.slice(-HEAT_COLUMNS).map((p) => p.period);
  const cell = { padding: '4px 6px', textAlign: 'center', fontSize: 15 } as const;
  return (
    <div style={{ flex: 1, overflow: 'hidden' }}>
      <table data-testid="heat-table" style={{ width: '100%', borderCollapse: 'separate', borderSpacing: 3 }}>
        <thead>
          <tr>
            <th style={{ ...cell, textAlign: 'left', color: palette.muted, fontWeight: 400 }}>
              {t('scr.emo.col.klass')}
            </th>
            {periods.map((p) => (
              <th key={p} style={{ ...cell, color: palette.muted, fontWeight: 400 }}>
                {p.slice(5)}
              </th>
            ))}
            <th style={{ ...cell, color: palette.muted, fontWeight: 400 }}>{t('scr.emo.col.negative')}</th>
          </tr>
        </thead>
        <tbody>
          {board.classes.slice(0, 9).map((c) => {
            const byPeriod = new Map(c.trend.map((p) => [p.period, p.negative]));
            return (
              <tr key={c.classId} data-testid="heat-row">
                <td style={{ ...cell, textAlign: 'left', color: palette.text, whiteSpace: 'nowrap' }}>{c.className}</td>
                {periods.map((p) => {
                  const n = byPeriod.get(p);
                  return (
                    <td
                      key={p}
                      title={n === undefined ? '' : share(n)}
                      style={{
                        ...cell,
                        color: palette.title,
                        background: n === undefined ? 'transparent' : heatColour(n, THRESHOLD),
                        borderRadius: 3,
                      }}
                    >
                      {n === undefined ? '' : Math.round(n * 100)}
                    </td>
                  );
                })}
                <td
                  style={{ ...cell, color: c.negative >= THRESHOLD ? palette.danger : palette.figure, fontWeight: 600 }}
                >
                  {share(c.negative)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
