import { localizeIssue, translate } from '@meridian/contracts';
import type { FormRule } from 'antd';
import { currentLang } from '../i18n.ts';

type Issue = Parameters<typeof localizeIssue>[0];

/** What a form needs of a shared Zod schema (accountName, password, phone ... in @meridian/contracts). */
export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issue[] } };
}

/**
 * A form rule that checks a field with the same schema the server validates with, worded by the
 * same catalogue (`localizeIssue`), as the user types. An empty field is left to the `required` rule,
 * so that it says "enter ..." rather than the format.
 */
export function schemaRule(schema: FieldSchema): FormRule {
  return { validator: async (_rule, value: unknown) => checkWith(schema, value) };
}

function checkWith(schema: FieldSchema, value: unknown): void {
  if (value === undefined || value === null || value === '') return;
  const result = schema.safeParse(value);
  if (result.success) return;
  const [issue] = result.error.issues;
  throw new Error(issue ? localizeIssue(issue, currentLang()).msg : translate('v.invalid', currentLang()));
}

/**
 * A number field that came masked (an ID card, a phone): the masked value it was given passes (the
 * server keeps the stored number), another masked value is refused, anything else is checked by
 * `schema` as the user types.
 */
export function maskedNumberRule(
  schema: FieldSchema,
  isMasked: (value: string) => boolean,
  given: string | null,
): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const typed = typeof value === 'string' ? value.trim().toUpperCase() : value;
      if (typeof typed === 'string' && given !== null && typed === given) return;
      if (typeof typed === 'string' && isMasked(typed)) throw new Error(translate('v.maskedNumber', currentLang()));
      checkWith(schema, typed);
    },
  };
}

/** "Enter the password again" must equal `field`; worded by the catalogue's mismatch sentence. */
export function sameAsRule(field: string): FormRule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      if (!value || value === form.getFieldValue(field)) return;
      throw new Error(translate('v.passwordMismatch', currentLang()));
    },
  });
}

export { required } from './required.ts';
