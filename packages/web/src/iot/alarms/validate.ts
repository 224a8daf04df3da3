import { type Lang, localizeIssue } from '@meridian/contracts';
import type { FormInstance } from 'antd';
import type { FieldSchema } from '../../shared/forms/rules.ts';

export interface FieldProblem {
  /** The form field's name path; empty for a rule about the whole body. */
  name: (string | number)[];
  message: string;
}

/** `conditions[0].pointId` → `['conditions', 0, 'pointId']`. */
export function pathOf(field: string): (string | number)[] {
  return field
    .split(/[.[\]]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * A contract's verdict on a whole body, each problem at the form field it belongs to, in the user's
 * language: the server's rules and sentences, before anything is sent (rules across fields too,
 * such as "at least one of phone, email or WeChat").
 */
export function problemsOf(schema: FieldSchema, body: unknown, lang: Lang): FieldProblem[] {
  const result = schema.safeParse(body);
  if (result.success) return [];
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const issue of result.error.issues) {
    const { field, msg } = localizeIssue(issue, lang);
    // The first sentence of a field is the one shown ("1-30 characters" before "no spaces").
    const name = issue.path.length === 0 ? [] : pathOf(field);
    const key = name.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ name, message: msg });
  }
  return problems;
}

/** Shows the problems at their fields; answers those no field can show. */
export function showProblems(form: FormInstance, problems: FieldProblem[]): FieldProblem[] {
  form.setFields(problems.filter((p) => p.name.length > 0).map((p) => ({ name: p.name, errors: [p.message] })));
  return problems.filter((p) => p.name.length === 0);
}

type Path = (string | number)[];

/** Every path a change of antd's `onValuesChange` touches: `{ conditions: [, { value: 3 }] }` gives conditions, conditions.1, conditions.1.value. */
export function changedPaths(changed: unknown, prefix: Path = []): Path[] {
  if (changed === null || typeof changed !== 'object') return prefix.length ? [prefix] : [];
  const entries: Array<[string | number, unknown]> = Array.isArray(changed)
    ? changed.flatMap((value, index): Array<[number, unknown]> => (value === undefined ? [] : [[index, value]]))
    : Object.getPrototypeOf(changed) === Object.prototype
      ? Object.entries(changed)
      : [];
  return [
    ...(prefix.length ? [prefix] : []),
    ...entries.flatMap(([key, value]) => changedPaths(value, [...prefix, key])),
  ];
}

/** Clears the messages of the fields the user just changed: the last check no longer applies to them. */
export function clearChanged(form: FormInstance, changed: object): void {
  form.setFields(changedPaths(changed).map((name) => ({ name, errors: [] })));
}
