import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exitsWith, peerRuns } from '@meridian/simulator/peers';
import { afterAll, describe, expect, it } from 'vitest';
import { type Cell, streamWorkbook } from './stream.ts';

/**
 * Zip64, checked by a reader that is not ours: Python's `zipfile` (Debian's /usr/bin/python3).
 * It prints, as JSON, each entry's sizes and whether its central directory record carries the
 * zip64 extended information (extra field 0x0001), whether the end of the central directory is
 * the zip64 one (its locator just before the classic record), and the sheet's row count and last
 * row, read as a stream so that a sheet of gigabytes is never held.
 */
const PYTHON = '/usr/bin/python3';
const READER = `
import json, struct, sys, zipfile
path = sys.argv[1]
with open(path, 'rb') as f:
    f.seek(-42, 2)
    locator = struct.unpack('<I', f.read(4))[0]
def zip64_extra(extra):
    i = 0
    while i + 4 <= len(extra):
        tag, size = struct.unpack('<HH', extra[i:i + 4])
        if tag == 1:
            return True
        i += 4 + size
    return False
z = zipfile.ZipFile(path)
entries = [{'name': e.filename, 'size': e.file_size, 'zip64': zip64_extra(e.extra)} for e in z.infolist()]
rows, tail = 0, b''
with z.open('xl/worksheets/sheet1.xml') as sheet:
    while True:
        chunk = sheet.read(1 << 20)
        if not chunk:
            break
        joined = tail + chunk
        rows += joined.count(b'<row ') - tail.count(b'<row ')
        tail = joined[-65536:]
last = tail[tail.rfind(b'<row '):tail.rfind(b'</row>') + 6].decode('utf8')
print(json.dumps({'entries': entries, 'eocd64': locator == 0x07064b50, 'rows': rows, 'last': last}))
`;

interface ZipReport {
  entries: Array<{ name: string; size: number; zip64: boolean }>;
  eocd64: boolean;
  rows: number;
  last: string;
}

const python = peerRuns({
  name: "Python's zipfile",
  install: 'apt-get install -y python3',
  runs: () => exitsWith(PYTHON, ['-c', 'import zipfile']),
});

function readWithPython(file: string): ZipReport {
  const run = spawnSync(PYTHON, ['-c', READER, file], { encoding: 'utf8', maxBuffer: 1 << 20 });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as ZipReport;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-zip64-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function writeWorkbook(file: string, rows: AsyncIterable<readonly Cell[]>, forceZip64 = false) {
  await pipeline(
    Readable.from(streamWorkbook('Rows', ['ID', 'Text'], rows, { forceZip64 })),
    fs.createWriteStream(file),
  );
}

describe.runIf(python)('zip64 in the streamed xlsx', () => {
  it('writes the zip64 records when asked, and another reader finds them and every row', async () => {
    async function* rows() {
      for (let i = 1; i <= 1000; i++) yield [i, `row ${i}`];
    }
    const file = path.join(dir, 'forced.xlsx');
    await writeWorkbook(file, rows(), true);
    const report = readWithPython(file);
    expect(report.eocd64).toBe(true);
    expect(report.entries.map((e) => [e.name, e.zip64])).toEqual([
      ['[Content_Types].xml', true],
      ['_rels/.rels', true],
      ['xl/workbook.xml', true],
      ['xl/_rels/workbook.xml.rels', true],
      ['xl/worksheets/sheet1.xml', true],
    ]);
    expect(report.rows).toBe(1001);
    expect(report.last).toContain('<row r="1001"><c r="A1001"><v>1000</v></c>');
  });

  it('keeps the classic records for a file that does not need zip64', async () => {
    async function* rows() {
      for (let i = 1; i <= 10; i++) yield [i, `row ${i}`];
    }
    const file = path.join(dir, 'small.xlsx');
    await writeWorkbook(file, rows());
    const report = readWithPython(file);
    expect(report.eocd64).toBe(false);
    expect(report.entries.some((e) => e.zip64)).toBe(false);
    expect(report.rows).toBe(11);
  });

  // About 4.5 GB of sheet XML: minutes of work, so only when asked (MERIDIAN_LONG_TESTS=1).
  it.runIf(process.env.MERIDIAN_LONG_TESTS)(
    'streams a sheet past 4 GiB in bounded memory, and another reader reads it to its last row',
    async () => {
      const ROWS = 1_000_000;
      const text = (i: number, c: number) => `row ${i} column ${c} `.padEnd(240, '.');
      let peakRss = process.memoryUsage().rss;
      async function* rows() {
        for (let i = 1; i <= ROWS; i++) {
          if (i % 10_000 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
          yield [i, ...Array.from({ length: 17 }, (_, c) => text(i, c))];
        }
      }
      const file = path.join(dir, 'large.xlsx');
      const startRss = process.memoryUsage().rss;
      const started = Date.now();
      await writeWorkbook(file, rows());
      const wrote = Date.now();
      const report = readWithPython(file);
      const sheet = report.entries.find((e) => e.name === 'xl/worksheets/sheet1.xml');
      console.log(
        `zip64: ${ROWS} rows, sheet ${sheet?.size} bytes, file ${fs.statSync(file).size} bytes; ` +
          `written in ${((wrote - started) / 1000).toFixed(0)} s, read back in ${((Date.now() - wrote) / 1000).toFixed(0)} s; ` +
          `RSS ${(startRss / 2 ** 20).toFixed(0)} MiB before, at most ${(peakRss / 2 ** 20).toFixed(0)} MiB while writing`,
      );
      expect(sheet?.size).toBeGreaterThan(2 ** 32);
      expect(sheet?.zip64).toBe(true);
      expect(report.rows).toBe(ROWS + 1);
      expect(report.last).toContain(`<row r="${ROWS + 1}"><c r="A${ROWS + 1}"><v>${ROWS}</v></c>`);
      expect(report.last).toContain(`row ${ROWS} column 16 `);
      // Rows are streamed, never gathered: the process grows by far less than the sheet.
      expect(peakRss - startRss).toBeLessThan(256 * 2 ** 20);
    },
    30 * 60_000,
  );
});
