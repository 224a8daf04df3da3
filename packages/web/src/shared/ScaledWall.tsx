import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';

/** The wall a large screen is designed for; every size is drawn at this one and scaled to the window. */
export const WALL_SIZE = { width: 1920, height: 1080 } as const;

const fit = () => Math.min(window.innerWidth / WALL_SIZE.width, window.innerHeight / WALL_SIZE.height);

/** The window's scale for the wall, following the window's size. */
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
 * A large screen's canvas: 1920x1080, a column of its children, scaled to fit the window (a 4K
 * wall, a laptop) and centred on `ground`. `style` paints the canvas itself.
 */
export function ScaledWall(props: {
  ground: string;
  style: CSSProperties;
  testId: string;
  canvasTestId: string;
  children: ReactNode;
}) {
  const scale = useWallScale();
  return (
    <div
      data-testid={props.testId}
      style={{ position: 'fixed', inset: 0, overflow: 'hidden', background: props.ground }}
    >
      <div
        data-testid={props.canvasTestId}
        style={{
          position: 'absolute',
          left: (window.innerWidth - WALL_SIZE.width * scale) / 2,
          top: (window.innerHeight - WALL_SIZE.height * scale) / 2,
          width: WALL_SIZE.width,
          height: WALL_SIZE.height,
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
          display: 'flex',
          flexDirection: 'column',
          padding: '0 32px 24px',
          boxSizing: 'border-box',
          ...props.style,
        }}
      >
        {props.children}
      </div>
    </div>
  );
}
