import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export type Cell = string | number | null | undefined;

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '</Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '</Relationships>';

// Characters XML 1.0 cannot hold at all; a device name pasted from elsewhere may carry them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must be removed
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const escapeXml = (text: string) =>
  text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function rowXml(cells: readonly Cell[], r: number): string {
  const parts = cells.map((cell, i) => {
    const ref = `${columnName(i)}${r}`;
    if (cell === null || cell === undefined || cell === '') return '';
    if (typeof cell === 'number' && Number.isFinite(cell)) return `<c r="${ref}"><v>${cell}</v></c>`;
    return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(cell))}</t></is></c>`;
  });
  return `<row r="${r}">${parts.join('')}</row>`;
}

/** Sheet XML in pieces of about 64 KB, so that neither the rows nor the XML are ever held whole. */
async function* sheetXml(header: readonly string[], rows: AsyncIterable<readonly Cell[]>): AsyncGenerator<Buffer> {
  let buffer =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    rowXml(header, 1);
  let r = 1;
  for await (const row of rows) {
    buffer += rowXml(row, ++r);
    if (buffer.length >= 64 * 1024) {
      yield Buffer.from(buffer, 'utf8');
      buffer = '';
    }
  }
  yield Buffer.from(`${buffer}</sheetData></worksheet>`, 'utf8');
}

export interface StreamWorkbookOptions {
  /**
   * Write the zip64 records (entry sizes, central directory end) even when the file does not need
   * them, as one whose sheet passes 4 GiB has them: how the tests check those records on a small file.
   */
  forceZip64?: boolean;
}

// 1980-01-01 00:00, the first DOS date: no entry needs a real one, and a fixed one keeps exports reproducible.
const DOS_EPOCH = new Date(1980, 0, 1);

/**
 * An xlsx of one sheet written as its rows arrive: the rows are pulled from an async iterable
 * (a query read a page at a time) and the file leaves as a stream of bytes, so an export of a
 * hundred thousand devices holds one page of them in memory, not the list. The zip is yazl's,
 * which switches to zip64 when the sheet passes 4 GiB (decision 0054).
 */
export async function* streamWorkbook(
  sheetName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly Cell[]>,
  options: StreamWorkbookOptions = {},
): AsyncGenerator<Buffer> {
  const forceZip64Format = options.forceZip64 ?? false;
  const entry = { mtime: DOS_EPOCH, forceDosTimestamp: true, forceZip64Format };
  const workbook =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheets><sheet name="${escapeXml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml', entry);
  zip.addBuffer(Buffer.from(ROOT_RELS), '_rels/.rels', entry);
  zip.addBuffer(Buffer.from(workbook), 'xl/workbook.xml', entry);
  zip.addBuffer(Buffer.from(WORKBOOK_RELS), 'xl/_rels/workbook.xml.rels', entry);
  const sheet = Readable.from(sheetXml(header, rows), { objectMode: false });
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', entry);
  zip.end({ forceZip64Format, comment: '' });
  const output = zip.outputStream as Readable;
  // yazl pipes the sheet on without passing its errors along: a row source that fails (the
  // database went away) must fail the download, not leave it waiting forever.
  sheet.once('error', (error) => output.destroy(error));
  zip.once('error', (error: Error) => output.destroy(error));
  try {
    for await (const bytes of output) yield bytes as Buffer;
  } finally {
    // Stopped early (the client went away) or failed: let go of the row source at once.
    sheet.destroy();
  }
}
