import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jobContextOf, type TestApp } from '../../../test/app.ts';
import { DAY } from '../../platform/time.ts';
import { buildDevice, mainAccount, nonMemberAccount, subUser } from '../devices/testing.ts';
import { membershipHistoryCleanup } from './retention.ts';

let t: TestApp;
const now = Date.now();
const ages = [40, 20, 10, 5, 1];

/** A device with one value at each age (in days). */
async function deviceWithHistory(owner: Parameters<typeof buildDevice>[0]): Promise<number> {
  const id = await buildDevice(owner);
  await t.db.kysely
    .insertInto('telemetry')
    .values(ages.map((age) => ({ device_id: id, point_id: 1, ts: now - age * DAY, num: age, text: null })))
    .execute();
  return id;
}

const daysKept = async (deviceId: number) =>
  (
    await t.db.kysely.selectFrom('telemetry').select('num').where('device_id', '=', deviceId).orderBy('ts').execute()
  ).map((r) => Number(r.num));

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

describe("history past a membership's days", () => {
  it('goes for a non-member (7 days) and its sub-users, stays for a level-1 member up to the deployment’s 35', async () => {
    const plain = await nonMemberAccount(t);
    const plainDevice = await deviceWithHistory(plain);
    const plainSubDevice = await deviceWithHistory(await subUser(t, plain.user.id));
    const member = await mainAccount(t);
    const memberDevice = await deviceWithHistory(member);
    // A level-1 membership that ended yesterday keeps a non-member's days again.
    const lapsed = await mainAccount(t);
    await t.db.kysely
      .updateTable('users')
      .set({ vip_expires_at: now - DAY })
      .where('id', '=', lapsed.user.id)
      .execute();
    const lapsedDevice = await deviceWithHistory(lapsed);

    const removed = await membershipHistoryCleanup.run(t.db, now, jobContextOf(t));

    expect(await daysKept(plainDevice)).toEqual([5, 1]);
    expect(await daysKept(plainSubDevice)).toEqual([5, 1]);
    expect(await daysKept(lapsedDevice)).toEqual([5, 1]);
    // The 40-day value is the deployment's history cleanup's to remove, not this one's.
    expect(await daysKept(memberDevice)).toEqual([40, 20, 10, 5, 1]);
    expect(removed).toBe(9);
    // Run again, nothing more goes.
    expect(await membershipHistoryCleanup.run(t.db, now, jobContextOf(t))).toBe(0);
  });

  it('shows the days kept on the membership page, never more than the deployment keeps', async () => {
    const plain = await nonMemberAccount(t);
    const view = (await plain.get('/iot/billing/membership')).json().data;
    expect(view.limits.dataDays).toBe(7);
    expect(view.dataDaysMax).toBe(35);
    await t.db.kysely.updateTable('users').set({ vip_level: 2 }).where('id', '=', plain.user.id).execute();
    expect((await plain.get('/iot/billing/membership')).json().data.limits.dataDays).toBe(35);
  });
});
