import { translate } from '@meridian/contracts';
import type { FormInstance } from 'antd';
import { ApiError } from '../../shared/errors.ts';
import { notifyError } from '../../shared/feedback.tsx';
import { currentLang } from '../../shared/i18n.ts';

/**
 * A refusal with per-field messages (`[{ field, msg }]`) is shown beside the fields the form has;
 * what no field of the form can show goes to the shared feedback. Field names are the API's, with
 * `points[3].registerLength` reaching a list field as `['points', 3, 'registerLength']`.
 */
export function showFieldErrors(form: FormInstance, error: unknown): void {
  if (!(error instanceof ApiError) || error.items.length === 0) {
    notifyError(error);
    return;
  }
  const known = new Set(
    Object.keys(form.getFieldsValue(true) as Record<string, unknown>).map((name) => name.split(/[.[]/)[0]),
  );
  const beside = error.items.filter((item) => item.field && known.has(item.field.split(/[.[]/)[0] ?? ''));
  form.setFields(beside.map((item) => ({ name: namePath(item.field ?? ''), errors: [item.msg] })));
  const rest = error.items.filter((item) => !beside.includes(item));
  if (beside.length === 0 || rest.length > 0) notifyError(error);
}

/** `points[3].registerLength` → `['points', 3, 'registerLength']`. */
export function namePath(field: string): (string | number)[] {
  return field
    .split(/[.[\]]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** A sentence of the shared catalogue (the server's own words) in the user's language. */
export const catalogue = (key: string, params?: Record<string, string | number>) =>
  translate(key, currentLang(), params);
