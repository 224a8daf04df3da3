import { SCADA_CLICKABLE, type ScadaDocument, type ScadaElement } from '@meridian/contracts';
import { Card, Descriptions, Typography } from 'antd';
import { memo, type RefObject, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Layer, Stage } from 'react-konva';
import { visibleOf } from './bindings.ts';
import { Background, PlacedShape, readingText, ShapeBody } from './shapes.tsx';
import { tiersOf } from './tiers.ts';
import { useFit } from './useFit.ts';
import { useReading, type ValueStore } from './valueStore.ts';
import './strings.ts';

interface ScreenProps {
  document: ScadaDocument;
  /** The bound points' values; each component follows its own (decision 0153). */
  values: ValueStore;
  /** A button's or a switch's press; without it nothing on the screen listens (read only, or no operate permission). */
  onPress?(element: ScadaElement): void;
  /** A click on a component that opens another screen (decision 0120); it needs no operate permission. */
  onOpen?(element: ScadaElement): void;
}

type Act = (element: ScadaElement) => void;

/**
 * One component of a running screen, following its own point: drawn again only when it or its
 * reading changes, never because another component's did (decision 0153).
 */
const RunningShape = memo(function RunningShape({
  element,
  values,
  listening,
  none,
  act,
}: {
  element: ScadaElement;
  values: ValueStore;
  listening: boolean;
  none: string;
  act: RefObject<Act | null>;
}) {
  const value = useReading(values, element);
  const click = () => act.current?.(element);
  if (!visibleOf(element, value)) return null;
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
export function ScreenStage({ document: doc, values, onPress, onOpen }: ScreenProps) {
  const { t } = useTranslation();
  const { box, scale } = useFit(doc.width);
  const act = useRef<Act | null>(null);
  act.current = (element) => (onOpen !== undefined && element.opens !== null ? onOpen(element) : onPress?.(element));
  const none = t('scada.noValue');
  // Still and moving components on canvases of their own: each frame draws only the moving ones.
  const tiers = useMemo(() => tiersOf(doc.elements), [doc.elements]);
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
        {tiers.map((tier) => (
          <Layer key={tier[0]?.id} listening={onPress !== undefined || onOpen !== undefined}>
            {tier.map((element) => {
              const opens = onOpen !== undefined && element.opens !== null;
              const pressable =
                !opens && onPress !== undefined && SCADA_CLICKABLE.includes(element.kind) && element.binding !== null;
              return (
                <RunningShape
                  key={element.id}
                  element={element}
                  values={values}
                  listening={pressable || opens}
                  none={none}
                  act={act}
                />
              );
            })}
          </Layer>
        ))}
      </Stage>
    </div>
  );
}

/** One component's reading in words, following its own point: only the words render again. */
function ReadingWords({ element, values, none }: { element: ScadaElement; values: ValueStore; none: string }) {
  return readingText(element, useReading(values, element), none);
}

/**
 * Each bound component's reading in words, for a phone and for screen readers. The list is built
 * once per screen; a new value changes only its own text.
 */
export function Readings({ document: doc, values }: Omit<ScreenProps, 'onPress'>) {
  const { t } = useTranslation();
  const items = useMemo(() => {
    const none = t('scada.noValue');
    return doc.elements
      .filter((e) => e.binding)
      .map((element) => ({
        key: element.id,
        label: element.text || t(`scada.kinds.${element.kind}`),
        children: (
          <Typography.Text strong data-testid={`scada-reading-${element.id}`}>
            <ReadingWords element={element} values={values} none={none} />
          </Typography.Text>
        ),
      }));
  }, [doc, values, t]);
  if (items.length === 0) return null;
  return (
    <Card size="small">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} data-testid="scada-readings" items={items} />
    </Card>
  );
}
