import { Alert, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { ApiError, errorText } from '../errors.ts';

interface FormAlertProps {
  error: unknown;
  /** When given, each broken rule the server names goes under its own field instead of into the alert. */
  form?: FormInstance;
}

/** A failed submission, above the form: the server's own words (and each broken rule on a line or under its field). */
export function FormAlert({ error, form }: FormAlertProps) {
  const items = error instanceof ApiError ? error.items : [];
  const placed = !!form && items.length > 0 && items.every((item) => form.getFieldInstance(item.field) !== undefined);
  useEffect(() => {
    if (!placed || !form || !(error instanceof ApiError)) return;
    form.setFields(error.items.map((item) => ({ name: item.field, errors: [item.msg] })));
  }, [placed, form, error]);
  if (!error) return null;
  const [title, ...details] = errorText(error).split('\n');
  // A rule the message already says (one broken rule worded the same) is not repeated under it.
  const shown = placed ? [] : details.filter((line) => line !== title);
  return (
    <Alert
      data-testid="form-error"
      type="error"
      showIcon
      title={title}
      description={shown.length > 0 ? shown.map((line) => <div key={line}>{line}</div>) : undefined}
      style={{ marginBottom: 20 }}
    />
  );
}
