import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { multipart } from '../../../test/files.ts';
import { writeWorkbook } from '../../platform/excel/sheet.ts';
import { buildStudentWorld, type StudentWorld } from '../people/students/fixtures.ts';
import { publishedScaleVersion } from './index.ts';

let t: TestApp;
let w: StudentWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
});
afterAll(() => t.close());

const idOf = async (code: string) => {
  const row = await t.db.kysely.selectFrom('scales').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return Number(row.id);
};

async function upload(token: string, bytes: Uint8Array, fields: Record<string, string>) {
  const form = await multipart([{ name: 'items.xlsx', bytes }], fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/apis-psychology/scale/itemText/upload',
    headers: { ...as(token), ...form.headers },
    payload: form.payload,
  });
}

describe('importing licensed item text', () => {
  it('lets the administrator of a top organisation import text as a new version with the same key', async () => {
    const id = await idOf('MHT');
    const res = await w.bureauAdmin.post('/apis-psychology/scale/itemText/import', {
      id,
      lang: 'zh-CN',
      texts: {
        '1': '你夜里睡觉时，是否总想着明天的功课？',
        '2': '老师向全班提问时，你是否会觉得是在提问自己而感到不安？',
      },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ version: 2, needsItemText: true });
    expect(data.versions.map((v: { version: number; reason: string }) => [v.version, v.reason])).toEqual([
      [2, 'itemText'],
      [1, 'seed'],
    ]);
    expect(data.definition.items[0].text).toEqual({ 'zh-CN': '你夜里睡觉时，是否总想着明天的功课？', en: 'Item 1' });
    expect(data.definition.factors).toEqual((await publishedScaleVersion(t.db.kysely, id)).definition.factors);
    const logged = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'scale.itemText')
      .executeTakeFirst();
    expect(logged).toBeDefined();
  });

  it('refuses a school administrator', async () => {
    const res = await w.schoolAdmin.post('/apis-psychology/scale/itemText/import', {
      id: await idOf('SCL-90'),
      lang: 'en',
      texts: { '1': 'Headaches' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Only the platform administrator or an administrator of a top organisation can import licensed item text',
    );
  });

  it('refuses a scale whose text is not licensed, an unknown item and an empty text', async () => {
    const phq = await w.bureauAdmin.post('/apis-psychology/scale/itemText/import', {
      id: await idOf('PHQ-9'),
      lang: 'en',
      texts: { '1': 'x' },
    });
    expect(phq.statusCode).toBe(400);
    expect(phq.json().message).toBe('Item text can be imported only for scales whose text is licensed');
    const unknown = await w.bureauAdmin.post('/apis-psychology/scale/itemText/import', {
      id: await idOf('SCL-90'),
      lang: 'en',
      texts: { '1': 'Headaches', '91': 'No such item' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data).toEqual([
      {
        field: 'texts.91',
        msg: 'Item text maps an item number to its text, and the number must be an item of the scale',
      },
    ]);
    const empty = await w.bureauAdmin.post('/apis-psychology/scale/itemText/import', {
      id: await idOf('SCL-90'),
      lang: 'fr',
      texts: { '1': ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data).toEqual([
      { field: 'lang', msg: 'Choose at least one language of the items' },
      { field: 'texts.1', msg: 'Write the text in Chinese or English, at least one' },
    ]);
  });
});

describe('importing item text from a workbook', () => {
  it('reads item numbers and text from the first sheet', async () => {
    const id = await idOf('MSSMHS');
    const book = writeWorkbook([
      {
        name: 'items',
        rows: [
          ['Item', 'Text'],
          [1, 'I do not like taking part in after-school activities'],
          [2, 'My mood goes up and down'],
        ],
      },
    ]);
    const res = await upload(w.bureauAdmin.token, book, { id: String(id), lang: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.definition.items[1].text).toEqual({ 'zh-CN': '第 2 题', en: 'My mood goes up and down' });
  });

  it('refuses a workbook without the item and text columns', async () => {
    const id = await idOf('MSSMHS');
    const book = writeWorkbook([
      {
        name: 'x',
        rows: [
          ['Number', 'Words'],
          [1, 'x'],
        ],
      },
    ]);
    const res = await upload(w.bureauAdmin.token, book, { id: String(id), lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The item file cannot be read: upload xlsx or JSON, item number in the first column and text in the second',
    );
  });

  it('refuses a row without text, and an unknown language', async () => {
    const id = await idOf('MSSMHS');
    const book = writeWorkbook([
      {
        name: 'x',
        rows: [
          ['题号', '题目'],
          [3, ''],
        ],
      },
    ]);
    const res = await upload(w.bureauAdmin.token, book, { id: String(id), lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'row 2', msg: 'Item text maps an item number to its text, and the number must be an item of the scale' },
    ]);
    const fr = await upload(w.bureauAdmin.token, book, { id: String(id), lang: 'fr' });
    expect(fr.json().data).toEqual([{ field: 'lang', msg: 'Choose at least one language of the items' }]);
  });
});
