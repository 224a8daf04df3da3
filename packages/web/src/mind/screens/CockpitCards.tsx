import type { AutomaticRules } from '@meridian/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReviewCounts } from './api.ts';
import { bySource, warningListOf } from './cockpit.ts';
import { count } from './format.ts';
import { palette } from './kit/palette.ts';
import { CardFrame, centred, ScreenCard } from './kit/ScreenCard.tsx';
import { WallTable } from './kit/table.tsx';

/**
 * What the platform raised by itself (`process/rule/zngy`, decision 0141): per source, the warnings
 * raised, still open and solved; each source opens the warning list narrowed to it.
 */
export function AutomaticCard({ query, schoolId }: { query: UseQueryResult<AutomaticRules>; schoolId: unknown }) {
  const { t } = useTranslation();
  return (
    <ScreenCard
      testId="card-automatic"
      title={t('scr.cockpit.automatic')}
      query={query}
      isEmpty={(d) => d.total === 0}
      emptyText={t('scr.cockpit.noneAutomatic')}
    >
      {(d) => (
        <WallTable
          testId="automatic-table"
          numeric={[1, 2, 3]}
          head={[t('scr.col.source'), t('scr.col.raised'), t('scr.col.stillOpen'), t('scr.col.solved')]}
          rows={bySource(d.rules).map((s) => ({
            key: s.source,
            cells: [
              <Link
                key="source"
                to={warningListOf(s.source, schoolId)}
                title={t('scr.cockpit.toList', { source: t(`warn.source.${s.source}`) })}
                data-testid={`automatic-${s.source}`}
                style={{ color: palette.figure }}
              >
                {t(`warn.source.${s.source}`)}
              </Link>,
              <span key="raised" data-testid={`automatic-${s.source}-raised`}>
                {count(s.raised)}
              </span>,
              <span
                key="open"
                data-testid={`automatic-${s.source}-open`}
                style={{ color: s.open > 0 ? palette.danger : palette.text }}
              >
                {count(s.open)}
              </span>,
              <span key="solved" data-testid={`automatic-${s.source}-solved`}>
                {count(s.solved)}
              </span>,
            ],
          }))}
        />
      )}
    </ScreenCard>
  );
}

/**
 * The intervention review (`analysis/review/gygz` and its five narrowings, decision 0141): how many
 * records of each kind the scope's warnings carry. The lists take no school, so the card counts the
 * whole scope and says so.
 */
export function ReviewCard({ query }: { query: UseQueryResult<ReviewCounts> }) {
  const { t } = useTranslation();
  return (
    <ScreenCard
      testId="card-review"
      title={`${t('scr.cockpit.review')} · ${t('scr.cockpit.reviewScope')}`}
      query={query}
      isEmpty={(d) => (d[0]?.total ?? 0) === 0}
      emptyText={t('scr.cockpit.noneReview')}
    >
      {(d) => (
        <WallTable
          testId="review-table"
          numeric={[1]}
          head={[t('scr.col.kind'), t('scr.col.records')]}
          rows={d.map((r) => {
            const name = r.call.replace('/', '_').replace('gygz_', '');
            return {
              key: r.call,
              cells: [
                t(`scr.cockpit.review_${name}`),
                <span key="total" data-testid={`review-${name}`}>
                  {count(r.total)}
                </span>,
              ],
            };
          })}
        />
      )}
    </ScreenCard>
  );
}

/** A card the caller's role may not read (it lacks the warning list): the wall says so in its place. */
export function ClosedCard({ testId, title }: { testId: string; title: string }) {
  const { t } = useTranslation();
  return (
    <CardFrame testId={testId} title={title}>
      <div style={centred} data-testid={`${testId}-closed`}>
        {t('scr.cockpit.closed')}
      </div>
    </CardFrame>
  );
}
