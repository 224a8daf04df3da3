import type { EmotionDistrictScreen as Figures } from '@meridian/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import './strings.ts';
import { useEmotionDistrict, useEmotionNode, useScreenAccess } from './api.ts';
import { count } from './format.ts';
import { emotionRange, negativeBars, negativeLine, share } from './kit/emotion.ts';
import { nodeFilter, PickNode } from './kit/node.tsx';
import { palette } from './kit/palette.ts';
import { ScreenCanvas } from './kit/ScreenCanvas.tsx';
import { Kpi, ScreenCard } from './kit/ScreenCard.tsx';
import { ScreenChart } from './kit/ScreenChart.tsx';
import { WallTable } from './kit/table.tsx';

const ROW_HEIGHT = 440;
const CHART_HEIGHT = ROW_HEIGHT - 56;

/**
 * The district emotion screen (`/districtScreenEmotion`, docs/screens.md): the schools compared by
 * the negative share of their classes' emotions, its trend by day or week, and the classes over the
 * threshold. Per class and school only (decision 0119).
 */
export function DistrictEmotionScreen() {
  const { search } = useLocation();
  const range = emotionRange(search);
  const allowed = useScreenAccess('districtScreenEmotion');
  const query = useEmotionDistrict({ from: range.from, to: range.to, by: range.by }, allowed === true);
  return <EmotionWall query={query} allowed={allowed} range={range} />;
}

/** The same narrowed to one sub-district (`?orgId=`, an organisation node of the caller's area). */
export function DistrictEmotionJdScreen() {
  const { search } = useLocation();
  const range = emotionRange(search);
  const orgId = nodeFilter(search);
  const allowed = useScreenAccess('districtScreenEmotionJd');
  const query = useEmotionNode(
    { from: range.from, to: range.to, by: range.by, orgId },
    allowed === true && orgId !== undefined,
  );
  if (orgId === undefined) return <PickNode allowed={allowed} />;
  return <EmotionWall query={query} allowed={allowed} range={range} />;
}

function EmotionWall({
  query,
  allowed,
  range,
}: {
  query: UseQueryResult<Figures>;
  allowed: boolean | null;
  range: ReturnType<typeof emotionRange>;
}) {
  const { t } = useTranslation();
  const d = query.data;
  const none = t('scr.kpi.none');
  const threshold = d?.threshold ?? 0;
  return (
    <ScreenCanvas updatedAt={query.dataUpdatedAt} allowed={allowed}>
      <div style={{ display: 'flex', gap: 16, height: 110, marginBottom: 16 }}>
        <Kpi
          testId="kpi-range"
          label={d?.org ? d.org.name : t('scr.emo.aggregates')}
          value={t('scr.emo.range', { days: range.days, by: t(`scr.emo.${range.by}`) })}
        />
        <Kpi testId="kpi-schools" label={t('scr.emo.schools')} value={d ? count(d.schools.length) : none} />
        <Kpi testId="kpi-faces" label={t('scr.emo.faces')} value={d ? count(d.total.faces) : none} />
        <Kpi
          testId="kpi-negative"
          label={t('scr.emo.negative')}
          value={d && d.total.faces > 0 ? share(d.total.negative) : none}
          tone={palette.danger}
        />
        <Kpi
          testId="kpi-over"
          label={t('scr.emo.overKpi', { n: share(threshold) })}
          value={d ? count(d.classesOverTotal) : none}
          tone={palette.danger}
        />
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16, height: ROW_HEIGHT, marginBottom: 16 }}>
        <ScreenCard
          testId="card-schools"
          title={t('scr.emo.bySchool')}
          query={query}
          isEmpty={(f) => f.schools.length === 0}
        >
          {(f) => (
            <ScreenChart
              height={CHART_HEIGHT}
              label={t('scr.emo.bySchool')}
              option={negativeBars(
                f.schools.map((s) => ({ name: s.schoolName, negative: s.negative })),
                f.threshold,
                t('scr.emo.series'),
              )}
            />
          )}
        </ScreenCard>
        <ScreenCard testId="card-trend" title={t('scr.emo.trend')} query={query} isEmpty={(f) => f.trend.length === 0}>
          {(f) => (
            <ScreenChart
              height={CHART_HEIGHT}
              label={t('scr.emo.trend')}
              option={negativeLine(
                f.trend.map((p) => ({ label: p.period.slice(5), negative: p.negative })),
                t('scr.emo.series'),
              )}
            />
          )}
        </ScreenCard>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16, flex: 1, minHeight: 0 }}>
        <ScreenCard
          testId="card-over"
          title={t('scr.emo.overList')}
          query={query}
          isEmpty={(f) => f.classesOver.length === 0}
          emptyText={t('scr.emo.noneOver')}
        >
          {(f) => (
            <WallTable
              testId="over-table"
              numeric={[2, 3]}
              head={[
                t('scr.emo.col.school'),
                t('scr.emo.col.klass'),
                t('scr.emo.col.negative'),
                t('scr.emo.col.faces'),
              ]}
              rows={f.classesOver.slice(0, 7).map((c) => ({
                key: c.classId,
                cells: [c.schoolName, c.className, share(c.negative), count(c.faces)],
              }))}
            />
          )}
        </ScreenCard>
        <ScreenCard
          testId="card-school-table"
          title={t('scr.emo.schoolTable')}
          query={query}
          isEmpty={(f) => f.schools.length === 0}
        >
          {(f) => (
            <WallTable
              testId="schools-table"
              numeric={[1, 2, 3]}
              head={[t('scr.emo.col.school'), t('scr.emo.col.negative'), t('scr.emo.col.faces'), t('scr.emo.col.over')]}
              rows={f.schools.slice(0, 7).map((s) => ({
                key: s.schoolId,
                cells: [s.schoolName, share(s.negative), count(s.faces), count(s.classesOver)],
              }))}
            />
          )}
        </ScreenCard>
      </div>
    </ScreenCanvas>
  );
}
