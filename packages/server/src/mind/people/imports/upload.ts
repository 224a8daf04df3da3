import {
  type ImportProblem,
  type Lang,
  localizeIssue,
  type MessageKey,
  type MessageParams,
  PEOPLE_IMPORT_MAX_ROWS,
  translate,
  uploadRules,
} from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readSheet, type SheetColumn, type SheetRow, UnreadableSheetError } from '../../../platform/excel/sheet.ts';
import { checkUpload } from '../../../platform/files/check.ts';
import { receiveUpload } from '../../../platform/files/receive.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { orgPathInScope, type Scope, scopeOf } from '../../../portal/access/scope.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { schoolById } from './repository.ts';

/** A school the caller administers whole: imports write into one school at a time. */
export interface ImportSchool {
  id: number;
  name: string;
  path: string;
  depth: number;
}

export interface ImportSheet<F extends string> {
  rows: SheetRow<F>[];
  school: ImportSchool;
  scope: Scope;
}

/**
 * Receives the one workbook of an import (xls or xlsx by content, 20 MB) and the `schoolId` form
 * field, checks that the school lies in the caller's scope, and reads the first sheet: the
 * required columns present, at least one row, at most PEOPLE_IMPORT_MAX_ROWS.
 */
export async function readImport<F extends string>(
  actor: Actor,
  request: FastifyRequest,
  columns: readonly SheetColumn<F>[],
  required: readonly F[],
): Promise<ImportSheet<F>> {
  const rule = uploadRules.excel;
  const received = await receiveUpload(request, {
    maxBytes: rule.maxBytes,
    maxFiles: rule.maxFiles,
    fields: ['schoolId'],
  });
  const [file] = await checkUpload(received.files, rule);
  if (!file) throw new AppError(400, 'files.noFile');
  const schoolId = Number(received.fields.schoolId);
  if (!Number.isInteger(schoolId) || schoolId <= 0) {
    throw new AppError(400, 'peopleImport.noSchool', { rules: [{ field: 'schoolId', key: 'peopleImport.noSchool' }] });
  }
  const scope = await scopeOf(actor.db, actor.auth);
  const school = await schoolById(actor.db, schoolId);
  // A school outside the scope does not exist for the caller.
  if (school?.type !== 'school' || !orgPathInScope(scope, school.path)) {
    throw new AppError(404, 'org.notFound');
  }
  let sheet: ReturnType<typeof readSheet<F>>;
  try {
    sheet = readSheet(file.bytes, { columns });
  } catch (error) {
    if (error instanceof UnreadableSheetError) throw new AppError(400, 'peopleImport.unreadable');
    throw error;
  }
  const missing = sheet.missing.filter((c) => required.includes(c.field));
  if (missing.length > 0) {
    throw new AppError(400, 'peopleImport.noHeader', {
      params: { columns: missing.map((c) => c.title[actor.lang]).join(', ') },
    });
  }
  if (sheet.rows.length === 0) throw new AppError(400, 'peopleImport.noData');
  if (sheet.rows.length > PEOPLE_IMPORT_MAX_ROWS) {
    throw new AppError(400, 'peopleImport.tooManyRows', {
      params: { max: PEOPLE_IMPORT_MAX_ROWS, count: sheet.rows.length },
    });
  }
  return {
    rows: sheet.rows,
    school: { id: school.id, name: school.name, path: school.path, depth: school.depth },
    scope,
  };
}

/** Collects the problems of an import, each in the caller's language, and refuses the file when there are any. */
export class ImportReport {
  readonly problems: ImportProblem[] = [];
  readonly lang: Lang;
  constructor(lang: Lang) {
    this.lang = lang;
  }

  add(row: number, field: string, key: MessageKey, params?: MessageParams): void {
    this.problems.push({ row, field, msg: translate(key, this.lang, params) });
  }

  /** Parses a row with an area's schema; the broken rules land in the report. */
  parse<S extends z.ZodType>(row: number, schema: S, input: unknown): z.infer<S> | undefined {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const { field, msg } = localizeIssue(issue, this.lang);
      this.problems.push({ row, field, msg });
    }
    return undefined;
  }

  /** Marks every row after the first that repeats a key (a number, a phone) within the file. */
  repeats<T>(
    items: readonly T[],
    rowOf: (item: T) => number,
    keyOf: (item: T) => string | null | undefined,
    field: string,
  ) {
    const first = new Map<string, number>();
    for (const item of items) {
      const key = keyOf(item);
      if (!key) continue;
      const seen = first.get(key);
      if (seen === undefined) first.set(key, rowOf(item));
      else this.add(rowOf(item), field, 'peopleImport.repeated', { other: seen });
    }
  }

  has(row: number): boolean {
    return this.problems.some((p) => p.row === row);
  }

  /** Nothing is written when any row is bad: the answer is 400 with every problem, in row order. */
  throwIfAny(): void {
    if (this.problems.length === 0) return;
    this.problems.sort((a, b) => a.row - b.row);
    throw new AppError(400, 'peopleImport.invalid', { data: this.problems });
  }
}

/** `男`/`male`/`M` and `女`/`female`/`F` as the schema's values; anything else is left for the schema to refuse. */
export function genderOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const t = text.trim().toLowerCase();
  if (['男', 'male', 'm'].includes(t)) return 'male';
  if (['女', 'female', 'f'].includes(t)) return 'female';
  return text;
}

const RELATIONS: Record<string, string> = {
  父亲: 'father',
  爸爸: 'father',
  母亲: 'mother',
  妈妈: 'mother',
  监护人: 'guardian',
  其他: 'other',
};

export function relationOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return RELATIONS[text.trim()] ?? text.trim().toLowerCase();
}

/** `是`/`Yes`/`Y`/`1` true, `否`/`No`/`N`/`0` false, empty undefined, anything else null (a problem). */
export function yesNoOf(text: string | undefined): boolean | undefined | null {
  if (text === undefined) return undefined;
  const t = text.trim().toLowerCase();
  if (['是', 'yes', 'y', '1', 'true'].includes(t)) return true;
  if (['否', 'no', 'n', '0', 'false'].includes(t)) return false;
  return null;
}
