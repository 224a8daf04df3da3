import type { FormInstance } from 'antd';
import { ApiError } from '../../../shared/errors.ts';
import { notifyError } from '../../../shared/feedback.tsx';

type FieldPath = (string | number)[];

/**
 * Shows a refusal's items under the fields they name (`rules.0.everyDays` → the first rule's
 * interval), as the form's own rules would; anything no field on the form answers is shown as
 * the error catalogue says.
 */
export function placeErrors<T>(form: FormInstance<T>, error: unknown): void {
  const placed: { name: FieldPath; errors: string[] }[] = [];
  if (error instanceof ApiError) {
    for (const item of error.items) {
      const name = item.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      if (form.getFieldInstance(name) !== undefined) placed.push({ name, errors: [item.msg] });
    }
  }
  if (placed.length === 0) {
    notifyError(error);
    return;
  }
  form.setFields(placed as Parameters<FormInstance<T>['setFields']>[0]);
}
