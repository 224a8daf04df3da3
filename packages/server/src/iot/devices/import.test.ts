import { read, utils, write } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { multipart, xls } from '../../../test/files.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { sampleTemplate } from '../templates/testing.ts';
import { mainAccount, newSn } from './testing.ts';

let t: TestApp;
let owner: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
});
afterAll(() => t.close());

const HEADER = ['*Device name', 'SN', 'MAC', 'IMEI', 'Device ID', 'Communication password', 'Querying frequency (s)'];
type Row = Array<string | number>;

function workbook(rows: Row[], bookType: 'xlsx' | 'xls' = 'xlsx', header: Row = HEADER): Buffer {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([header, ...rows]), 'Devices');
  return write(book, { type: 'buffer', bookType }) as Buffer;
}

const goodRow = (i: number): Row => [
  `Meter ${i}`,
  newSn(),
  `D8B04C${String(i).padStart(6, '0')}`,
  '',
  '',
  'Pa55word',
  300,
];

async function upload(name: string, bytes: Uint8Array) {
  const form = await multipart([{ name, bytes }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/iot/devices/import',
    headers: { ...as(owner.token), ...form.headers },
    payload: form.payload,
  });
}

const countDevices = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );

describe('the import template', () => {
  it('has the headers in the caller’s language and one example row', async () => {
    for (const [lang, first] of [
      ['en', '*Device name'],
      ['zh-CN', '*设备名称'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/iot/devices/import/template',
        headers: { 'x-authorization': owner.token, 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      const book = read(res.rawPayload, { type: 'buffer' });
      const grid = utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? ''] ?? {}, { header: 1 });
      expect(grid[0]?.[0]).toBe(first);
      expect(grid).toHaveLength(2);
    }
  });

  it('imports its own example row back', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/iot/devices/import/template',
      headers: as(owner.token),
    });
    const imported = await upload('template.xlsx', res.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toEqual({ imported: 1 });
  });
});

describe('importing devices from Excel', () => {
  it('imports 100 good rows in one go', async () => {
    const before = await countDevices();
    const res = await upload('devices.xlsx', workbook(Array.from({ length: 100 }, (_, i) => goodRow(i))));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ imported: 100 });
    expect(await countDevices()).toBe(before + 100);
  });

  it('takes an xls file too', async () => {
    const res = await upload('devices.xls', workbook([goodRow(500)], 'xls'));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('reports every bad row and field, and imports nothing', async () => {
    const before = await countDevices();
    const repeated = newSn();
    const res = await upload(
      'bad.xlsx',
      workbook([
        goodRow(1),
        ['Bad SN', 'SN-1', 'D8B04C000001', '', '', '', 300],
        ['', newSn(), 'D8B04C000002', '', '', '', 300],
        ['Bad password', newSn(), 'D8B04C000003', '', '', 'short', 7],
        ['First', repeated, 'D8B04C000004', '', '', '', 300],
        ['Again', repeated, 'D8B04C000005', '', '', '', 300],
        ['Bad ID', '', '', '', 'abc', '', 300],
        ['No MAC', newSn(), '', '', '', '', 300],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Data format incorrect: fix the rows in the report and import again; no device was imported',
    );
    expect(res.json().data).toEqual([
      { row: 3, field: 'sn', msg: 'The SN must be 20 (or 15) letters or digits' },
      { row: 4, field: 'name', msg: 'is required' },
      { row: 5, field: 'commPassword', msg: 'The communication password must be exactly 8 characters' },
      {
        row: 5,
        field: 'queryInterval',
        msg: 'The querying frequency must be 1, 2, 3, 5, 10, 15, 20 or 30 seconds or minutes, 1 or 5 hours, or 1, 5 or 15 days',
      },
      { row: 7, field: 'sn', msg: `Device numbers must differ: ${repeated} is already used` },
      { row: 8, field: 'deviceNo', msg: 'must be a number' },
      { row: 9, field: 'mac', msg: 'Adding a device by SN needs its MAC or IMEI' },
    ]);
    expect(await countDevices()).toBe(before);
  });

  it('reads warranty dates as dates, and says so when a cell is not one', async () => {
    const header = [...HEADER, 'Warranty start', 'Warranty end'];
    const bad = await upload('dates.xlsx', workbook([[...goodRow(3000), 'soon', '2027-01-31']], 'xlsx', header));
    expect(bad.json().data).toEqual([{ row: 2, field: 'warrantyStart', msg: 'must be a date (such as 2026-01-31)' }]);
    const good = await upload('dates.xlsx', workbook([[...goodRow(3001), '2026-01-31', '2027-01-31']], 'xlsx', header));
    expect(good.statusCode, good.body).toBe(200);
    const row = await t.db.kysely
      .selectFrom('devices')
      .select(['warranty_start', 'warranty_end'])
      .where('mac', '=', 'D8B04C003001')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ warranty_start: Date.UTC(2026, 0, 31), warranty_end: Date.UTC(2027, 0, 31) });
  });

  it('refuses 101 rows, an empty sheet, a missing header and two device models', async () => {
    const tooMany = await upload('many.xlsx', workbook(Array.from({ length: 101 }, (_, i) => goodRow(1000 + i))));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('At most 100 rows per import; the file has 101');
    const empty = await upload('empty.xlsx', workbook([]));
    expect(empty.json().message).toBe('No data: the file holds no device rows');
    const headless = await upload('headless.xlsx', workbook([['x']], 'xlsx', ['Something else']));
    expect(headless.json().message).toBe(
      "Data format incorrect: the first row must be the template's header (missing: Device name)",
    );
    const [first, second] = await Promise.all(
      ['Model One', 'Model Two'].map(
        async (name) => (await owner.post('/iot/templates', sampleTemplate(name))).json().data.id as number,
      ),
    );
    const models = await upload(
      'models.xlsx',
      workbook(
        [
          [...goodRow(2000), first as number],
          [...goodRow(2001), second as number],
        ],
        'xlsx',
        [...HEADER, 'Device model (template ID)'],
      ),
    );
    expect(models.statusCode).toBe(400);
    expect(models.json().data).toEqual([
      { row: 3, field: 'templateId', msg: 'One file may hold one device model (template) only' },
    ]);
  });

  it('refuses a renamed text file, a damaged workbook and a 25 MB file', async () => {
    const renamed = await upload('devices.xlsx', Buffer.from('name,sn\nPump,0123\n'));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe('Only xls and xlsx files are accepted');
    const damaged = await upload('devices.xls', xls());
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().message).toBe('Data format incorrect: the Excel file cannot be read');
    const huge = await upload('huge.xlsx', Buffer.alloc(25 * 1024 * 1024, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('Upload limits exceeded: each file may be at most 20 MB');
  });
});
