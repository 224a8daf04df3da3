import {
  checkDefinition,
  type Lang,
  type ScaleDefinitionInput,
  scaleDefinitionShape,
  translate,
} from '@meridian/contracts';

/** A field of the editor's form: the definition's own path, as antd names it. */
export type FieldPath = (string | number)[];

export interface EditorProblem {
  path: FieldPath;
  msg: string;
}

// Text that may be left out altogether; a name or an item's text may not.
const OPTIONAL_TEXT = new Set(['description', 'instructions', 'interpretation', 'suggestion', 'source']);
const LANG_KEYS = new Set(['zh-CN', 'en']);

const isText = (value: object) => {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => LANG_KEYS.has(k));
};

/**
 * The form's values as a definition: blank translations and blank optional texts left out, empty
 * numbers dropped, and switches kept only where they differ from the default.
 */
export function cleanDefinition(values: unknown, key = ''): unknown {
  if (Array.isArray(values)) return values.map((v) => cleanDefinition(v));
  if (values === null || values === undefined) return undefined;
  if (typeof values === 'string') return values;
  if (typeof values !== 'object') return values;
  if (isText(values)) {
    const kept = Object.fromEntries(
      Object.entries(values).filter(([, text]) => typeof text === 'string' && text.trim() !== ''),
    );
    return Object.keys(kept).length === 0 && OPTIONAL_TEXT.has(key) ? undefined : kept;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if ((k === 'reverse' || k === 'validity') && v !== true) continue;
    if (k === 'inTotal' && v !== false) continue;
    const cleaned = cleanDefinition(v, k);
    if (cleaned !== undefined) out[k] = cleaned;
  }
  return out;
}

/** `items[3].options[1].score` (the definition check) or `definition.items.3.text` (the server) → a form path. */
export function pathOf(field: string): FieldPath {
  const parts = field
    .split(/[.[\]]/)
    .filter((p) => p !== '')
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return parts[0] === 'definition' ? parts.slice(1) : parts;
}

/** Every broken rule of a definition, worded in `lang`: its shape first, then the cross-checks. */
export function problemsOf(values: unknown, lang: Lang): EditorProblem[] {
  const parsed = scaleDefinitionShape.safeParse(cleanDefinition(values));
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
      msg: issue.message.startsWith('v.') ? translate(issue.message, lang) : issue.message,
    }));
  }
  return checkDefinition(parsed.data).map((p) => ({ path: pathOf(p.field), msg: translate(p.key, lang, p.params) }));
}

/** A new scale's starting point: the usual four-point options and one item to begin with. */
export function blankDefinition(): ScaleDefinitionInput {
  const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
  return {
    code: '',
    name: text('', ''),
    audience: 'student',
    languages: ['zh-CN', 'en'],
    options: [
      { value: 'A', label: text('从不', 'Never'), score: 0 },
      { value: 'B', label: text('有时', 'Sometimes'), score: 1 },
      { value: 'C', label: text('经常', 'Often'), score: 2 },
      { value: 'D', label: text('总是', 'Always'), score: 3 },
    ],
    items: [{ id: '1', text: text('', '') }],
    scoring: { method: 'sum' },
    bands: [],
    factors: [],
    validity: [],
    flags: [],
    warnings: [],
  };
}
