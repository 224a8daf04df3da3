import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { buildClassWorld, tokenOf } from './mind-assess-world.ts';

const CLASS_TEACHER = 4;
const HOUR = 3_600_000;

/** Calls the API as `token`, failing the walk on anything but success. */
export async function call<T>(url: string, token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-authorization': token },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

/**
 * The class world of the assessment walk, with the first student's PHQ-9 answered (item 9 above 0,
 * so a warning is open on her), and a class teacher of another class of the same grade.
 */
export async function buildArchiveWorld(server: Parameters<typeof buildClassWorld>[0]) {
  const world = await buildClassWorld(server);
  const { url, db } = server;
  const phq9 = await db
    .selectFrom('scales')
    .select('id')
    .where('code', '=', 'PHQ-9')
    .where('owner_org_id', 'is', null)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const task = await call<{ id: number }>(url, world.teacher.token, 'apis-psychology/survey/record/createTask', {
    name: 'Spring screening',
    kind: 'student',
    scaleIds: [phq9.id],
    targets: { schoolIds: [], gradeIds: [], classIds: [world.orgs.klass.id], studentIds: [], teacherUserIds: [] },
    startsAt: now - HOUR,
    endsAt: now + 24 * HOUR,
  });
  await call(url, world.teacher.token, 'apis-psychology/survey/task/publish', { id: task.id });
  const student = world.students[0];
  if (!student) throw new Error('no student');
  const answers: Record<string, string> = {};
  for (let item = 1; item <= 8; item++) answers[String(item)] = 'B';
  answers['9'] = 'C';
  await call(url, await tokenOf(url, student), 'apis-psychology/h5/survey/submit', {
    taskId: task.id,
    scaleId: phq9.id,
    answers,
  });
  const otherClass = await buildOrg(db, { type: 'class', name: 'Class 7-2', parentId: world.orgs.grade.id });
  const otherTeacher = await buildUser(db, { roleIds: [CLASS_TEACHER], orgId: otherClass.id });
  return { ...world, flagged: student, otherTeacher: { ...otherTeacher, token: await tokenOf(url, otherTeacher) } };
}
