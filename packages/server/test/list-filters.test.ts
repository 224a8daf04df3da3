import type { FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildDevice, mainAccount } from '../src/iot/devices/testing.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { buildUser, signIn } from './factories.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
  // A platform administrator may call every list, so each one gets past its guard to its filters.
  token = await signIn(t.app, await buildUser(t.db.kysely, { superAdmin: true, roleIds: [5] }));
});
afterAll(() => t.close());

/** The schema under optional, default, nullable and transforms: what the caller sends. */
function inner(schema: unknown): unknown {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap();
    else if (s instanceof z.ZodPipe) s = s.in;
    else break;
  }
  return s;
}

/** Free text: a string whose only rules are its length (not a date, a code or a pattern). */
const FREE_TEXT_CHECKS = new Set(['max_length', 'min_length', 'length_equals', 'overwrite']);
function isFreeText(schema: unknown): boolean {
  const s = inner(schema);
  if (!(s instanceof z.ZodString)) return false;
  return (s._zod.def.checks ?? []).every((c) => FREE_TEXT_CHECKS.has(c._zod.def.check));
}

/** A page (`{ list, total }`) or a plain array, as the route's 200 answer declares its data. */
function answersList(schema: FastifySchema | undefined): boolean {
  const ok = (schema?.response as Record<number, unknown> | undefined)?.[200];
  if (!(ok instanceof z.ZodObject)) return false;
  const data = inner(ok.shape.data);
  return data instanceof z.ZodArray || (data instanceof z.ZodObject && 'list' in data.shape);
}

interface TextFilter {
  method: 'GET' | 'POST';
  url: string;
  field: string;
  schema: z.ZodType;
}

/** Every list route's free-text filters, found in the registered routes' schemas. */
function textFilters(): TextFilter[] {
  const found: TextFilter[] = [];
  for (const route of t.app.routeTable) {
    if (!route.url.startsWith('/api/') || (route.method !== 'GET' && route.method !== 'POST')) continue;
    if (!answersList(route.schema)) continue;
    const input = route.method === 'GET' ? route.schema?.querystring : route.schema?.body;
    if (!(input instanceof z.ZodObject)) continue;
    for (const [field, schema] of Object.entries(input.shape)) {
      if (isFreeText(schema)) found.push({ method: route.method, url: route.url, field, schema: schema as z.ZodType });
    }
  }
  return found;
}

type Value = string | string[];
const BLANK: Value[] = ['', ' ', '\t'];
const TEXT: Value[] = ['%', '_', "'", '"', '\\', '名字 ünïcödé 😀'];
const LONG = 'x'.repeat(5000);
const REPEATED = ['a', 'b'];

function call(filter: TextFilter, value: Value | undefined, lang: 'en' | 'zh-CN') {
  const headers = { 'x-authorization': token, 'accept-language': lang };
  if (filter.method === 'POST') {
    const payload = value === undefined ? {} : { [filter.field]: value };
    return t.app.inject({ method: 'POST', url: filter.url, headers, payload });
  }
  const query = new URLSearchParams();
  for (const v of value === undefined ? [] : [value].flat()) query.append(filter.field, v);
  return t.app.inject({ method: 'GET', url: `${filter.url}?${query}`, headers });
}

/** How many rows a list answered: a page's total, or an array's length. */
function countOf(data: unknown): number {
  if (Array.isArray(data)) return data.length;
  const page = data as { list: unknown[]; total: number };
  expect(Array.isArray(page.list)).toBe(true);
  return page.total;
}

const looksLikeKey = /^[a-z]+(\.[A-Za-z]+)+$/;

/** A refusal names the field and says why in the caller's language. */
function refusesInWords(body: { data: Array<{ field: string; msg: string }> }, field: string, lang: 'en' | 'zh-CN') {
  const mine = body.data.filter((e) => e.field === field);
  const inLang = lang === 'zh-CN' ? /[\u4e00-\u9fff]/ : /^[\x20-\x7e]+$/;
  return mine.length > 0 && mine.every(({ msg }) => !looksLikeKey.test(msg) && inLang.test(msg));
}

const show = (value: Value) => JSON.stringify(value).slice(0, 20);

describe('every list route’s text filters', () => {
  it('are found in numbers worth checking', () => {
    const filters = textFilters();
    expect(filters.length).toBeGreaterThanOrEqual(30);
    const names = filters.map((f) => `${f.method} ${f.url} ${f.field}`);
    expect(names).toContain('GET /api/iot/devices keyword');
    expect(names).toContain('POST /api/apis-user/student/page keyword');
  });

  it('read blank as no filter in their schemas, so no service sees an empty keyword', () => {
    // A field the route needs (a lookup's name) is not a filter: blank is refused as missing.
    const filters = textFilters().filter((f) => f.schema.safeParse(undefined).success);
    const notBlank = filters.flatMap((f) =>
      BLANK.map((value) => ({ value, parsed: f.schema.safeParse(value) }))
        .filter(({ parsed }) => !parsed.success || parsed.data !== undefined)
        .map(({ value }) => `${f.method} ${f.url} ${f.field} ${show(value)}`),
    );
    expect(notBlank).toEqual([]);
  });

  it('take blank, odd, long and repeated values without a 500, blank meaning no filter', async () => {
    // Every broken expectation is collected, so that one run names every route that needs fixing.
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) problems.push(what);
    };
    for (const filter of textFilters()) {
      for (const lang of ['en', 'zh-CN'] as const) {
        const where = `${filter.method} ${filter.url} ${filter.field} (${lang})`;
        const base = await call(filter, undefined, lang);
        check([200, 400].includes(base.statusCode), `${where} without it: ${base.statusCode} ${base.body}`);
        if (base.statusCode !== 200) {
          // A lookup that needs more than its filter (a school, a name): odd values are refused too, never a 500.
          for (const value of [...BLANK, ...TEXT, LONG, REPEATED]) {
            const res = await call(filter, value, lang);
            check(res.statusCode === 400, `${where} ${show(value)}: ${res.statusCode} ${res.body}`);
          }
          continue;
        }
        const all = countOf(base.json().data);
        for (const value of BLANK) {
          const res = await call(filter, value, lang);
          check(res.statusCode === 200, `${where} ${show(value)}: ${res.statusCode} ${res.body}`);
          if (res.statusCode === 200) check(countOf(res.json().data) === all, `${where} ${show(value)} filtered rows`);
        }
        for (const value of TEXT) {
          const res = await call(filter, value, lang);
          check(res.statusCode === 200, `${where} ${show(value)}: ${res.statusCode} ${res.body}`);
          // LIKE's wildcards are taken literally, and nothing here holds a percent sign.
          if (value === '%' && res.statusCode === 200) check(countOf(res.json().data) === 0, `${where} % matched rows`);
        }
        for (const value of [LONG, REPEATED]) {
          const res = await call(filter, value, lang);
          check(res.statusCode === 400, `${where} ${show(value)}: ${res.statusCode} ${res.body}`);
          if (res.statusCode === 400)
            check(refusesInWords(res.json(), filter.field, lang), `${where} ${show(value)}: ${res.body}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the device search', () => {
  it('matches %, _ and \\ literally, case-insensitively, on this engine', async () => {
    const owner = await mainAccount(t);
    for (const name of ['Pump 50% on', 'Pump 500 on', 'Tank_A', 'TankBA', 'C:\\plant', 'C:plant']) {
      await buildDevice(owner, { name });
    }
    const names = async (keyword: string) => {
      const res = await owner.get(`/iot/devices?${new URLSearchParams({ keyword })}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.list.map((d: { name: string }) => d.name);
    };
    expect(await names('0%')).toEqual(['Pump 50% on']);
    expect(await names('K_a')).toEqual(['Tank_A']);
    expect(await names(':\\')).toEqual(['C:\\plant']);
    expect(await names('  ')).toHaveLength(6);
  });
});
