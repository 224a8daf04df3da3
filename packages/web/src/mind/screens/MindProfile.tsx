import type { MindProfile as Profile } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import './strings.ts';
import { textIn, useMindProfile, useScreenAccess } from './api.ts';
import { count } from './format.ts';
import { axis, chartText, palette } from './kit/palette.ts';
import { ScreenCanvas } from './kit/ScreenCanvas.tsx';
import { Kpi, ScreenCard } from './kit/ScreenCard.tsx';
import { ScreenChart } from './kit/ScreenChart.tsx';
import { WallTable } from './kit/table.tsx';

const ROW_HEIGHT = 430;

const dateText = (at: number) => new Date(at).toLocaleDateString();

/** The scale the radar draws: the most recently answered one that has dimensions. */
const radarScale = (p: Profile) =>
  [...p.scales].sort((a, b) => b.submittedAt - a.submittedAt).find((s) => s.dimensions.length > 0);

/**
 * A student's mind profile (`/mindProfile?studentId=`, decision 0105): the latest result of each
 * scale, the dimensions of the latest scale that has them as a radar, the warnings, the number of
 * interventions and the mood of the last 30 days. Opened from the student's file and student
 * insight; the server checks the archive's scope and writes every read to the audit log.
 */
export function MindProfile() {
  const { t } = useTranslation();
  const id = Number(new URLSearchParams(useLocation().search).get('studentId'));
  const studentId = Number.isInteger(id) && id > 0 ? id : undefined;
  // The archive's access: whoever may read the student's file may read its portrait.
  const allowed = useScreenAccess('data/studentFile');
  const profile = useMindProfile(studentId, allowed === true);
  const p = profile.data;
  const none = t('scr.kpi.none');
  const latest = p && p.scales.length > 0 ? Math.max(...p.scales.map((s) => s.submittedAt)) : null;
  const radar = p ? radarScale(p) : undefined;
  const levelOf = new Map((p?.levels ?? []).map((l) => [l.code, l]));
  const levelText = (level: string | null) =>
    level === null ? (
      none
    ) : (
      <span key="level" style={{ color: levelOf.get(level)?.colour }}>
        {textIn(levelOf.get(level)?.name) || level}
      </span>
    );
  return (
    <ScreenCanvas updatedAt={studentId === undefined ? null : profile.dataUpdatedAt} allowed={allowed}>
      {studentId === undefined ? (
        <div data-testid="profile-pick" style={{ fontSize: 26, color: palette.muted, margin: 'auto' }}>
          {t('scr.profile.pick')}
        </div>
      ) : (
        <>
          <div style={{ display: 'flex', alignItems: 'baseline', gap: 24, height: 40, marginBottom: 12 }}>
            <span data-testid="profile-student" style={{ fontSize: 28, color: palette.title }}>
              {p
                ? t('scr.profile.student', {
                    name: p.student.name,
                    school: p.student.schoolName,
                    klass: p.student.className,
                  })
                : ''}
            </span>
            <span style={{ marginLeft: 'auto', fontSize: 15, color: palette.muted }}>{t('scr.profile.audited')}</span>
          </div>
          <div style={{ display: 'flex', gap: 16, height: 110, marginBottom: 16 }}>
            <Kpi
              testId="kpi-results"
              label={t('scr.profile.results')}
              value={p ? count(p.scales.reduce((n, s) => n + s.results, 0)) : none}
            />
            <Kpi
              testId="kpi-warnings"
              label={t('scr.profile.warningCount')}
              value={p ? count(p.warnings.length) : none}
            />
            <Kpi
              testId="kpi-open"
              label={t('scr.profile.openWarnings')}
              value={p ? count(p.warnings.filter((w) => w.closedAt === null).length) : none}
              tone={palette.danger}
            />
            <Kpi
              testId="kpi-interventions"
              label={t('scr.profile.interventions')}
              value={p ? count(p.interventions) : none}
            />
            <Kpi testId="kpi-latest" label={t('scr.profile.latest')} value={latest ? dateText(latest) : none} />
          </div>
          <div
            style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16, height: ROW_HEIGHT, marginBottom: 16 }}
          >
            <ScreenCard
              testId="card-radar"
              title={radar ? t('scr.profile.radar', { scale: textIn(radar.scaleName) }) : t('scr.profile.radarNone')}
              query={profile}
              isEmpty={(d) => radarScale(d) === undefined}
              emptyText={p && p.scales.length === 0 ? t('scr.profile.noResults') : t('scr.profile.noDimensions')}
            >
              {(d) => {
                const scale = radarScale(d);
                return scale ? (
                  <ScreenChart height={ROW_HEIGHT - 56} label={t('scr.profile.radarNone')} option={radarChart(scale)} />
                ) : null;
              }}
            </ScreenCard>
            <ScreenCard
              testId="card-scales"
              title={t('scr.profile.scales')}
              query={profile}
              isEmpty={(d) => d.scales.length === 0}
              emptyText={t('scr.profile.noResults')}
            >
              {(d) => (
                <WallTable
                  testId="scales-table"
                  numeric={[1]}
                  head={[
                    t('scr.profile.scale'),
                    t('scr.profile.total'),
                    t('scr.profile.band'),
                    t('scr.profile.level'),
                    t('scr.profile.when'),
                  ]}
                  rows={d.scales.map((s) => ({
                    key: s.scaleId,
                    cells: [
                      textIn(s.scaleName),
                      s.total === null ? none : String(s.total),
                      s.valid ? textIn(s.band?.label) || none : t('scr.profile.invalid'),
                      levelText(s.warningLevel),
                      dateText(s.submittedAt),
                    ],
                  }))}
                />
              )}
            </ScreenCard>
          </div>
          <div style={{ display: 'grid', gridTemplateColumns: '1.1fr 0.9fr', gap: 16, flex: 1, minHeight: 0 }}>
            <ScreenCard
              testId="card-history"
              title={t('scr.profile.warnings')}
              query={profile}
              isEmpty={(d) => d.warnings.length === 0}
              emptyText={t('scr.profile.noWarnings')}
            >
              {(d) => (
                <WallTable
                  testId="warnings-table"
                  head={[
                    t('scr.profile.when'),
                    t('scr.profile.level'),
                    t('scr.profile.state'),
                    t('scr.profile.reason'),
                  ]}
                  rows={[...d.warnings].reverse().map((w) => ({
                    key: w.id,
                    cells: [dateText(w.createdAt), levelText(w.level), t(`warn.state.${w.state}`), textIn(w.reason)],
                  }))}
                />
              )}
            </ScreenCard>
            <ScreenCard
              testId="card-mood"
              title={t('scr.profile.mood')}
              query={profile}
              isEmpty={(d) => d.moods.length === 0}
              emptyText={t('scr.profile.noMood')}
            >
              {(d) => (
                <ScreenChart
                  height={ROW_HEIGHT - 170}
                  label={t('scr.profile.mood')}
                  option={moodChart(d, t('scr.profile.moodSeries'))}
                />
              )}
            </ScreenCard>
          </div>
        </>
      )}
    </ScreenCanvas>
  );
}

function radarChart(scale: Profile['scales'][number]) {
  return {
    tooltip: {},
    radar: {
      indicator: scale.dimensions.map((d) => ({ name: textIn(d.name), max: d.max || 1 })),
      radius: '72%',
      center: ['50%', '54%'],
      axisName: { ...chartText },
      splitLine: axis.splitLine,
      axisLine: axis.axisLine,
      splitArea: { show: false },
    },
    series: [
      {
        type: 'radar',
        data: [
          {
            value: scale.dimensions.map((d) => d.score),
            name: textIn(scale.scaleName),
            areaStyle: { color: 'rgba(95, 211, 255, 0.25)' },
            lineStyle: { color: palette.figure },
            itemStyle: { color: palette.figure },
            label: { show: true, ...chartText },
          },
        ],
      },
    ],
  };
}

/** One bar per day written, its height the mood; the low days (2 and below) in the warning colour. */
function moodChart(p: Profile, name: string) {
  return {
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: p.moods.map((m) => m.day.slice(5)), ...axis },
    yAxis: { type: 'value', min: 0, max: p.moodMax, minInterval: 1, ...axis },
    series: [
      {
        name,
        type: 'bar',
        barMaxWidth: 28,
        data: p.moods.map((m) => ({
          value: m.mood,
          itemStyle: { color: m.mood <= 2 ? palette.danger : palette.accent[1] },
        })),
        label: { show: true, position: 'top', ...chartText },
      },
    ],
  };
}
