import { read, utils, write } from '@e965/xlsx';
import { describe, expect, it, vi } from 'vitest';
import { readSheet, type SheetColumn, UnreadableSheetError, writeWorkbook } from './sheet.ts';
import { streamWorkbook } from './stream.ts';

const columns: SheetColumn<'name' | 'sn' | 'start'>[] = [
  { field: 'name', title: { 'zh-CN': '设备名称', en: 'Device name' } },
  { field: 'sn', title: { 'zh-CN': 'SN', en: 'SN' } },
  { field: 'start', title: { 'zh-CN': '保修开始', en: 'Warranty start' } },
];

function book(rows: unknown[][], bookType: 'xlsx' | 'xls' = 'xlsx'): Buffer {
  const wb = utils.book_new();
  utils.book_append_sheet(wb, utils.aoa_to_sheet(rows, { cellDates: true }), 'S');
  return write(wb, { type: 'buffer', bookType }) as Buffer;
}

describe('readSheet', () => {
  it('maps zh-CN or en headers (a * ignored) to fields, keeps row numbers and skips blank rows', () => {
    for (const type of ['xlsx', 'xls'] as const) {
      const bytes = book(
        [
          ['SN', '*设备名称', '保修开始'],
          [860000000000001, ' Pump ', new Date(2026, 0, 31)],
          ['', '', ''],
          ['AB12', 'Meter', ''],
        ],
        type,
      );
      const sheet = readSheet(bytes, { columns });
      expect(sheet.missing).toEqual([]);
      expect(sheet.rows).toEqual([
        { row: 2, cells: { sn: '860000000000001', name: 'Pump', start: '2026-01-31' } },
        { row: 4, cells: { sn: 'AB12', name: 'Meter' } },
      ]);
    }
  });

  it('names the template columns the header lacks, and refuses what is not a workbook', () => {
    expect(readSheet(book([['Device name']]), { columns }).missing.map((c) => c.field)).toEqual(['sn', 'start']);
    const oleHeaderOnly = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
    ]);
    expect(() => readSheet(oleHeaderOnly, { columns })).toThrow(UnreadableSheetError);
  });
});

describe('writing workbooks', () => {
  it('writes a small workbook that reads back', () => {
    const bytes = writeWorkbook([
      {
        name: 'T',
        rows: [
          ['a', 'b'],
          [1, null],
        ],
      },
    ]);
    const wb = read(bytes, { type: 'buffer' });
    expect(utils.sheet_to_json(wb.Sheets.T ?? {}, { header: 1 })).toEqual([['a', 'b'], [1]]);
  });

  it('streams a large sheet as a valid xlsx, holding a page at a time', async () => {
    async function* rows() {
      for (let i = 0; i < 30_000; i++) yield [i, `设备 <${i}> & "x"\u0001`, i % 2 ? null : 1.5];
    }
    const parts: Buffer[] = [];
    for await (const part of streamWorkbook('设备列表', ['ID', 'Name', 'Value'], rows())) parts.push(part);
    // Written in pieces, not as one buffer at the end.
    expect(parts.length).toBeGreaterThan(10);
    const wb = read(Buffer.concat(parts), { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['设备列表']);
    const grid = utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0] ?? ''] ?? {}, { header: 1 });
    expect(grid).toHaveLength(30_001);
    expect(grid[1]).toEqual([0, '设备 <0> & "x"', 1.5]);
    expect(grid[30_000]).toEqual([29_999, '设备 <29999> & "x"']);
  });
});

describe('a streamed workbook and its row source', () => {
  it('fails when the rows fail, rather than waiting forever', async () => {
    async function* rows() {
      for (let i = 0; i < 5_000; i++) yield [i, 'x'.repeat(100)];
      throw new Error('the database went away');
    }
    const drain = async () => {
      for await (const _ of streamWorkbook('S', ['ID', 'Text'], rows())) {
        // The bytes go nowhere: only the outcome matters.
      }
    };
    await expect(drain()).rejects.toThrow('the database went away');
  });

  it('lets go of the rows when the reader stops early (a download cancelled)', async () => {
    let closed = false;
    let read = 0;
    async function* rows() {
      try {
        for (let i = 0; i < 1_000_000; i++) {
          read++;
          yield [i, 'x'.repeat(100)];
        }
      } finally {
        closed = true;
      }
    }
    for await (const _ of streamWorkbook('S', ['ID', 'Text'], rows())) if (read > 10_000) break;
    await vi.waitFor(() => expect(closed).toBe(true));
    expect(read).toBeLessThan(1_000_000);
  });
});
