import { read, utils, write } from '@e965/xlsx';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../../test/app.ts';
import { as } from '../../../../test/factories.ts';
import { multipart } from '../../../../test/files.ts';
import type { Caller } from '../../../portal/orgs/testing.ts';

export type Row = Array<string | number>;

/** A workbook of one sheet: the header row and the rows, as someone fills a template in. */
export function workbook(header: Row, rows: Row[], bookType: 'xlsx' | 'xls' = 'xlsx'): Buffer {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([header, ...rows]), 'Sheet1');
  return write(book, { type: 'buffer', bookType }) as Buffer;
}

/** Uploads a file to an import call as a browser would, with the school field. */
export async function upload(
  t: TestApp,
  caller: Caller,
  kind: 'student' | 'teacher' | 'parent' | 'org',
  bytes: Uint8Array,
  schoolId: number,
  name = `${kind}s.xlsx`,
): Promise<LightMyRequestResponse> {
  const form = await multipart([{ name, bytes }], { schoolId: String(schoolId) });
  return t.app.inject({
    method: 'POST',
    url: `/api/apis-user/${kind}/import`,
    headers: { ...as(caller.token), ...form.headers },
    payload: form.payload,
  });
}

/** The first sheet of a downloaded workbook, as rows of cells. */
export function sheetOf(bytes: Buffer): unknown[][] {
  const book = read(bytes, { type: 'buffer' });
  return utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? ''] ?? {}, { header: 1 });
}
