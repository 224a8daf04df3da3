import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { CAMPUS_ALERT_STATES, fileUrl, isIdCardNumber } from '@meridian/contracts';
import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { buildOrg } from '../../../test/factories.ts';
import { loadConfig } from '../../platform/config.ts';
import { sniffKind } from '../../platform/files/sniff.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import { DEFAULT_DEMO_PASSWORD, demoWanted } from '../../portal/demo.ts';
import { type RunningServer, startServer } from '../../server.ts';
import { chinaDay, dayReportJob } from '../campus/day-report.ts';
import { DEMO_ACCOUNTS, demoAccount } from './accounts.ts';

/** Each database's data folder (stored files, the secrets key), kept across its restarts. */
const dataDirs = new Map<string, string>();
const dataDirOf = (target: TestDatabase) => {
  let dir = dataDirs.get(target.url);
  if (!dir) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-demo-'));
    dataDirs.set(target.url, dir);
  }
  return dir;
};
const storedFiles = (target: TestDatabase) =>
  fs.readdirSync(dataDirOf(target), { recursive: true }).filter((f) => String(f).endsWith('.png'));

/** A server started on `target` the way `main.ts` starts one, with its console lines kept. */
async function start(target: TestDatabase, env: Record<string, string>) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: target.url,
      DATA_DIR: dataDirOf(target),
      LOG_FORMAT: 'json',
      ...env,
    },
    '0.0.0-test',
  );
  const server = await startServer(config, ['api'], pino({ level: 'info' }, sink));
  const messages = () => lines.map((l) => String((JSON.parse(l) as { msg?: string }).msg ?? ''));
  return { server, config, url: (server.url ?? '').replace(/\/$/, ''), messages };
}

const running: RunningServer[] = [];
const targets: TestDatabase[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
  for (const t of targets.splice(0)) await t.drop();
  for (const dir of dataDirs.values()) fs.rmSync(dir, { recursive: true, force: true });
  dataDirs.clear();
});

async function database() {
  const target = await createTestDatabase();
  targets.push(target);
  return target;
}

async function post(url: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      ...(token ? { 'x-authorization': token } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code: number; message: string; data: unknown } };
}

async function signIn(url: string, account: string, password = DEFAULT_DEMO_PASSWORD) {
  const res = await post(url, '/apis-authz/authz/login', { account, password });
  expect(res.status, `${account}: ${res.body.message}`).toBe(200);
  return res.body.data as { token: string; user: { defaultPass: boolean; roleId: number } };
}

interface StudentPage {
  total: number;
  list: Array<{ school: { id: number }; class: { name: string } }>;
}

async function students(url: string, token: string, filters: Record<string, number> = {}) {
  const res = await post(url, '/apis-user/student/page', { page: 1, size: 100, ...filters }, token);
  return res.body.data as StudentPage;
}

const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
  Number((await q.executeTakeFirstOrThrow()).n);

describe('demo data', () => {
  it('decides from DEMO_DATA, else on for SQLite and off for PostgreSQL and tests', () => {
    expect(demoWanted({ DEMO_DATA: undefined, engine: 'sqlite', NODE_ENV: 'production' })).toBe(true);
    expect(demoWanted({ DEMO_DATA: undefined, engine: 'postgres', NODE_ENV: 'production' })).toBe(false);
    expect(demoWanted({ DEMO_DATA: undefined, engine: 'sqlite', NODE_ENV: 'test' })).toBe(false);
    expect(demoWanted({ DEMO_DATA: 'on', engine: 'postgres', NODE_ENV: 'production' })).toBe(true);
    expect(demoWanted({ DEMO_DATA: 'off', engine: 'sqlite', NODE_ENV: 'production' })).toBe(false);
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
    expect(() => loadConfig({ DEMO_PASSWORD: 'abc' })).toThrow(/DEMO_PASSWORD/);
  });

  it('builds a district on the first start, prints its accounts, lets each role see its own, and never seeds twice', async () => {
    const target = await database();
    const first = await start(target, { DEMO_DATA: 'on' });
    running.push(first.server);
    const db = first.server.db.kysely;

    const schools = await db
      .selectFrom('orgs')
      .select(['id', 'name'])
      .where('type', '=', 'school')
      .orderBy('id')
      .execute();
    expect(schools.map((s) => s.name)).toEqual(['示范区实验小学', '示范区第一初级中学', '示范区高级中学']);
    expect(await count(db.selectFrom('orgs').select(sql<number>`count(*)`.as('n')).where('type', '=', 'campus'))).toBe(
      5,
    );
    const total = await count(db.selectFrom('students').select(sql<number>`count(*)`.as('n')));
    expect(total).toBeGreaterThanOrEqual(2700);
    expect(total).toBeLessThanOrEqual(3300);
    const classes = await count(
      db.selectFrom('orgs').select(sql<number>`count(*)`.as('n')).where('type', '=', 'class'),
    );
    const headed = await count(
      db.selectFrom('class_teachers').select(sql<number>`count(distinct class_id)`.as('n')).where('kind', '=', 'head'),
    );
    expect(headed).toBe(classes);
    const psychology = await db
      .selectFrom('teachers')
      .select(['school_id', sql<number>`count(*)`.as('n')])
      .where('is_psychology', '=', true)
      .groupBy('school_id')
      .execute();
    expect(psychology.map((p) => Number(p.n))).toEqual([2, 2, 2]);
    const cards = await db.selectFrom('students').select(['id_card', 'birthday']).execute();
    expect(cards.every((c) => c.id_card !== null && isIdCardNumber(c.id_card))).toBe(true);
    expect(cards.every((c) => c.id_card?.slice(6, 14) === c.birthday?.replaceAll('-', ''))).toBe(true);
    expect(new Set(cards.map((c) => c.id_card)).size).toBe(cards.length);
    const orphans = await count(
      db
        .selectFrom('students as s')
        .select(sql<number>`count(*)`.as('n'))
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('student_parents as sp').select('sp.id').whereRef('sp.student_id', '=', 's.id')),
          ),
        ),
    );
    expect(orphans).toBe(0);
    const current = await db.selectFrom('semesters').select('id').where('current', '=', true).execute();
    expect(current).toHaveLength(1);

    for (const a of DEMO_ACCOUNTS) {
      expect(first.messages()).toContain(
        `demo account "${a.account}", ${a.role}, password "${DEFAULT_DEMO_PASSWORD}": sees ${a.sees}`,
      );
    }

    const bureau = await signIn(first.url, demoAccount('bureau').account);
    expect(bureau.user.defaultPass).toBe(false);
    expect(bureau.user.roleId).toBe(1);
    expect((await students(first.url, bureau.token)).total).toBe(total);
    const perSchool = await Promise.all(schools.map((s) => students(first.url, bureau.token, { schoolId: s.id })));
    expect(perSchool.every((p) => p.total > 0)).toBe(true);
    expect(perSchool.reduce((sum, p) => sum + p.total, 0)).toBe(total);

    const [school1, school2] = schools as [(typeof schools)[number], (typeof schools)[number]];
    const schoolAdmin = await signIn(first.url, demoAccount('school').account);
    const own = await students(first.url, schoolAdmin.token);
    expect(own.total).toBe(perSchool[0]?.total);
    expect(own.list.every((s) => s.school.id === school1.id)).toBe(true);
    // Another school named in the filter is refused (and audited), not answered with an empty page.
    const elsewhere = await post(first.url, '/apis-user/student/page', { schoolId: school2.id }, schoolAdmin.token);
    expect(elsewhere.status).toBe(404);

    const psych = await signIn(first.url, demoAccount('psychology').account);
    expect((await students(first.url, psych.token)).total).toBe(perSchool[0]?.total);

    const teacher = await signIn(first.url, demoAccount('classTeacher').account);
    const klass = await students(first.url, teacher.token);
    expect(klass.total).toBeGreaterThanOrEqual(48);
    expect(klass.total).toBeLessThanOrEqual(56);
    expect(new Set(klass.list.map((s) => s.class.name))).toEqual(new Set(['一(1)班']));

    await first.server.stop();
    running.splice(0);
    const second = await start(target, { DEMO_DATA: 'on' });
    running.push(second.server);
    const again = second.server.db.kysely;
    expect(await count(again.selectFrom('students').select(sql<number>`count(*)`.as('n')))).toBe(total);
    expect(
      await count(again.selectFrom('orgs').select(sql<number>`count(*)`.as('n')).where('type', '=', 'school')),
    ).toBe(3);
    expect(second.messages().some((m) => m.startsWith('demo'))).toBe(false);
    // The campus too: its equipment, alerts and snapshots are written once.
    expect(await count(again.selectFrom('campus_devices').select(sql<number>`count(*)`.as('n')))).toBe(15);
    expect(await count(again.selectFrom('campus_alerts').select(sql<number>`count(*)`.as('n')))).toBe(12);
    expect(storedFiles(target)).toHaveLength(12);
  }, 120_000);

  it('fills the campus pages: equipment, alerts with snapshots and timelines, a week of class emotions, push rules and a day report', async () => {
    const target = await database();
    const demo = await start(target, { DEMO_DATA: 'on' });
    running.push(demo.server);
    const get = async (token: string, path: string) => {
      const res = await fetch(`${demo.url}/api${path}`, {
        headers: { 'x-authorization': token, 'accept-language': 'en' },
      });
      const body = (await res.json()) as { code: number; message: string; data: unknown };
      expect(res.status, `${path}: ${body.message}`).toBe(200);
      return body.data;
    };
    const schoolAdmin = await signIn(demo.url, demoAccount('school').account);
    const psych = await signIn(demo.url, demoAccount('psychology').account);

    // Campus equipment: the school's cameras and its classroom terminal.
    const devices = (await get(schoolAdmin.token, '/apis-psychology/equipment/list?page=1&size=20')) as {
      total: number;
      list: Array<{ name: string; kind: string; schoolName: string }>;
    };
    expect(devices.total).toBe(5);
    expect(devices.list.map((d) => d.name)).toContain('天台入口摄像机');
    expect(devices.list.filter((d) => d.kind === 'terminal')).toHaveLength(1);
    expect(new Set(devices.list.map((d) => d.schoolName))).toEqual(new Set(['示范区实验小学']));

    // Behaviour alerts in every state of their handling, each with a snapshot that is a real image.
    const alerts = (await get(psych.token, '/apis-psychology/securityWarning/list?page=1&size=20')) as {
      total: number;
      list: Array<{ id: number; state: string; type: string; snapshot: string | null; occurredAt: number }>;
    };
    expect(alerts.total).toBe(6);
    expect(new Set(alerts.list.map((a) => a.state))).toEqual(new Set(CAMPUS_ALERT_STATES));
    expect(alerts.list.every((a) => a.occurredAt < Date.now())).toBe(true);
    for (const alert of alerts.list) {
      const res = await fetch(`${demo.url}${fileUrl(alert.snapshot as string)}`, {
        headers: { 'x-authorization': psych.token },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(await sniffKind(new Uint8Array(await res.arrayBuffer()))).toBe('png');
    }
    const handedOver = alerts.list.find((a) => a.state === 'handedOver');
    const detail = (await get(psych.token, `/apis-psychology/securityWarning/${handedOver?.id}`)) as {
      holderName: string | null;
      timeline: Array<{ action: string; byName: string | null; toName: string | null }>;
    };
    expect(detail.timeline.map((s) => s.action)).toEqual(['report', 'acknowledge', 'handOver']);
    expect(detail.holderName).not.toBeNull();
    expect(detail.timeline[2]?.toName).toBe(detail.holderName);

    // The school's emotion board: a week of lessons (five school days) for each of its 24 classes.
    const from = chinaDay(Date.now() - 9 * 86_400_000);
    const to = chinaDay(Date.now());
    const [school] = (await demo.server.db.kysely
      .selectFrom('orgs')
      .select('id')
      .where('name', '=', '示范区实验小学')
      .execute()) as [{ id: number }];
    const board = (await get(
      schoolAdmin.token,
      `/apis-psychology/emotion/board?schoolId=${school.id}&from=${from}&to=${to}&by=day`,
    )) as { total: { samples: number }; trend: unknown[]; classes: unknown[]; hours: unknown[] };
    expect(board.trend).toHaveLength(5);
    expect(board.classes).toHaveLength(24);
    expect(board.total.samples).toBe(24 * 5 * 7);
    expect(board.hours).toHaveLength(7);
    const log = (await get(
      schoolAdmin.token,
      `/apis-psychology/emotion/log?schoolId=${school.id}&from=${from}&to=${to}&page=1&size=10`,
    )) as { total: number };
    expect(log.total).toBe(24 * 5 * 7);

    // Push configuration and the day report: yesterday's arrives once the jobs have run.
    const rules = (await get(schoolAdmin.token, `/apis-psychology/pushConfig/list?schoolId=${school.id}`)) as unknown[];
    expect(rules).toHaveLength(1);
    expect(await get(psych.token, '/apis-psychology/securityWarning/dayReports')).toEqual([]);
    await new JobWorker({
      db: demo.server.db,
      log: pino({ level: 'silent' }),
      config: demo.config,
      jobs: [dayReportJob],
    }).drain();
    const reports = (await get(psych.token, '/apis-psychology/securityWarning/dayReports')) as Array<{
      day: string;
      schoolName: string;
      byType: Array<{ type: string; count: number }> | null;
    }>;
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ schoolName: '示范区实验小学' });
    const yesterday = alerts.list.filter((a) => chinaDay(a.occurredAt) === reports[0]?.day).length;
    expect(reports[0]?.byType?.reduce((n, t) => n + t.count, 0)).toBe(yesterday);
    expect(yesterday).toBeGreaterThan(0);
  }, 120_000);

  it('adds nothing when DEMO_DATA is off', async () => {
    const target = await database();
    const off = await start(target, { DEMO_DATA: 'off' });
    running.push(off.server);
    const db = off.server.db.kysely;
    expect(await count(db.selectFrom('orgs').select(sql<number>`count(*)`.as('n')))).toBe(0);
    expect(await count(db.selectFrom('users').select(sql<number>`count(*)`.as('n')))).toBe(1);
    expect(off.messages().some((m) => m.startsWith('demo'))).toBe(false);
  });

  it('never mixes into a database that already has organisations, and keeps a chosen password out of the console', async () => {
    const target = await database();
    const off = await start(target, { DEMO_DATA: 'off' });
    running.push(off.server);
    await buildOrg(off.server.db.kysely, { type: 'bureau', name: 'Real Bureau' });
    await off.server.stop();
    running.splice(0);

    const on = await start(target, { DEMO_DATA: 'on', DEMO_PASSWORD: 'Other#2026' });
    running.push(on.server);
    const db = on.server.db.kysely;
    expect(await count(db.selectFrom('orgs').select(sql<number>`count(*)`.as('n')))).toBe(1);
    expect(
      await db.selectFrom('users').select('id').where('account', '=', 'demo_bureau').executeTakeFirst(),
    ).toBeUndefined();
    expect(on.messages()).toContain('demo data: not added, this database already has organisations');
    // The snapshots stored for its alerts went again with it.
    expect(await count(db.selectFrom('files').select(sql<number>`count(*)`.as('n')))).toBe(0);
    expect(storedFiles(target)).toEqual([]);

    const fresh = await database();
    const chosen = await start(fresh, { DEMO_DATA: 'on', DEMO_PASSWORD: 'Other#2026' });
    running.push(chosen.server);
    expect(chosen.messages().join('\n')).not.toContain('Other#2026');
    expect(chosen.messages()).toContain(
      `demo account "demo_bureau", ${demoAccount('bureau').role}, password DEMO_PASSWORD: sees ${demoAccount('bureau').sees}`,
    );
    await signIn(chosen.url, 'demo_teacher', 'Other#2026');
  }, 120_000);
});
