import { read, utils, write } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { multipart, xls } from '../../../test/files.ts';
import { readSheet } from '../../platform/excel/sheet.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { sampleTemplate } from '../templates/testing.ts';
import { mainAccount, newSn, subUser } from './testing.ts';

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

async function upload(name: string, bytes: Uint8Array, caller: Caller = owner, lang: 'en' | 'zh-CN' = 'en') {
  const form = await multipart([{ name, bytes }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/iot/devices/import',
    headers: { ...as(caller.token), 'accept-language': lang, ...form.headers },
    payload: form.payload,
  });
}

const sample = (caller: Caller, lang: 'en' | 'zh-CN') =>
  t.app.inject({
    method: 'GET',
    url: '/api/iot/devices/import/template',
    headers: { 'x-authorization': caller.token, 'accept-language': lang },
  });

/** Adds templates through the API and returns their ids by name. */
async function buildTemplates(caller: Caller, names: readonly string[]): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const name of names) {
    const res = await caller.post('/iot/templates', sampleTemplate(name));
    if (res.statusCode !== 200) throw new Error(`template not added: ${res.body}`);
    ids[name] = res.json().data.id;
  }
  return ids;
}

const templateOf = async (mac: string) =>
  (await t.db.kysely.selectFrom('devices').select('template_id').where('mac', '=', mac).executeTakeFirstOrThrow())
    .template_id;

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

  it('lists the caller’s templates, names and ids, on a second sheet in their language', async () => {
    const caller = await mainAccount(t);
    const ids = await buildTemplates(caller, ['Boiler Model', 'Chiller Model']);
    // Another account's template is not offered.
    await buildTemplates(await mainAccount(t), ['Someone Else Model']);
    for (const [lang, sheetName, nameTitle] of [
      ['en', 'Templates', 'Template name'],
      ['zh-CN', '模板', '模板名称'],
    ] as const) {
      const res = await sample(caller, lang);
      expect(res.statusCode).toBe(200);
      expect(read(res.rawPayload, { type: 'buffer' }).SheetNames[1]).toBe(sheetName);
      const listed = readSheet(res.rawPayload, {
        sheet: 1,
        columns: [
          { field: 'name', title: { en: nameTitle, 'zh-CN': nameTitle } },
          { field: 'id', title: { en: 'Template ID', 'zh-CN': '模板ID' } },
        ],
      });
      expect(listed.missing).toEqual([]);
      expect(listed.rows.map((r) => r.cells)).toEqual([
        { name: 'Boiler Model', id: String(ids['Boiler Model']) },
        { name: 'Chiller Model', id: String(ids['Chiller Model']) },
      ]);
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

  it('takes an xls file too, and imports its row as from an xlsx', async () => {
    const row = goodRow(500);
    const res = await upload('devices.xls', workbook([row], 'xls'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ imported: 1 });
    const device = await t.db.kysely
      .selectFrom('devices')
      .select(['owner_id', 'name', 'sn', 'mac', 'comm_password', 'query_interval'])
      .where('sn', '=', row[1] as string)
      .executeTakeFirst();
    expect(device).toEqual({
      owner_id: owner.user.id,
      name: 'Meter 500',
      sn: row[1],
      mac: 'D8B04C000500',
      comm_password: 'Pa55word',
      query_interval: 300,
    });
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

  it('takes the template by its name as Templates shows it, and an id from an older file', async () => {
    const caller = await mainAccount(t);
    const ids = await buildTemplates(caller, ['Boiler Model', 'Chiller Model']);
    const byName = await upload(
      'by-name.xlsx',
      workbook([[...goodRow(4000), 'Boiler Model']], 'xlsx', [...HEADER, 'Device model (template name)']),
      caller,
    );
    expect(byName.statusCode, byName.body).toBe(200);
    expect(await templateOf('D8B04C004000')).toBe(ids['Boiler Model']);
    // The header and the name in the other language's spelling, the name in other capitals.
    const zh = await upload(
      'by-name-zh.xlsx',
      workbook([[...goodRow(4001), 'chiller model']], 'xlsx', [...HEADER, '设备型号(模板名称)']),
      caller,
      'zh-CN',
    );
    expect(zh.statusCode, zh.body).toBe(200);
    expect(await templateOf('D8B04C004001')).toBe(ids['Chiller Model']);
    const byId = await upload(
      'by-id.xlsx',
      workbook([[...goodRow(4002), ids['Chiller Model'] as number]], 'xlsx', [...HEADER, 'Device model (template ID)']),
      caller,
    );
    expect(byId.statusCode, byId.body).toBe(200);
    expect(await templateOf('D8B04C004002')).toBe(ids['Chiller Model']);
  });

  it('names the templates there are when a row names none, in the caller’s language, and imports nothing', async () => {
    const caller = await mainAccount(t);
    const names = Array.from({ length: 22 }, (_, i) => `Model ${String(i + 1).padStart(2, '0')}`);
    const ids = await buildTemplates(caller, names);
    const someoneElse = Object.values(await buildTemplates(await mainAccount(t), ['Foreign Model']))[0] as number;
    const header = [...HEADER, 'Device model (template name)'];
    const before = await countDevices();
    const res = await upload(
      'wrong.xlsx',
      workbook(
        [
          [...goodRow(4100), 'Model 01'],
          [...goodRow(4101), 'Modle 01'],
          [...goodRow(4102), someoneElse],
        ],
        'xlsx',
        header,
      ),
      caller,
    );
    expect(res.statusCode).toBe(400);
    const listed = `${names.slice(0, 20).join(', ')} and 2 more`;
    expect(res.json().data).toEqual([
      { row: 3, field: 'templateId', msg: `No template is named "Modle 01"; your templates: ${listed}` },
      { row: 4, field: 'templateId', msg: `No template is named "${someoneElse}"; your templates: ${listed}` },
    ]);
    expect(await countDevices()).toBe(before);

    const zh = await upload('wrong.xlsx', workbook([[...goodRow(4103), '锅炉']], 'xlsx', header), caller, 'zh-CN');
    expect(zh.json().data).toEqual([
      {
        row: 2,
        field: 'templateId',
        msg: `没有名为“锅炉”的模板，可填写的模板：${names.slice(0, 20).join('、')} 等，另有 2 个`,
      },
    ]);
    const none = await upload(
      'none.xlsx',
      workbook([[...goodRow(4104), 'Boiler']], 'xlsx', header),
      await mainAccount(t),
    );
    expect(none.json().data).toEqual([
      {
        row: 2,
        field: 'templateId',
        msg: 'No template is named "Boiler", and you have no templates yet: add one in My templates, or leave the device model empty',
      },
    ]);
    expect(ids['Model 01']).toBeGreaterThan(0);
  });

  it('prefers the caller’s own template when a sub-user’s has the same name', async () => {
    const caller = await mainAccount(t);
    const sub = await subUser(t, caller.user.id);
    const own = (await buildTemplates(caller, ['Shared Model']))['Shared Model'];
    // A sub-user's templates, written directly: their role does not add templates.
    const [, theirs] = await Promise.all(
      ['Shared Model', 'Sub Model'].map(async (name) => {
        const row = await t.db.kysely
          .insertInto('templates')
          .values({ owner_id: sub.user.id, name, protocol: 'modbusRtu', created_at: 0, updated_at: 0 })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(row.id);
      }),
    );
    const header = [...HEADER, 'Device model (template name)'];
    const res = await upload('shared.xlsx', workbook([[...goodRow(4200), 'Shared Model']], 'xlsx', header), caller);
    expect(res.statusCode, res.body).toBe(200);
    expect(await templateOf('D8B04C004200')).toBe(own);
    // A sub-user's own template, which the device form offers the main account too.
    const sub2 = await upload('sub.xlsx', workbook([[...goodRow(4201), 'Sub Model']], 'xlsx', header), caller);
    expect(sub2.statusCode, sub2.body).toBe(200);
    expect(await templateOf('D8B04C004201')).toBe(theirs);
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
