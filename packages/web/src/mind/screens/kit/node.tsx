import { useTranslation } from 'react-i18next';
import { ScreenCanvas } from './ScreenCanvas.tsx';

/** `?orgId=` in the address: the sub-district a screen is narrowed to (decisions 0119 and 0125). */
export function nodeFilter(search: string): number | undefined {
  const orgId = Number(new URLSearchParams(search).get('orgId'));
  return Number.isInteger(orgId) && orgId > 0 ? orgId : undefined;
}

/** A sub-district wall opened without its node: it says how to open it instead of guessing one. */
export function PickNode({ allowed }: { allowed: boolean | null }) {
  const { t } = useTranslation();
  return (
    <ScreenCanvas updatedAt={null} allowed={allowed}>
      <div
        data-testid="screen-pick-node"
        style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 28 }}
      >
        {t('scr.emo.pickNode')}
      </div>
    </ScreenCanvas>
  );
}
