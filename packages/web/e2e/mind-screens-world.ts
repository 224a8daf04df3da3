import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { demoAccount } from '../../server/src/mind/demo/accounts.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../server/src/portal/demo.ts';
import { buildUser } from '../../server/test/factories.ts';
import { startTestServer, type TestServer } from '../../server/test/server.ts';
import { launchBrowser } from './browser.ts';
import { tokenOf } from './mind-assess-world.ts';
import { mindApi } from './mind-walks.ts';

/** A 1920x1080 wall. */
export const wall = { viewport: { width: 1920, height: 1080 } };

/** A PHQ-9 sheet: every item at `value`, item 9 as given (D on item 9 raises a red warning). */
export const phq = (value: string, item9 = 'A') =>
  Object.fromEntries(Array.from({ length: 9 }, (_, i) => [String(i + 1), i === 8 ? item9 : value]));

/** Waits for a figure tile to read `value`: the screen's figures arrive by their own calls. */
export const figure = (page: Page, testId: string, value: number) =>
  page
    .getByTestId(`${testId}-value`)
    .filter({ hasText: new RegExp(`^${value}$`) })
    .waitFor();

export interface ScreensWorld {
  server: TestServer;
  browser: Browser;
  /** The demo account's token (demo_bureau or demo_school). */
  token: string;
  api<T>(path: string, token: string, body?: unknown): Promise<T>;
}

/**
 * The demo district on its own server with a round of assessments published by `by`: PHQ-9 to one
 * class (of demo_school's school when the school publishes), answered on H5 by three of its
 * students, one with thoughts of self-harm (a red warning).
 */
export function screensWorld(by: 'bureau' | 'school', taskName: string): ScreensWorld {
  const world = {} as ScreensWorld;
  world.api = <T>(path: string, token: string, body?: unknown) => mindApi<T>(world.server.url, path, token, body);
  beforeAll(async () => {
    world.server = await startTestServer({ DEMO_DATA: 'on' });
    world.browser = await launchBrowser();
    world.token = await tokenOf(world.server.url, {
      id: 0,
      account: demoAccount(by).account,
      password: DEFAULT_DEMO_PASSWORD,
    });
    await assessmentRound(world, by, taskName);
  }, 120_000);
  afterAll(async () => {
    await world.browser?.close();
    await world.server?.close();
  });
  return world;
}

async function assessmentRound(world: ScreensWorld, by: 'bureau' | 'school', name: string) {
  const db = world.server.db;
  const school =
    by === 'school'
      ? await db
          .selectFrom('users')
          .select('dept_id')
          .where('account', '=', demoAccount('school').account)
          .executeTakeFirstOrThrow()
      : null;
  const klass = await db
    .selectFrom('students')
    .select(['org_id'])
    .$if(school !== null, (q) => q.where('school_id', '=', Number(school?.dept_id)))
    .groupBy('org_id')
    .having((eb) => eb.fn.countAll(), '>=', 3)
    .orderBy('org_id')
    .executeTakeFirstOrThrow();
  const students = await db
    .selectFrom('students')
    .select('id')
    .where('org_id', '=', klass.org_id)
    .orderBy('id')
    .limit(3)
    .execute();
  const scale = await db
    .selectFrom('scales')
    .select('id')
    .where('code', '=', 'PHQ-9')
    .where('owner_org_id', 'is', null)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const task = await world.api<{ id: number }>('apis-psychology/survey/record/createTask', world.token, {
    name,
    scaleIds: [scale.id],
    targets: { schoolIds: [], gradeIds: [], classIds: [klass.org_id], studentIds: [], teacherUserIds: [] },
    startsAt: now - 3_600_000,
    endsAt: now + 86_400_000,
  });
  await world.api('apis-psychology/survey/task/publish', world.token, { id: task.id });
  for (const [n, student] of students.entries()) {
    const user = await buildUser(db, { roleIds: [], identityId: 2, orgId: klass.org_id });
    await db.updateTable('students').set({ user_id: user.id }).where('id', '=', student.id).execute();
    const token = await tokenOf(world.server.url, user);
    await world.api('apis-psychology/h5/survey/submit', token, {
      taskId: task.id,
      scaleId: scale.id,
      answers: n === 0 ? phq('C', 'D') : phq('A'),
    });
  }
}
