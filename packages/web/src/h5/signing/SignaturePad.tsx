import { Button, Flex, Typography } from 'antd';
import { type PointerEvent, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SignaturePadHandle {
  /** The drawing as a PNG, or null while nothing is drawn. */
  toPng(): Promise<Blob | null>;
}

const HEIGHT = 180;

/**
 * A box to sign in with a finger (or a mouse): strokes drawn at the screen's pixel density, so that
 * the PNG stays sharp on a phone. The box is white behind the ink, so the PDF shows it on any paper.
 */
export function SignaturePad({ ref, onStart }: { ref: React.Ref<SignaturePadHandle>; onStart?(): void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);

  const reset = () => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    const scale = window.devicePixelRatio || 1;
    c.width = Math.round(c.clientWidth * scale);
    c.height = Math.round(HEIGHT * scale);
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, c.clientWidth, HEIGHT);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
    setDrawn(false);
  };
  useEffect(reset, []);

  useImperativeHandle(ref, () => ({
    toPng: () =>
      new Promise<Blob | null>((resolve) => {
        if (!drawn || !canvas.current) resolve(null);
        else canvas.current.toBlob((blob) => resolve(blob), 'image/png');
      }),
  }));

  const at = (e: PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    last.current = at(e);
    onStart?.();
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const from = last.current;
    const ctx = canvas.current?.getContext('2d');
    if (!from || !ctx) return;
    const to = at(e);
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    last.current = to;
    setDrawn(true);
  };
  const up = () => {
    last.current = null;
  };

  return (
    <Flex vertical gap={6}>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('signing.signHere')}</Typography.Text>
        <Button size="small" onClick={reset} disabled={!drawn}>
          {t('signing.clear')}
        </Button>
      </Flex>
      <canvas
        ref={canvas}
        data-testid="signature-pad"
        aria-label={t('signing.padLabel')}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        style={{
          width: '100%',
          height: HEIGHT,
          border: '1px dashed #999',
          borderRadius: 8,
          background: '#fff',
          // The finger draws instead of scrolling the page.
          touchAction: 'none',
        }}
      />
    </Flex>
  );
}
