import type { ScadaElement } from '@meridian/contracts';
import type Konva from 'konva';
import { useRef } from 'react';
import { Circle, Group, Image as KonvaImage, Line, Rect, Text } from 'react-konva';
import type { LiveValue } from '../telemetry/live.ts';
import { formatValue, isOn } from '../telemetry/points.ts';
import { DASH_PERIOD, useMover } from './animator.ts';
import { colourOf, labelText, shareOf, speedOf } from './bindings.ts';
import { PaletteBody, Rotor, usePicture } from './palette.tsx';

/** A reading of a bound point: `undefined` while unbound, `null` before the point's first value. */
export type Reading = LiveValue | null | undefined;

const OFF = '#bfbfbf';
const INK = '#262626';

/** Running, open or lit: a switch that is on, or a number above zero (a pump's speed, a flow). */
export const activeOf = (value: Reading) => isOn(value) || (typeof value === 'number' && value > 0);

/** The level of a tank, 0 to 1, within its range. */
export const levelOf = shareOf;

export function readingText(element: ScadaElement, value: Reading, none: string): string {
  if (value === undefined || value === null) return none;
  return formatValue(value, typeof value === 'number' ? element.decimals : 0) ?? none;
}

interface ShapeProps {
  element: ScadaElement;
  value: Reading;
  /** Shown where a bound point has no value yet. */
  none: string;
  /** The editor shows every component as it would look running, so that it can be drawn. */
  preview?: boolean;
}

/** The picture of one component, drawn inside a box of the element's size at 0,0; editor and viewer share it. */
export function ShapeBody({ element, value, none, preview = false }: ShapeProps) {
  const { width: w, height: h } = element;
  const colour = colourOf(element, value);
  const on = preview || activeOf(value);
  // The editor draws components still; a running screen moves them on the shared loop (decision 0126).
  const speed = preview ? 0 : speedOf(element, value, on);
  switch (element.kind) {
    case 'tank': {
      const level = preview && value === undefined ? 0.6 : levelOf(value, element.min, element.max);
      return (
        <>
          <Rect width={w} height={h} cornerRadius={6} fill="#f5f5f5" stroke="#595959" strokeWidth={2} />
          <Rect
            x={3}
            y={3 + (h - 6) * (1 - level)}
            width={w - 6}
            height={(h - 6) * level}
            cornerRadius={4}
            fill={colour}
          />
          <Text
            width={w}
            y={h / 2 - 8}
            align="center"
            fontSize={14}
            fontStyle="bold"
            fill={INK}
            text={readingText(element, value, none)}
          />
        </>
      );
    }
    case 'pump': {
      const r = Math.min(w, h) / 2;
      return (
        <>
          <Circle x={w / 2} y={h / 2} radius={r - 2} fill={on ? colour : OFF} stroke="#434343" strokeWidth={2} />
          <Rotor x={w / 2} y={h / 2} speed={speed}>
            <Line points={[-r * 0.35, -r * 0.5, r * 0.55, 0, -r * 0.35, r * 0.5]} closed fill="#ffffff" />
          </Rotor>
        </>
      );
    }
    case 'valve':
      return (
        <>
          <Line points={[0, 0, w / 2, h / 2, 0, h]} closed fill={on ? colour : OFF} stroke="#434343" strokeWidth={2} />
          <Line points={[w, 0, w / 2, h / 2, w, h]} closed fill={on ? colour : OFF} stroke="#434343" strokeWidth={2} />
        </>
      );
    case 'lamp': {
      const r = Math.min(w, h) / 2;
      return (
        <Circle
          x={w / 2}
          y={h / 2}
          radius={r - 2}
          fill={on ? colour : OFF}
          stroke="#595959"
          strokeWidth={2}
          shadowColor={colour}
          shadowBlur={on ? 12 : 0}
        />
      );
    }
    case 'number':
      return (
        <>
          <Rect width={w} height={h} cornerRadius={4} fill="#141414" />
          <Text
            width={w}
            height={h}
            align="center"
            verticalAlign="middle"
            fontSize={Math.max(10, Math.min(h * 0.55, 40))}
            fontFamily="monospace"
            fill={colour}
            text={readingText(element, value, none)}
          />
        </>
      );
    case 'label':
      return (
        <Text
          width={w}
          height={h}
          verticalAlign="middle"
          fontSize={Math.max(10, Math.min(h * 0.6, 48))}
          fill={colour}
          text={labelText(element, value === undefined || value === null ? null : readingText(element, value, none))}
        />
      );
    case 'switch': {
      const r = h / 2 - 3;
      return (
        <>
          <Rect width={w} height={h} cornerRadius={h / 2} fill={on ? colour : OFF} stroke="#595959" strokeWidth={1} />
          <Circle x={on ? w - h / 2 : h / 2} y={h / 2} radius={r} fill="#ffffff" shadowBlur={2} shadowOpacity={0.4} />
        </>
      );
    }
    case 'pipe':
      return <Pipe width={w} height={h} colour={colour} flowing={on} speed={speed} />;
    case 'button':
      return (
        <>
          <Rect width={w} height={h} cornerRadius={6} fill={colour} shadowBlur={4} shadowOpacity={0.3} />
          <Text
            width={w}
            height={h}
            align="center"
            verticalAlign="middle"
            fontSize={Math.max(10, Math.min(h * 0.4, 24))}
            fill="#ffffff"
            text={element.text}
          />
        </>
      );
    default:
      return <PaletteBody element={element} value={value} colour={colour} on={on} speed={speed} preview={preview} />;
  }
}

/** A pipe whose dashes run along it while its point shows flow, as fast as its speed rule says. */
function Pipe({
  width,
  height,
  colour,
  flowing,
  speed,
}: {
  width: number;
  height: number;
  colour: string;
  flowing: boolean;
  speed: number;
}) {
  const dashes = useRef<Konva.Line>(null);
  useMover(dashes, { how: 'flow', speed });
  const mid = height / 2;
  return (
    <>
      <Rect width={width} height={height} fill="#8c8c8c" cornerRadius={height / 2} />
      <Line
        ref={dashes}
        points={[height / 2, mid, width - height / 2, mid]}
        stroke={flowing ? colour : '#d9d9d9'}
        strokeWidth={Math.max(2, height / 3)}
        dash={[DASH_PERIOD / 2, DASH_PERIOD / 2]}
        lineCap="round"
      />
    </>
  );
}

/** The element's box with its body, placed and turned; the transparent rectangle makes the whole box hit. */
export function PlacedShape({
  element,
  children,
  ...group
}: { element: ScadaElement; children: React.ReactNode } & Konva.NodeConfig & {
    onClick?: (e: Konva.KonvaEventObject<MouseEvent>) => void;
    onTap?: (e: Konva.KonvaEventObject<TouchEvent>) => void;
    onDragMove?: (e: Konva.KonvaEventObject<DragEvent>) => void;
    onDragEnd?: (e: Konva.KonvaEventObject<DragEvent>) => void;
    onTransformEnd?: (e: Konva.KonvaEventObject<Event>) => void;
    onMouseDown?: (e: Konva.KonvaEventObject<MouseEvent>) => void;
    onTouchStart?: (e: Konva.KonvaEventObject<TouchEvent>) => void;
    onMouseEnter?: (e: Konva.KonvaEventObject<MouseEvent>) => void;
    onMouseLeave?: (e: Konva.KonvaEventObject<MouseEvent>) => void;
  }) {
  return (
    <Group id={element.id} name="scada-element" x={element.x} y={element.y} rotation={element.rotation} {...group}>
      {/* Nothing to hit on a component that does not listen: its frames draw one shape fewer. */}
      {group.listening !== false && <Rect width={element.width} height={element.height} fill="rgba(0,0,0,0)" />}
      {/* The box alone is hit: a screen of 2,000 components draws 2,000 rectangles on its hit canvas, not every part (decision 0153). */}
      <Group listening={false}>{children}</Group>
    </Group>
  );
}

/** The screen's background picture, stretched over the canvas once it has loaded. */
export function Background({ src, width, height }: { src: string | null; width: number; height: number }) {
  const image = usePicture(src);
  return image ? <KonvaImage image={image} width={width} height={height} listening={false} /> : null;
}
