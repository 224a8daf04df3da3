import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useNodes } from '../api.ts';
import { palette } from './palette.ts';
import { ScreenCanvas } from './ScreenCanvas.tsx';
import { ScreenCard } from './ScreenCard.tsx';

/** `?orgId=` in the address: the sub-district a screen is narrowed to (decisions 0119 and 0125). */
export function nodeFilter(search: string): number | undefined {
  const orgId = Number(new URLSearchParams(search).get('orgId'));
  return Number.isInteger(orgId) && orgId > 0 ? orgId : undefined;
}

/**
 * A sub-district wall opened without its node: it does not guess one, it lists the caller's
 * sub-districts (decision 0132), each opening this wall for it.
 */
export function PickNode({ allowed }: { allowed: boolean | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const nodes = useNodes(allowed === true);
  return (
    <ScreenCanvas updatedAt={nodes.dataUpdatedAt || null} allowed={allowed}>
      <ScreenCard
        testId="screen-pick-node"
        title={t('scr.emo.pickNode')}
        query={nodes}
        isEmpty={(d) => d.list.length === 0}
        emptyText={t('scr.emo.noNodes')}
        style={{ flex: 1 }}
      >
        {(d) => (
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 16, alignContent: 'start' }}>
            {d.list.map((n) => (
              <Link
                key={n.id}
                to={`${pathname.replace(/^\/jdp/, '')}?orgId=${n.id}`}
                data-testid="screen-node"
                style={{
                  display: 'block',
                  padding: '20px 24px',
                  border: `1px solid ${palette.line}`,
                  borderRadius: 8,
                  color: palette.text,
                  textDecoration: 'none',
                }}
              >
                <div style={{ fontSize: 26, fontWeight: 600 }}>{n.name}</div>
                <div style={{ fontSize: 18, color: palette.muted, marginTop: 8 }}>
                  {t('scr.emo.nodeSchools', { n: n.schools })}
                </div>
              </Link>
            ))}
          </div>
        )}
      </ScreenCard>
    </ScreenCanvas>
  );
}
