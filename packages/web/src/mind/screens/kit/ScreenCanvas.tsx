import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../shared/LanguageSwitch.tsx';
import { ScaledWall } from '../../../shared/ScaledWall.tsx';
import { useTitleKey } from '../../shell/title.ts';
import { palette } from './palette.ts';

/**
 * A large screen: a 1920x1080 canvas scaled to fit the window (a 4K wall, a laptop), centred on
 * a dark ground, with the screen's title and the time of the last refresh.
 */
export function ScreenCanvas({
  children,
  updatedAt,
  allowed,
}: {
  children: ReactNode;
  /** When the figures last came (0 while loading); null on a wall with no figures to date. */
  updatedAt: number | null;
  /** False when the caller's role may not open this screen: the wall says so instead of its cards. */
  allowed: boolean | null;
}) {
  const { t } = useTranslation();
  const titleKey = useTitleKey();
  return (
    <ScaledWall
      testId="mind-screen"
      canvasTestId="screen-canvas"
      ground={palette.ground}
      style={{ background: palette.canvas, color: palette.text }}
    >
      <header
        style={{
          height: 88,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          borderBottom: `1px solid ${palette.line}`,
          marginBottom: 20,
        }}
      >
        <span style={{ width: 320, color: palette.muted, fontSize: 16 }} data-testid="screen-updated">
          {updatedAt === null
            ? ''
            : updatedAt > 0
              ? t('scr.updated', { time: new Date(updatedAt).toLocaleTimeString() })
              : t('scr.loading')}
        </span>
        <h1 style={{ margin: 0, fontSize: 40, letterSpacing: 4, color: palette.title, fontWeight: 600 }}>
          {titleKey ? t(titleKey) : t('appName')}
        </h1>
        <span style={{ width: 320, display: 'flex', justifyContent: 'flex-end' }}>
          <LanguageSwitch />
        </span>
      </header>
      {allowed === false ? (
        <div
          data-testid="screen-denied"
          style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 28 }}
        >
          {t('scr.denied')}
        </div>
      ) : (
        children
      )}
    </ScaledWall>
  );
}
