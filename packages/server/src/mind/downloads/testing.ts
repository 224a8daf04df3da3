import { inflateSync } from 'node:zlib';
import { read, utils } from '@e965/xlsx';
import pino from 'pino';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import {
  type AssessmentWorld,
  buildAssessmentWorld,
  phqSheet,
  publishedTask,
  taskBody,
} from '../assessments/testing.ts';
import { type DownloadJobOptions, downloadJob } from './job.ts';

/**
 * The assessment world with one PHQ-9 task answered by a1 (minimal), a2 (minimal, item 9: a red
 * warning) and b1 (王五, moderately severe): results of two classes of the first school.
 */
export async function buildDownloadWorld(t: TestApp) {
  const w = await buildAssessmentWorld(t);
  const taskId = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], { gradeIds: [w.orgs.grade.id] }));
  const sheets = { a1: phqSheet('A'), a2: phqSheet('A', 'C'), b1: phqSheet('C') } as const;
  const results = { a1: 0, a2: 0, b1: 0 };
  for (const who of ['a1', 'a2', 'b1'] as const) {
    const res = await w.callers[who].post('/apis-psychology/h5/survey/submit', {
      taskId,
      scaleId: w.scales.phq9,
      answers: sheets[who],
    });
    expect(res.statusCode, res.body).toBe(200);
    results[who] = res.json().data.resultId;
  }
  return { ...w, taskId, results };
}
export type DownloadWorld = AssessmentWorld & { taskId: number; results: Record<'a1' | 'a2' | 'b1', number> };

/** Runs every queued download job now, with the test's own file stores. */
export function drainDownloads(t: TestApp, options: DownloadJobOptions = {}): Promise<number> {
  const worker = new JobWorker({
    db: t.db,
    log: pino({ level: 'silent' }),
    config: t.config,
    jobs: [downloadJob(options)],
  });
  return worker.drain();
}

/** The first sheet of an xlsx as rows of cells. */
export function sheetRows(bytes: Buffer): unknown[][] {
  const book = read(bytes, { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) throw new Error('the workbook has no sheet');
  return utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
}

/** Undoes a PDF literal string's escapes (`\(`, `\\`, `\ddd`) into its bytes. */
function literalBytes(literal: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < literal.length; i++) {
    const c = literal.charCodeAt(i);
    if (literal[i] !== '\\') {
      out.push(c);
      continue;
    }
    const next = literal[++i] ?? '';
    const octal = /^[0-7]{1,3}/.exec(literal.slice(i, i + 3));
    if (octal) {
      out.push(Number.parseInt(octal[0], 8));
      i += octal[0].length - 1;
    } else {
      out.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ?? next.charCodeAt(0));
    }
  }
  return Buffer.from(out);
}

/**
 * What a reader of a PDF can check without a renderer: its title (from the document information),
 * and every character its fonts can show (their ToUnicode maps). A name written in a font without
 * Chinese would map to no Chinese character at all.
 */
export function pdfFacts(bytes: Buffer): { title: string; characters: string } {
  const text = bytes.toString('latin1');
  const ref = /\/Title (\d+) 0 R/.exec(text)?.[1];
  const literal =
    ref === undefined ? undefined : new RegExp(`\\n${ref} 0 obj\\n\\(([\\s\\S]*?)\\)\\nendobj`).exec(text)?.[1];
  const raw = literal === undefined ? Buffer.alloc(0) : literalBytes(literal);
  const title =
    raw[0] === 0xfe && raw[1] === 0xff
      ? Buffer.from(raw.subarray(2)).swap16().toString('utf16le')
      : raw.toString('latin1');
  let characters = '';
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    let inflated: string;
    try {
      inflated = inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      // Not a deflated stream (an embedded font program); it holds no text map.
      continue;
    }
    for (const code of inflated.matchAll(/<([0-9a-f]{4})>/gi))
      characters += String.fromCharCode(Number.parseInt(code[1] ?? '0', 16));
  }
  return { title, characters };
}
