import { useMemo } from 'react';

/** Spec section 9: one tile of the watermark is a 300x100 canvas with 18 px text, rotated. */
export const WATERMARK = { width: 300, height: 100, font: '18px sans-serif', angle: -20, color: 'rgba(0, 0, 0, 0.07)' };

/** The tile as an image address, or null where the browser cannot draw. */
export function watermarkImage(text: string): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = WATERMARK.width;
  canvas.height = WATERMARK.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.font = WATERMARK.font;
  context.fillStyle = WATERMARK.color;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.translate(WATERMARK.width / 2, WATERMARK.height / 2);
  context.rotate((WATERMARK.angle * Math.PI) / 180);
  context.fillText(text, 0, 0);
  return canvas.toDataURL('image/png');
}

/**
 * A faint, repeated nickname over the main area, so that a screenshot of student data names who
 * took it. It lets every click through to the page beneath.
 */
export function Watermark({ text }: { text: string }) {
  const image = useMemo(() => watermarkImage(text), [text]);
  if (!image) return null;
  return (
    <div
      data-testid="watermark"
      aria-hidden
      style={{
        position: 'absolute',
        inset: 0,
        zIndex: 9,
        pointerEvents: 'none',
        backgroundImage: `url("${image}")`,
        backgroundRepeat: 'repeat',
      }}
    />
  );
}
