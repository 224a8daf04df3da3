import type { ScaleDefinitionInput } from '@meridian/contracts';
import type { FormInstance } from 'antd';
import type { EditorProblem, FieldPath } from './editor.ts';

/** Shows each problem under its field; a text rule about a pair goes under its Chinese box. The rest are answered. */
export function place(form: FormInstance<ScaleDefinitionInput>, problems: EditorProblem[]): EditorProblem[] {
  // A problem fixed through another field (bands that no longer overlap) leaves no stale message behind.
  form.setFields(
    form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => ({ name: f.name, errors: [] })),
  );
  const left: EditorProblem[] = [];
  const byField = new Map<string, { name: FieldPath; errors: string[] }>();
  for (const problem of problems) {
    const candidates: FieldPath[] = [problem.path, [...problem.path, 'zh-CN'], [...problem.path, 'kind']];
    const name = candidates.find((path) => form.getFieldInstance(path) !== undefined);
    if (!name) {
      left.push(problem);
      continue;
    }
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [] };
    entry.errors.push(problem.msg);
    byField.set(key, entry);
  }
  form.setFields([...byField.values()]);
  return left;
}
