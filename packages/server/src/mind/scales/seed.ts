import type { ScaleDefinition } from '@meridian/contracts';
import { BUILT_IN_SCALES } from './library/index.ts';
import {
  findBuiltInScale,
  insertBuiltInScale,
  insertSeedVersion,
  type Loose,
  pointAtVersion,
  seededVersion,
} from './seed-repository.ts';

/**
 * Brings the built-in scales in line with the library in code: a missing one is added with its
 * first version; one whose scoring key differs from its newest version gets a new version. Item
 * text an administrator imported is kept: only a change of the shipped key makes a new version.
 * Migration 0019 runs it; a later migration that changes a built-in runs it again.
 */
export async function syncBuiltInScales(db: Loose, at = Date.now()): Promise<void> {
  for (const definition of BUILT_IN_SCALES) {
    const existing = await findBuiltInScale(db, definition.code);
    if (!existing) {
      const id = await insertBuiltInScale(db, {
        code: definition.code,
        name_zh: definition.name['zh-CN'] ?? '',
        name_en: definition.name.en ?? '',
        audience: definition.audience,
        built_in: true,
        owner_org_id: null,
        owner_org_path: null,
        status: 'published',
        draft: null,
        current_version_id: null,
        item_count: definition.items.length,
        created_by: null,
        created_at: at,
        updated_at: at,
      });
      await addVersion(db, id, 1, definition, at);
      continue;
    }
    const current = await seededVersion(db, Number(existing.current_version_id));
    const shipped = parse(current.definition);
    if (sameKey(shipped, definition)) continue;
    await addVersion(db, Number(existing.id), Number(current.version) + 1, keepText(definition, shipped), at);
  }
}

async function addVersion(db: Loose, scaleId: number, version: number, definition: ScaleDefinition, at: number) {
  const versionId = await insertSeedVersion(db, {
    scale_id: scaleId,
    version,
    definition: JSON.stringify(definition),
    published_by: null,
    published_at: at,
    reason: 'seed',
  });
  await pointAtVersion(db, scaleId, versionId, definition.items.length, at);
}

function parse(value: unknown): ScaleDefinition {
  return (typeof value === 'string' ? JSON.parse(value) : value) as ScaleDefinition;
}

/**
 * Whether two definitions hold the same key. Compared with sorted object keys: PostgreSQL's jsonb
 * gives a stored definition back with its keys reordered, which is not a change of the key.
 */
function sameKey(a: ScaleDefinition, b: ScaleDefinition): boolean {
  return JSON.stringify(sorted(withoutText(a))) === JSON.stringify(sorted(withoutText(b)));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return Object.fromEntries(entries.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([k, v]) => [k, sorted(v)]));
}

/** The key without the item text of a licensed scale, which an administrator may have imported. */
function withoutText(d: ScaleDefinition): unknown {
  return d.licensedText ? { ...d, items: d.items.map(({ text: _text, ...rest }) => rest) } : d;
}

function keepText(next: ScaleDefinition, previous: ScaleDefinition): ScaleDefinition {
  if (!next.licensedText) return next;
  const texts = new Map(previous.items.map((item) => [item.id, item.text]));
  return {
    ...next,
    languages: previous.languages,
    items: next.items.map((item) => ({ ...item, text: texts.get(item.id) ?? item.text })),
  };
}
