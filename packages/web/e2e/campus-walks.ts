import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Database } from '../../server/src/platform/db/schema.ts';
import { as, buildOrg, buildUser } from '../../server/test/factories.ts';
import { CampusBox } from '../../simulator/src/index.ts';
import { addPsychologyTeacher, tokenOf } from './mind-assess-world.ts';
import { type MindUser, mindUser, openMind, PSYCHOLOGY_TEACHER } from './mind-walks.ts';

/** A member of the school's security staff: a psychology teacher with a teacher record, signed in. */
export async function securityStaff(server: { url: string; db: Kysely<Database> }, schoolId: number, name: string) {
  const db = server.db;
  const user = await buildUser(db, { roleIds: [PSYCHOLOGY_TEACHER], orgId: schoolId });
  await db.updateTable('users').set({ nickname: name }).where('id', '=', user.id).execute();
  await addPsychologyTeacher(db, user.id, schoolId, name, `S${user.id}`);
  return { ...user, name, token: await tokenOf(server.url, user) };
}

/** Opens the equipment page as `token`, while the school has no device yet. */
export async function openEmptyEquipment(page: Page, url: string, token: string): Promise<void> {
  await openMind(page, url, '/data/equipmentManage', token);
  await page.getByTestId('equipment-page').getByText('还没有设备').waitFor();
}

/** The key and secret the equipment page shows, once, when a device is saved. */
export async function shownDeviceSecret(page: Page): Promise<{ deviceKey: string; secret: string }> {
  await page.getByTestId('device-secret').waitFor();
  const deviceKey = (await page.getByTestId('device-secret-key').innerText()).trim();
  const secret = (await page.getByTestId('device-secret-value').innerText()).trim();
  return { deviceKey, secret };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** `YYYY-MM-DD` of `at` in Beijing time. */
export const beijingDay = (at: number) => new Date(at + 8 * HOUR).toISOString().slice(0, 10);

/**
 * The instants of `times` (Beijing `[hour, minute]`, in order) `daysAgo` days before today. Today's are squeezed,
 * in the same order, into the part of the day that has passed when the last of them has not come yet: a walk run
 * just after midnight sends no sample from the future, and its samples stay on today.
 */
export function beijingTimes(daysAgo: number, times: ReadonlyArray<readonly [number, number]>, now = Date.now()) {
  const midnight = Date.parse(`${beijingDay(now)}T00:00:00+08:00`);
  const offsets = times.map(([hour, minute]) => hour * HOUR + minute * 60_000);
  const last = Math.max(...offsets);
  const passed = now - midnight - 1_000;
  if (daysAgo > 0 || last <= passed) return offsets.map((o) => midnight - daysAgo * DAY + o);
  return offsets.map((o) => midnight + Math.floor((o * Math.max(passed, 0)) / (last + 1)));
}

/** A device of the school, added through the campus API, and the simulated box that speaks for it over signed HTTP. */
export interface CampusDevice {
  deviceKey: string;
  secret: string;
  box: CampusBox;
}

export interface DeviceOptions {
  kind?: 'camera' | 'terminal';
  namesSchool?: boolean;
}

/**
 * A device of school `schoolId` (a camera unless `kind` says otherwise), added through the campus API as `token`,
 * and the box that reports for it; with `namesSchool` the box says in its reports which school it is installed at.
 */
export async function campusDevice(
  url: string,
  token: string,
  schoolId: number,
  name: string,
  location: string,
  { kind = 'camera', namesSchool = false }: DeviceOptions = {},
): Promise<CampusDevice> {
  const res = await fetch(`${url}/api/apis-psychology/equipment/add`, {
    method: 'POST',
    headers: { ...as(token), 'content-type': 'application/json' },
    body: JSON.stringify({ schoolId, kind, name, location }),
  });
  const json = (await res.json()) as { data: { deviceKey: string; secret: string } };
  expect(res.status, JSON.stringify(json)).toBe(200);
  const { deviceKey, secret } = json.data;
  const box = new CampusBox({ baseUrl: url, deviceKey, secret, ...(namesSchool ? { schoolId } : {}) });
  return { deviceKey, secret, box };
}

/** A Mind school for a campus walk: its administrator signed in, and the classes asked for. */
export interface CampusSchool {
  admin: MindUser;
  schoolId: number;
  /** The classes `classNames`, in order; `classId` is the first. */
  classIds: number[];
  classId: number;
  /** Calls the campus API as the administrator, answering its data (the call must succeed). */
  post(path: string, body: unknown): Promise<unknown>;
  /**
   * Adds a device (a camera unless `kind` says otherwise) and gives the box that reports for it; with `namesSchool`
   * the box says in its reports which school it is installed at.
   */
  device(name: string, location: string, options?: DeviceOptions): Promise<CampusDevice>;
  /** Saves a push rule telling `userIds` of `types` by `channels`, all day long. */
  pushAllDay(name: string, types: string[], userIds: number[], channels: string[]): Promise<unknown>;
}

/**
 * A school administrator (role 2) signed in, their school's id, and the classes `classNames` of one grade
 * `gradeName` of it (none without a grade), with the administrator's campus API calls.
 */
export async function campusSchool(
  server: { url: string; db: Kysely<Database> },
  gradeName?: string,
  ...classNames: string[]
): Promise<CampusSchool> {
  const admin = await mindUser(server, { roleId: 2 });
  const { id } = await server.db
    .selectFrom('orgs')
    .select('id')
    .where('name', '=', admin.orgName)
    .executeTakeFirstOrThrow();
  const schoolId = Number(id);
  const classIds: number[] = [];
  if (gradeName !== undefined) {
    const grade = await buildOrg(server.db, { type: 'grade', name: gradeName, parentId: schoolId });
    for (const name of classNames) {
      classIds.push(Number((await buildOrg(server.db, { type: 'class', name, parentId: grade.id })).id));
    }
  }
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.url}/api/apis-psychology/${path}`, {
      method: 'POST',
      headers: { ...as(admin.token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: unknown };
    expect(res.status, JSON.stringify(json)).toBe(200);
    return json.data;
  };
  const device = (name: string, location: string, options?: DeviceOptions) =>
    campusDevice(server.url, admin.token, schoolId, name, location, options);
  const pushAllDay = (name: string, types: string[], userIds: number[], channels: string[]) =>
    post('pushConfig/save', { schoolId, name, types, userIds, channels, fromMinute: 0, toMinute: 1440 });
  return { admin, schoolId, classIds, classId: classIds[0] ?? 0, post, device, pushAllDay };
}
