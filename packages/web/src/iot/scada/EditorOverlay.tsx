import { type RefObject, useEffect, useState } from 'react';
import { Layer, Line, Rect } from 'react-konva';
import type { Box, Guide } from './editing.ts';

/** What the editor draws over the components while the pointer works: the rubber band and the snap guides. */
export interface Overlay {
  band: Box | null;
  guides: Guide[];
}

export const NO_OVERLAY: Overlay = { band: null, guides: [] };

/** The band's and the guides' colours: the brand blue and a magenta that no component uses by default. */
export const GUIDE_COLOUR = '#eb2f96';

/**
 * The band and the guides, in a layer of their own that the editor sets through `control` on each
 * pointer move: only this layer draws again, not the 2,000 components under it.
 */
export function EditorOverlay({
  control,
  scale,
}: {
  control: RefObject<((next: Overlay) => void) | null>;
  scale: number;
}) {
  const [overlay, setOverlay] = useState<Overlay>(NO_OVERLAY);
  useEffect(() => {
    control.current = setOverlay;
    return () => {
      control.current = null;
    };
  }, [control]);
  const { band, guides } = overlay;
  const thin = 1 / scale;
  return (
    <Layer listening={false}>
      {band && (
        <Rect
          x={Math.min(band.x, band.x + band.width)}
          y={Math.min(band.y, band.y + band.height)}
          width={Math.abs(band.width)}
          height={Math.abs(band.height)}
          fill="rgba(22,119,255,0.08)"
          stroke="#1677ff"
          strokeWidth={thin}
          dash={[4 * thin, 4 * thin]}
        />
      )}
      {guides.map((g) => (
        <Line
          key={`${g.axis}${g.at}`}
          points={g.axis === 'x' ? [g.at, g.from, g.at, g.to] : [g.from, g.at, g.to, g.at]}
          stroke={GUIDE_COLOUR}
          strokeWidth={thin}
          dash={[6 * thin, 3 * thin]}
        />
      ))}
    </Layer>
  );
}
