import sanitizeHtml from 'sanitize-html';

/**
 * Uploaded SVG (decision 0149). An SVG is a document that can run scripts and fetch from anywhere,
 * so an upload keeps only drawing: sanitize-html, parsing as XML (names keep their case, as SVG
 * needs), holds it to an allow-list of the drawing elements and presentation attributes of
 * DOMPurify's SVG profile, less what reaches outside or runs: no script, style, foreignObject,
 * use, image, a or animation, no event handler, no href, and a `url(...)` only to an id inside it.
 */

const ELEMENTS = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feFlood',
  'feComposite',
  'feMerge',
  'feMergeNode',
  'feColorMatrix',
  'feDropShadow',
];

const ATTRIBUTES = [
  'id',
  'class',
  'xmlns',
  'version',
  'viewBox',
  'preserveAspectRatio',
  'transform',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'dx',
  'dy',
  'width',
  'height',
  'd',
  'points',
  'pathLength',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'opacity',
  'color',
  'visibility',
  'display',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'marker-start',
  'marker-mid',
  'marker-end',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'word-spacing',
  'textLength',
  'lengthAdjust',
  'rotate',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'values',
  'type',
  'flood-color',
  'flood-opacity',
];

const SVG_NS = 'http://www.w3.org/2000/svg';
/** A `url(...)` that points anywhere but an id in the same document. */
const OUTSIDE_URL = /url\s*\(\s*(?!['"]?#)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  parser: { xmlMode: true },
  allowedTags: ELEMENTS,
  allowedAttributes: { '*': ATTRIBUTES },
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  // The text of what is dropped goes with it where it is code or markup, not drawing.
  nonTextTags: ['script', 'style', 'foreignObject', 'noscript', 'textarea', 'option', 'iframe'],
  transformTags: {
    '*': (tagName, attribs) => {
      const kept = Object.fromEntries(Object.entries(attribs).filter(([, value]) => !OUTSIDE_URL.test(value)));
      // A picture is drawn as an image only in the SVG namespace.
      return { tagName, attribs: tagName === 'svg' ? { ...kept, xmlns: SVG_NS } : kept };
    },
  },
};

/** Where the root `<svg` starts when `text` is an SVG document (after a BOM, XML declaration, comments, doctype), or -1. */
function rootAt(text: string): number {
  const prolog =
    /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^[>]*(?:\[[\s\S]*?\])?\s*>)\s*)*/i;
  const start = prolog.exec(text)?.[0].length ?? 0;
  return /^<svg[\s>/]/.test(text.slice(start)) ? start : -1;
}

/** Whether the bytes are an SVG document: UTF-8 text whose root element is `svg`. */
export function isSvg(bytes: Uint8Array): boolean {
  return textOf(bytes) !== undefined;
}

function textOf(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  const at = rootAt(text);
  return at < 0 ? undefined : text.slice(at);
}

/**
 * The drawing of an SVG upload, with everything that could run or reach outside removed, as
 * UTF-8 bytes; `undefined` when the bytes are not an SVG or nothing of its root survives.
 */
export function sanitizeSvg(bytes: Uint8Array): Uint8Array | undefined {
  const text = textOf(bytes);
  if (text === undefined) return undefined;
  const clean = sanitizeHtml(text, OPTIONS).trim();
  return /^<svg[\s>]/.test(clean) ? new TextEncoder().encode(clean) : undefined;
}
