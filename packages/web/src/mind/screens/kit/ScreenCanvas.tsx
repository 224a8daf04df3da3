import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../shared/LanguageSwitch.tsx';
import { useTitleKey } from '../../shell/title.ts';
import { palette } from './palette.ts';

/** The wall a screen is designed for; every size is drawn at this one and scaled to the window. */
export const WALL = { width: 1920, height: 1080 } as const;

const fit = () => Math.min(window.innerWidth / WALL.width, window.innerHeight / WALL.height);

function useWallScale(): number {
  const [scale, setScale] = useState(fit);
  useEffect(() => {
    const resize = () => setScale(fit());
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  return scale;
}

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
  const scale = useWallScale();
  const left = (window.innerWidth - WALL.width * scale) / 2;
  const top = (window.innerHeight - WALL.height * scale) / 2;
  return (
    <div
      data-testid="mind-screen"
      style={{ position: 'fixed', inset: 0, overflow: 'hidden', background: palette.ground }}
    >
      <div
        data-testid="screen-canvas"
        style={{
          position: 'absolute',
          left,
          top,
          width: WALL.width,
          height: WALL.height,
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
          background: palette.canvas,
          color: palette.text,
          display: 'flex',
          flexDirection: 'column',
          padding: '0 32px 24px',
          boxSizing: 'border-box',
        }}
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
      </div>
    </div>
  );
}
