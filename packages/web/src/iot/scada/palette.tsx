import type { ScadaElement, ScadaTrendSeed } from '@meridian/contracts';
import type Konva from 'konva';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { Arc, Circle, Ellipse, Group, Image as KonvaImage, Line, Rect, Text } from 'react-konva';
import { fileAddress } from '../../shared/files.ts';
import { useMover } from './animator.ts';
import { appendSample, GAUGE_SWEEP, needleAngle, shareOf, trendLine } from './bindings.ts';
import type { Reading } from './shapes.tsx';
import { paintedSymbol, symbolColour } from './symbolColour.ts';

/**
 * The rest of the industrial palette (decision 0126): motor, fan, gauge, trend, bar, image, line,
 * rectangle and ellipse, drawn as Konva vectors in a box of the element's size at 0,0.
 */

const OFF = '#bfbfbf';
const INK = '#262626';
const EDGE = '#434343';

interface BodyProps {
  element: ScadaElement;
  value: Reading;
  /** The colour the bindings give it. */
  colour: string;
  on: boolean;
  /** 0 stands still; the editor passes 0. */
  speed: number;
  preview: boolean;
}

/** The stored past of a running screen's trends by element id (decision 0148); the editor has none. */
export const TrendSeeds = createContext<ReadonlyMap<string, readonly number[]>>(new Map());
export const trendSeedsOf = (seeds: readonly ScadaTrendSeed[]) => new Map(seeds.map((s) => [s.elementId, s.values]));

/** A part that turns about x,y on the shared animation loop while its speed is above 0. */
export function Rotor({ x, y, speed, children }: { x: number; y: number; speed: number; children: React.ReactNode }) {
  const node = useRef<Konva.Group>(null);
  useMover(node, { how: 'turn', speed });
  return (
    <Group ref={node} x={x} y={y} name={speed > 0 ? 'scada-turning' : undefined}>
      {children}
    </Group>
  );
}

/** Three blades about the centre, for a fan and a motor's cooling fan. */
function Blades({ r, colour }: { r: number; colour: string }) {
  return (
    <>
      {[0, 120, 240].map((angle) => (
        <Ellipse
          key={angle}
          rotation={angle}
          x={Math.cos((angle * Math.PI) / 180) * r * 0.45}
          y={Math.sin((angle * Math.PI) / 180) * r * 0.45}
          radiusX={r * 0.45}
          radiusY={r * 0.18}
          fill={colour}
          stroke={EDGE}
          strokeWidth={1}
        />
      ))}
      <Circle radius={r * 0.14} fill={EDGE} />
    </>
  );
}

export function PaletteBody({ element, value, colour, on, speed, preview }: BodyProps) {
  const { width: w, height: h } = element;
  switch (element.kind) {
    case 'motor': {
      // A motor seen from the side: its body, feet, and the cooling fan at its end turning while it runs.
      const r = Math.min(h * 0.42, w * 0.2);
      return (
        <>
          <Rect
            x={0}
            y={h * 0.12}
            width={w * 0.72}
            height={h * 0.7}
            cornerRadius={6}
            fill={on ? colour : OFF}
            stroke={EDGE}
            strokeWidth={2}
          />
          {[0.2, 0.35, 0.5].map((f) => (
            <Line
              key={f}
              points={[w * 0.06, h * (f + 0.07), w * 0.66, h * (f + 0.07)]}
              stroke={EDGE}
              strokeWidth={1}
              opacity={0.5}
            />
          ))}
          <Rect x={w * 0.08} y={h * 0.82} width={w * 0.56} height={h * 0.14} fill={EDGE} />
          <Rect x={w * 0.72} y={h * 0.42} width={w * 0.06} height={h * 0.1} fill={EDGE} />
          <Circle x={w - r - 2} y={h * 0.47} radius={r} fill="#f0f0f0" stroke={EDGE} strokeWidth={2} />
          <Rotor x={w - r - 2} y={h * 0.47} speed={speed}>
            <Blades r={r * 0.9} colour={on ? colour : OFF} />
          </Rotor>
        </>
      );
    }
    case 'fan': {
      const r = Math.min(w, h) / 2 - 2;
      return (
        <>
          <Circle x={w / 2} y={h / 2} radius={r} fill="#f0f0f0" stroke={EDGE} strokeWidth={2} />
          <Rotor x={w / 2} y={h / 2} speed={speed}>
            <Blades r={r * 0.92} colour={on ? colour : OFF} />
          </Rotor>
        </>
      );
    }
    case 'gauge':
      return (
        <Gauge
          element={element}
          value={preview && value === undefined ? null : value}
          colour={colour}
          preview={preview}
        />
      );
    case 'trend':
      return <Trend element={element} value={value} colour={colour} />;
    case 'bar': {
      const share = preview && value === undefined ? 0.6 : shareOf(value, element.min, element.max);
      // Upright when taller than wide, else it grows to the right.
      const upright = h >= w;
      return (
        <>
          <Rect width={w} height={h} fill="#f5f5f5" stroke="#8c8c8c" strokeWidth={1} />
          <Rect
            x={1}
            y={upright ? 1 + (h - 2) * (1 - share) : 1}
            width={upright ? w - 2 : (w - 2) * share}
            height={upright ? (h - 2) * share : h - 2}
            fill={colour}
          />
        </>
      );
    }
    case 'image':
      return <Picture path={element.picture} width={w} height={h} />;
    case 'symbol':
      return <Picture path={element.picture} width={w} height={h} colour={symbolColour(element, value)} />;
    case 'line':
      return (
        <Line
          points={[0, h / 2, w, h / 2]}
          stroke={colour}
          strokeWidth={Math.max(1, Math.min(h, 8))}
          lineCap="round"
          hitStrokeWidth={Math.max(12, h)}
        />
      );
    case 'rectangle':
      return <Rect width={w} height={h} fill={colour} stroke={EDGE} strokeWidth={1} />;
    case 'ellipse':
      return (
        <Ellipse x={w / 2} y={h / 2} radiusX={w / 2} radiusY={h / 2} fill={colour} stroke={EDGE} strokeWidth={1} />
      );
    default:
      return null;
  }
}

/** A dial over the element's range with its ticks, the range's ends written, and a needle at the value. */
function Gauge({
  element,
  value,
  colour,
  preview,
}: {
  element: ScadaElement;
  value: Reading;
  colour: string;
  preview: boolean;
}) {
  const { width: w, height: h } = element;
  const r = Math.min(w, h) / 2 - 2;
  const share = preview && value === null ? 0.6 : shareOf(value, element.min, element.max);
  const angle = needleAngle(share);
  const ticks = Array.from({ length: 11 }, (_, i) => needleAngle(i / 10));
  const at = (deg: number, k: number) => {
    const rad = ((deg - 90) * Math.PI) / 180;
    return [Math.cos(rad) * r * k, Math.sin(rad) * r * k];
  };
  const font = Math.max(9, r * 0.16);
  return (
    <Group x={w / 2} y={h / 2}>
      <Circle radius={r} fill="#ffffff" stroke={EDGE} strokeWidth={2} />
      <Arc innerRadius={r * 0.78} outerRadius={r * 0.86} angle={GAUGE_SWEEP * share} rotation={135} fill={colour} />
      <Arc
        innerRadius={r * 0.78}
        outerRadius={r * 0.86}
        angle={GAUGE_SWEEP}
        rotation={135}
        stroke="#d9d9d9"
        strokeWidth={1}
      />
      {ticks.map((deg) => (
        <Line key={deg} points={[...at(deg, 0.88), ...at(deg, 0.98)]} stroke={EDGE} strokeWidth={1.5} />
      ))}
      <Text x={-r} y={r * 0.55} width={r * 0.9} align="center" fontSize={font} fill={INK} text={String(element.min)} />
      <Text
        x={r * 0.1}
        y={r * 0.55}
        width={r * 0.9}
        align="center"
        fontSize={font}
        fill={INK}
        text={String(element.max)}
      />
      <Line
        points={[0, 0, ...at(angle, 0.72)]}
        stroke="#cf1322"
        strokeWidth={Math.max(2, r * 0.05)}
        lineCap="round"
        name="scada-needle"
        rotation={0}
      />
      <Circle radius={Math.max(3, r * 0.07)} fill={EDGE} />
      <Text
        x={-r}
        y={r * 0.22}
        width={2 * r}
        align="center"
        fontSize={Math.max(10, r * 0.2)}
        fontStyle="bold"
        fill={INK}
        text={typeof value === 'number' ? value.toFixed(element.decimals) : ''}
      />
    </Group>
  );
}

/**
 * A small live line of the bound point's latest values: its stored past of the last day when a
 * running screen opens (decision 0148), then each new value while it stays open.
 */
function Trend({ element, value, colour }: { element: ScadaElement; value: Reading; colour: string }) {
  const { width: w, height: h } = element;
  const [trail, setTrail] = useState<number[]>([]);
  const { samples } = element;
  const seed = useContext(TrendSeeds).get(element.id);
  // The stored past replaces what the page gathered before it came: read after the screen opened, it holds that too.
  useEffect(() => {
    if (seed) setTrail(seed.slice(-samples));
  }, [seed, samples]);
  useEffect(() => {
    setTrail((before) => appendSample(before, value, samples));
  }, [value, samples]);
  return (
    <>
      <Rect width={w} height={h} fill="#ffffff" stroke="#d9d9d9" strokeWidth={1} />
      {[0.25, 0.5, 0.75].map((f) => (
        <Line key={f} points={[0, h * f, w, h * f]} stroke="#f0f0f0" strokeWidth={1} />
      ))}
      <Line
        points={trendLine(trail, element.min, element.max, w, h)}
        stroke={colour}
        strokeWidth={2}
        lineJoin="round"
        name="scada-trend"
      />
      <Text x={4} y={2} fontSize={10} fill="#8c8c8c" text={String(element.max)} />
      <Text x={4} y={h - 12} fontSize={10} fill="#8c8c8c" text={String(element.min)} />
    </>
  );
}

/** A picture file once it has loaded; the background and the image component share it. */
export function usePicture(path: string | null | undefined): HTMLImageElement | null {
  const src = fileAddress(path);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!src) {
      setImage(null);
      return;
    }
    const picture = new window.Image();
    picture.onload = () => setImage(picture);
    picture.src = src;
    return () => {
      picture.onload = null;
    };
  }, [src]);
  return image;
}

/** A symbol in a colour (decision 0154), kept while the next colour is painted so that it does not blink. */
function usePaintedSymbol(path: string | null, colour: string | null): CanvasImageSource | null {
  const [image, setImage] = useState<CanvasImageSource | null>(null);
  useEffect(() => {
    if (!path || !colour) {
      setImage(null);
      return;
    }
    let current = true;
    void paintedSymbol(path, colour).then((made) => {
      if (current && made) setImage(made);
    });
    return () => {
      current = false;
    };
  }, [path, colour]);
  return image;
}

function Picture({
  path,
  width,
  height,
  colour = null,
}: {
  path: string | null;
  width: number;
  height: number;
  /** A symbol's bound colour; null draws the picture as it is. */
  colour?: string | null;
}) {
  const plain = usePicture(colour ? null : path);
  const painted = usePaintedSymbol(path, colour);
  const image = colour ? painted : plain;
  if (image)
    return <KonvaImage image={image} width={width} height={height} name={colour ? 'scada-recoloured' : undefined} />;
  return <Rect width={width} height={height} fill="#fafafa" stroke="#bfbfbf" strokeWidth={1} dash={[6, 4]} />;
}
