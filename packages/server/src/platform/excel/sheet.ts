import { read, utils, write } from '@e965/xlsx';
import type { Lang } from '@meridian/contracts';

/** One column of a template: the field it fills and its header title in each language. */
export interface SheetColumn<F extends string = string> {
  field: F;
  title: Record<Lang, string>;
  /** Earlier titles of the column, still read so that files made from an older template import. */
  aliases?: readonly string[];
}

/** A data row: its spreadsheet row number (the header is row 1) and its cells by field, as text. */
export interface SheetRow<F extends string = string> {
  row: number;
  cells: Partial<Record<F, string>>;
}

export interface ReadSheet<F extends string> {
  rows: SheetRow<F>[];
  /** Template columns whose header was not found in the first row. */
  missing: SheetColumn<F>[];
}

/** The workbook could not be parsed at all (not a workbook, or a damaged one). */
export class UnreadableSheetError extends Error {
  constructor(cause: unknown) {
    super('unreadable workbook', { cause });
    this.name = 'UnreadableSheetError';
  }
}

/**
 * A cell as text: numbers in full (an IMEI typed as a number keeps every digit), dates as
 * `YYYY-MM-DD` (SheetJS gives them in the process's local time), everything else trimmed.
 */
function cellText(cell: unknown): string {
  if (cell instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${cell.getFullYear()}-${pad(cell.getMonth() + 1)}-${pad(cell.getDate())}`;
  }
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  return String(cell ?? '').trim();
}

const normalise = (title: string) => title.replace(/\s+/g, '').replace(/[*＊]/g, '').toLowerCase();

/**
 * Reads the first sheet (or `sheet`) of an xls or xlsx: the first row is the header, each header title (in
 * zh-CN or en or an alias, a leading `*` of required columns ignored) names a column's field; blank rows are
 * skipped. Cells come back as text (see `cellText`).
 */
export function readSheet<F extends string>(
  bytes: Uint8Array,
  options: { columns: readonly SheetColumn<F>[] /** Which sheet, from 0; the first by default. */; sheet?: number },
): ReadSheet<F> {
  let grid: unknown[][];
  try {
    const book = read(bytes, { type: 'buffer', cellDates: true, dense: true });
    const name = book.SheetNames[options.sheet ?? 0];
    const sheet = name === undefined ? undefined : book.Sheets[name];
    grid = sheet ? utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true }) : [];
  } catch (error) {
    throw new UnreadableSheetError(error);
  }
  const header = (grid[0] ?? []).map((cell) => normalise(String(cell ?? '')));
  const indexOf = new Map<F, number>();
  const missing: SheetColumn<F>[] = [];
  for (const column of options.columns) {
    const titles = [...Object.values(column.title), ...(column.aliases ?? [])].map(normalise);
    const index = header.findIndex((h) => h !== '' && titles.includes(h));
    if (index < 0) missing.push(column);
    else indexOf.set(column.field, index);
  }
  const rows: SheetRow<F>[] = [];
  grid.slice(1).forEach((line, i) => {
    const cells: Partial<Record<F, string>> = {};
    let filled = false;
    for (const [field, index] of indexOf) {
      const value = cellText(line[index]);
      if (value !== '') {
        cells[field] = value;
        filled = true;
      }
    }
    if (filled) rows.push({ row: i + 2, cells });
  });
  return { rows, missing };
}

/** A sheet to write: its name and its rows of cells (the first row usually the header). */
export interface SheetData {
  name: string;
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>;
  /** Column widths in characters. */
  widths?: readonly number[];
}

/** A small workbook (templates, reports) built in memory as xlsx. */
export function writeWorkbook(sheets: readonly SheetData[]): Buffer {
  const book = utils.book_new();
  for (const sheet of sheets) {
    const ws = utils.aoa_to_sheet(sheet.rows.map((r) => [...r]));
    if (sheet.widths) ws['!cols'] = sheet.widths.map((wch) => ({ wch }));
    utils.book_append_sheet(book, ws, sheet.name.slice(0, 31));
  }
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The content type of an xlsx download. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
