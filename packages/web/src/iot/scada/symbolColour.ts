import type { ScadaElement } from '@meridian/contracts';
import { fileAddress } from '../../shared/files.ts';
import { colourOf } from './bindings.ts';
import type { Reading } from './shapes.tsx';

/**
 * Recolouring a symbol by its binding (decision 0154). A symbol with a colour rule is drawn in the
 * rule's colour: an SVG's parts drawn in `currentColor` take it, and any other symbol (a png, an SVG
 * without `currentColor`) is tinted, each pixel multiplied by the colour with its transparency
 * kept, so that white parts take the colour and dark outlines stay dark. A symbol without a
 * colour rule is drawn as it was uploaded.
 */

/** The colour a symbol is drawn in; null draws it as uploaded. Before a value arrives, its own colour. */
export function symbolColour(element: ScadaElement, value: Reading): string | null {
  if (element.kind !== 'symbol' || !element.colourRule) return null;
  return colourOf(element, value);
}

/** An SVG's text with its `currentColor` in `colour`; null when the drawing has no `currentColor`. */
export function svgInColour(svg: string, colour: string): string | null {
  if (!/currentcolor/i.test(svg)) return null;
  return svg.replace(/currentcolor/gi, colour);
}

/** `#RRGGBB` as its three channels. */
export function channelsOf(colour: string): [number, number, number] {
  const hex = /^#?([0-9a-f]{6})$/i.exec(colour.trim())?.[1] ?? '000000';
  return [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

/** Tints RGBA pixels in place: each colour channel multiplied by the colour's, transparency untouched. */
export function tintPixels(pixels: Uint8ClampedArray, colour: string): void {
  const [r, g, b] = channelsOf(colour);
  for (let i = 0; i < pixels.length; i += 4) {
    pixels[i] = Math.round(((pixels[i] ?? 0) * r) / 255);
    pixels[i + 1] = Math.round(((pixels[i + 1] ?? 0) * g) / 255);
    pixels[i + 2] = Math.round(((pixels[i + 2] ?? 0) * b) / 255);
  }
}

/** The smallest side a tinted symbol is drawn at, so that a small SVG stays sharp when scaled up. */
const TINT_SIDE = 256;
/** Painted symbols kept, by path and colour: a screen shows each symbol in a few colours. */
const KEPT = 200;
const painted = new Map<string, Promise<CanvasImageSource | null>>();
const svgTexts = new Map<string, Promise<string | null>>();

function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new window.Image();
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = src;
  });
}

function svgTextOf(src: string): Promise<string | null> {
  let text = svgTexts.get(src);
  if (!text) {
    text = fetch(src)
      .then((res) => (res.ok ? res.text() : null))
      .catch(() => null);
    svgTexts.set(src, text);
  }
  return text;
}

function tinted(image: HTMLImageElement, colour: string): HTMLCanvasElement | null {
  const natural = Math.max(image.naturalWidth, image.naturalHeight) || TINT_SIDE;
  const scale = Math.max(1, TINT_SIDE / natural);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round((image.naturalWidth || TINT_SIDE) * scale);
  canvas.height = Math.round((image.naturalHeight || TINT_SIDE) * scale);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  tintPixels(pixels.data, colour);
  context.putImageData(pixels, 0, 0);
  return canvas;
}

async function paint(path: string, colour: string): Promise<CanvasImageSource | null> {
  const src = fileAddress(path);
  if (!src) return null;
  if (path.toLowerCase().endsWith('.svg')) {
    const text = await svgTextOf(src);
    const coloured = text === null ? null : svgInColour(text, colour);
    if (coloured !== null) {
      const url = URL.createObjectURL(new Blob([coloured], { type: 'image/svg+xml' }));
      const image = await loadImage(url);
      URL.revokeObjectURL(url);
      return image;
    }
  }
  const image = await loadImage(src);
  return image && tinted(image, colour);
}

/** A symbol drawn in `colour`, made once per path and colour. */
export function paintedSymbol(path: string, colour: string): Promise<CanvasImageSource | null> {
  const key = `${path}|${colour}`;
  let made = painted.get(key);
  if (!made) {
    if (painted.size >= KEPT) painted.clear();
    made = paint(path, colour);
    painted.set(key, made);
  }
  return made;
}
