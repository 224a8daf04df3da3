import type { core } from 'zod';
import type { Lang } from './lang.ts';
import { isMessageKey, translate } from './messages.ts';
import type { MessageParams } from './platform-messages.ts';

/** One broken rule as the API reports it and a form shows it. */
export interface FieldError {
  field: string;
  msg: string;
}

/** `a.b[2].c` from a Zod path; the empty path (the whole body) is reported as `body`. */
export function fieldOf(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || 'body';
}

const expectedKey: Record<string, string> = {
  string: 'type.string',
  number: 'type.number',
  int: 'type.int',
  boolean: 'type.boolean',
  array: 'type.array',
  object: 'type.object',
  date: 'type.date',
};

function paramsOf(issue: core.$ZodIssue): MessageParams {
  switch (issue.code) {
    case 'too_small':
      return { min: issue.minimum };
    case 'too_big':
      return { max: issue.maximum };
    case 'not_multiple_of':
      return { divisor: issue.divisor };
    case 'invalid_value':
      return { values: issue.values.map(String).join(', ') };
    case 'unrecognized_keys':
      return { keys: issue.keys.join(', ') };
    default:
      return {};
  }
}

function genericKey(issue: core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      // Zod reports a missing field as a type error whose input is undefined.
      return issue.input === undefined ? 'v.required' : 'v.type';
    case 'too_small': {
      if (issue.origin === 'string') {
        if (issue.minimum === 1) return 'v.string.empty';
        return issue.exact ? 'v.string.exact' : 'v.string.min';
      }
      if (issue.origin === 'array' || issue.origin === 'set') return 'v.array.min';
      return issue.inclusive === false ? 'v.number.gt' : 'v.number.min';
    }
    case 'too_big': {
      if (issue.origin === 'string') return issue.exact ? 'v.string.exact' : 'v.string.max';
      if (issue.origin === 'array' || issue.origin === 'set') return 'v.array.max';
      return issue.inclusive === false ? 'v.number.lt' : 'v.number.max';
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'v.format.email';
      if (issue.format === 'url') return 'v.format.url';
      return 'v.format';
    case 'invalid_value':
      return 'v.enum';
    case 'unrecognized_keys':
      return 'v.unknownKeys';
    case 'not_multiple_of':
      return 'v.multipleOf';
    default:
      return 'v.invalid';
  }
}

/**
 * Turns a Zod issue into `{ field, msg }` in the reader's language. A schema that names a
 * catalogue key as its message (`z.string().min(3, 'user.name.length')`) gets that sentence;
 * any other issue gets the generic sentence for its kind.
 */
export function localizeIssue(issue: core.$ZodIssue, lang: Lang): FieldError {
  const field = fieldOf(issue.path);
  const params = paramsOf(issue);
  const key = isMessageKey(issue.message) ? issue.message : genericKey(issue);
  if (key === 'v.type' && issue.code === 'invalid_type') {
    params.expected = translate(expectedKey[issue.expected] ?? 'type.value', lang);
  }
  return { field, msg: translate(key, lang, params) };
}

export function localizeIssues(issues: ReadonlyArray<core.$ZodIssue>, lang: Lang): FieldError[] {
  return issues.map((issue) => localizeIssue(issue, lang));
}
