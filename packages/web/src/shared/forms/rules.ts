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
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (result.success) return;
      const [issue] = result.error.issues;
      throw new Error(issue ? localizeIssue(issue, currentLang()).msg : translate('v.invalid', currentLang()));
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
