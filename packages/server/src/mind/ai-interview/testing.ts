import { expect } from 'vitest';
import type { Caller } from '../../portal/orgs/testing.ts';
import { type AssessmentWorld, publishedTask, taskBody } from '../assessments/testing.ts';

const h5 = '/apis-psychology/h5/interview';

/**
 * A class-A student answers a PHQ-9 interview by tapping the options (with no endpoint the
 * interviewer is off, and the conversation still has its turns); returns the result's id.
 */
export async function interviewedResult(
  w: AssessmentWorld,
  student: Caller,
  answers: Record<string, string>,
): Promise<number> {
  const taskId = await publishedTask(
    w.schoolAdmin,
    taskBody([w.scales.phq9], { classIds: [w.classes.klassA.id] }, { mode: 'interview' }),
  );
  const ref = { taskId, scaleId: w.scales.phq9 };
  expect((await student.post(`${h5}/start`, ref)).statusCode).toBe(200);
  expect((await student.post(`${h5}/say`, { ...ref, text: '最近还行吧' })).statusCode).toBe(200);
  for (const [itemId, value] of Object.entries(answers)) {
    expect((await student.post(`${h5}/confirm`, { ...ref, itemId, value })).statusCode).toBe(200);
  }
  expect((await student.post(`${h5}/submit`, ref)).statusCode).toBe(200);
  const list = (await w.psychologyTeacher.post('/apis-psychology/aiInterview/results', { taskId })).json().data;
  return Number(list.list[0].resultId);
}
