import { SCADA_CLICKABLE, type ScadaDocument, type ScadaElement } from '@meridian/contracts';
import { Card, Descriptions, Typography } from 'antd';
import { memo, type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Layer, Stage } from 'react-konva';
import { visibleOf } from './bindings.ts';
import { Background, PlacedShape, type Reading, readingText, ShapeBody } from './shapes.tsx';
import { useFit } from './useFit.ts';
import './strings.ts';

interface ScreenProps {
  document: ScadaDocument;
  readingOf(element: ScadaElement): Reading;
  /** A button's or a switch's press; without it nothing on the screen listens (read only, or no operate permission). */
  onPress?(element: ScadaElement): void;
  /** A click on a component that opens another screen (decision 0120); it needs no operate permission. */
  onOpen?(element: ScadaElement): void;
}

type Act = (element: ScadaElement) => void;

/**
 * One component of a running screen, drawn again only when it or its reading changes: of 500
 * components whose devices report one after another, each update redraws only that device's.
 */
const RunningShape = memo(function RunningShape({
  element,
  value,
  listening,
  none,
  act,
}: {
  element: ScadaElement;
  value: Reading;
  listening: boolean;
  none: string;
  act: RefObject<Act | null>;
}) {
  const click = () => act.current?.(element);
  return (
    <PlacedShape
      element={element}
      listening={listening}
      onClick={click}
      onTap={click}
      onMouseEnter={(e) => {
        const container = e.target.getStage()?.container();
        if (container) container.style.cursor = 'pointer';
      }}
      onMouseLeave={(e) => {
        const container = e.target.getStage()?.container();
        if (container) container.style.cursor = '';
      }}
    >
      <ShapeBody element={element} value={value} none={none} />
    </PlacedShape>
  );
});

/** A screen in run mode, scaled to fit its container: the canvas, then each bound component's reading in words. */
export function ScreenStage({ document: doc, readingOf, onPress, onOpen }: ScreenProps) {
  const { t } = useTranslation();
  const { box, scale } = useFit(doc.width);
  const act = useRef<Act | null>(null);
  act.current = (element) => (onOpen !== undefined && element.opens !== null ? onOpen(element) : onPress?.(element));
  const none = t('scada.noValue');
  return (
    <div ref={box} style={{ width: '100%', overflow: 'hidden' }} data-testid="scada-stage">
      <Stage
        width={doc.width * scale}
        height={doc.height * scale}
        scaleX={scale}
        scaleY={scale}
        style={{ background: '#ffffff' }}
      >
        <Layer listening={false}>
          <Background src={doc.background} width={doc.width} height={doc.height} />
        </Layer>
        <Layer listening={onPress !== undefined || onOpen !== undefined}>
          {doc.elements.map((element) => {
            const value = readingOf(element);
            if (!visibleOf(element, value)) return null;
            const opens = onOpen !== undefined && element.opens !== null;
            const pressable =
              !opens && onPress !== undefined && SCADA_CLICKABLE.includes(element.kind) && element.binding !== null;
            return (
              <RunningShape
                key={element.id}
                element={element}
                value={value}
                listening={pressable || opens}
                none={none}
                act={act}
              />
            );
          })}
        </Layer>
      </Stage>
    </div>
  );
}

/** Each bound component's reading in words, for a phone and for screen readers. */
export function Readings({ document: doc, readingOf }: Omit<ScreenProps, 'onPress'>) {
  const { t } = useTranslation();
  const bound = doc.elements.filter((e) => e.binding);
  if (bound.length === 0) return null;
  return (
    <Card size="small">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        data-testid="scada-readings"
        items={bound.map((element) => ({
          key: element.id,
          label: element.text || t(`scada.kinds.${element.kind}`),
          children: (
            <Typography.Text strong data-testid={`scada-reading-${element.id}`}>
              {readingText(element, readingOf(element), t('scada.noValue'))}
            </Typography.Text>
          ),
        }))}
      />
    </Card>
  );
}
