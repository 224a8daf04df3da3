import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../test/app.ts';
import { as, type BuiltUser, buildOrg, buildUser, signIn } from '../../../test/factories.ts';

/** Calls the API as one signed-in caller (English), for the tests of this area. */
export interface Caller {
  user: BuiltUser;
  token: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

export async function callerFor(t: TestApp, user: BuiltUser): Promise<Caller> {
  const token = await signIn(t.app, user);
  const call: Caller['call'] = (method, url, payload) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: as(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { user, token, call, get: (url) => call('GET', url), post: (url, payload = {}) => call('POST', url, payload) };
}

/**
 * Two bureaus: the first holds two schools (the first with a campus, a grade and a class), the
 * second one school. Administrators: the platform's, the first bureau's and each school's.
 */
export async function buildSchoolWorld(t: TestApp) {
  const db = t.db.kysely;
  const bureau = await buildOrg(db, { type: 'bureau', name: 'North Bureau' });
  const school = await buildOrg(db, { type: 'school', name: 'First School', parentId: bureau.id });
  const campus = await buildOrg(db, { type: 'campus', name: 'East Campus', parentId: school.id });
  const grade = await buildOrg(db, { type: 'grade', name: 'Grade 7', parentId: campus.id });
  const klass = await buildOrg(db, { type: 'class', name: 'Class 7-1', parentId: grade.id });
  const otherSchool = await buildOrg(db, { type: 'school', name: 'Second School', parentId: bureau.id });
  const otherBureau = await buildOrg(db, { type: 'bureau', name: 'South Bureau' });
  const farSchool = await buildOrg(db, { type: 'school', name: 'Far School', parentId: otherBureau.id });
  const platform = await callerFor(t, await buildUser(db, { roleIds: [5], superAdmin: true, identityId: 4 }));
  const bureauAdmin = await callerFor(t, await buildUser(db, { roleIds: [1], orgId: bureau.id }));
  const schoolAdmin = await callerFor(t, await buildUser(db, { roleIds: [2], orgId: school.id }));
  const otherSchoolAdmin = await callerFor(t, await buildUser(db, { roleIds: [2], orgId: otherSchool.id }));
  return {
    orgs: { bureau, school, campus, grade, klass, otherSchool, otherBureau, farSchool },
    platform,
    bureauAdmin,
    schoolAdmin,
    otherSchoolAdmin,
  };
}
export type SchoolWorld = Awaited<ReturnType<typeof buildSchoolWorld>>;
