import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { launchBrowser } from './browser.ts';
import { buildClassWorld, type ClassWorld, tokenOf } from './mind-assess-world.ts';
import { type PortalServer, startPortalServer } from './portal-server.ts';

/** The Mind role of a class teacher (role 4 in the built-in table). */
const CLASS_TEACHER = 4;

async function teacherRow(server: PortalServer, userId: number, schoolId: number, name: string): Promise<number> {
  const at = Date.now();
  const { id } = await server.db
    .insertInto('teachers')
    .values({
      user_id: userId,
      school_id: schoolId,
      dept_id: null,
      teacher_no: `T${userId}`,
      name,
      gender: null,
      phone: null,
      subject: null,
      title: null,
      is_psychology: false,
      status: 'active',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function headOf(server: PortalServer, classId: number, teacherId: number): Promise<void> {
  await server.db
    .insertInto('class_teachers')
    .values({
      class_id: classId,
      teacher_id: teacherId,
      kind: 'head',
      subject: null,
      school_year_id: null,
      created_at: Date.now(),
    })
    .execute();
}

/** Calls the API as `token` and answers the envelope's data, failing loudly on a refusal. */
export async function call<T>(server: PortalServer, token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-authorization': token },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/**
 * The class world of the assessment walk after a PHQ-9 screening: the first student answered
 * item 9 ("thoughts that you would be better off dead") and has a warning, the second did not.
 * Added: class 7-1's head teacher (Mr Li), and a second class with its own head teacher (Ms Zhao),
 * who must see none of it.
 */
export async function buildWarningWorld(server: PortalServer) {
  const world: ClassWorld = await buildClassWorld(server);
  const school = world.orgs.school;
  const head = await buildUser(server.db, { roleIds: [CLASS_TEACHER], orgId: world.orgs.klass.id });
  await headOf(server, world.orgs.klass.id, await teacherRow(server, head.id, school.id, 'Mr Li'));
  const otherClass = await buildOrg(server.db, {
    type: 'class',
    name: `Class 7-2 ${school.id}`,
    parentId: world.orgs.grade.id,
  });
  const other = await buildUser(server.db, { roleIds: [CLASS_TEACHER], orgId: otherClass.id });
  await headOf(server, otherClass.id, await teacherRow(server, other.id, school.id, 'Ms Zhao'));

  const scale = await server.db
    .selectFrom('scales')
    .select('id')
    .where('code', '=', 'PHQ-9')
    .where('owner_org_id', 'is', null)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const task = await call<{ id: number }>(server, world.teacher.token, 'apis-psychology/survey/record/createTask', {
    name: 'Autumn screening',
    scaleIds: [scale.id],
    targets: { schoolIds: [], gradeIds: [], classIds: [world.orgs.klass.id], studentIds: [], teacherUserIds: [] },
    startsAt: now - 3_600_000,
    endsAt: now + 86_400_000,
  });
  await call(server, world.teacher.token, 'apis-psychology/survey/task/publish', { id: task.id });
  const sheets = [
    { '1': 'B', '2': 'B', '3': 'A', '4': 'B', '5': 'A', '6': 'B', '7': 'A', '8': 'A', '9': 'C' },
    { '1': 'A', '2': 'A', '3': 'A', '4': 'A', '5': 'A', '6': 'A', '7': 'A', '8': 'A', '9': 'A' },
  ];
  for (const [n, student] of world.students.entries()) {
    const token = await tokenOf(server.url, student);
    await call(server, token, 'apis-psychology/h5/survey/submit', {
      taskId: task.id,
      scaleId: scale.id,
      answers: sheets[n],
    });
  }
  const flagged = world.students[0];
  if (!flagged) throw new Error('no student');
  const warning = await server.db
    .selectFrom('warnings')
    .select('id')
    .where('student_id', '=', flagged.studentId)
    .executeTakeFirstOrThrow();
  return {
    ...world,
    flagged,
    warningId: warning.id,
    otherClassTeacher: { ...other, token: await tokenOf(server.url, other) },
  };
}
export type WarningWorld = Awaited<ReturnType<typeof buildWarningWorld>>;

/** The portal suite with its uploads kept in a folder of its own. */
export function warningsSuite(): { server: PortalServer; browser: Browser } {
  const suite = {} as { server: PortalServer; browser: Browser };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-warnings-'));
  beforeAll(async () => {
    suite.server = await startPortalServer({
      DATA_DIR: dataDir,
    });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return suite;
}
