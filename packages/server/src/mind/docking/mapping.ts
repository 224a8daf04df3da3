import type { DockingFieldMap } from '@meridian/contracts';

/**
 * The field mapping (decision 0129): our field names and values as the platform wants them. A
 * field without a mapping is sent as it is; a mapped field is renamed, and its value translated by
 * the codes, or given the field's default when it has no code. A value with neither fails the
 * record: it is not sent, and the sentence names the field and the value.
 */
export type Translation = { ok: true; data: Record<string, unknown> } | { ok: false; reason: string };

/** Keys of a stored payload that are Meridian's own notes, never sent (a correction kept for resyncs). */
const isNote = (key: string) => key.startsWith('_');

export function translate(payload: Record<string, unknown>, mapping: DockingFieldMap[]): Translation {
  const byField = new Map(mapping.map((m) => [m.field as string, m]));
  const data: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(payload)) {
    if (isNote(field)) continue;
    const map = byField.get(field);
    if (!map) {
      data[field] = value;
      continue;
    }
    const name = map.name === '' ? field : map.name;
    // An absent value stays absent: a result without a warning has no warning level to translate.
    if (value === null || value === undefined || map.codes.length === 0) {
      data[name] = value ?? null;
      continue;
    }
    const ours = String(value);
    const code = map.codes.find((c) => c.ours === ours)?.theirs ?? map.fallback;
    if (code === null || code === undefined || code === '') {
      return {
        ok: false,
        reason: `字段映射无法转换“${field}”的值“${ours}”，且未设置默认值 (The field mapping has no code for ${field} “${ours}” and no default: add one on Province data docking, then resend)`,
      };
    }
    data[name] = code;
  }
  return { ok: true, data };
}

/** The mapping saved on a platform's settings, as stored (JSON); an unreadable one maps nothing. */
export function mappingOf(text: string): DockingFieldMap[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as DockingFieldMap[]) : [];
  } catch {
    return [];
  }
}
