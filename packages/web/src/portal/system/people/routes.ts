import type { RouteObject } from 'react-router';
import type { SystemHandle } from '../SystemLayout.tsx';

const page = (path: string, key: SystemHandle['systemPage'], lazy: RouteObject['lazy']): RouteObject => ({
  path,
  handle: { title: `system.route.${key}`, systemPage: key } satisfies SystemHandle,
  lazy,
});

/** The people administration pages under `/system/` (decision 0023), each its own bundle. */
export const peopleRoutes: RouteObject[] = [
  page('orgs', 'orgs', async () => ({ Component: (await import('./orgs/OrgsPage.tsx')).OrgsPage })),
  page('students', 'students', async () => ({ Component: (await import('./students/StudentsPage.tsx')).StudentsPage })),
  page('parents', 'parents', async () => ({ Component: (await import('./parents/ParentsPage.tsx')).ParentsPage })),
  page('teachers', 'teachers', async () => ({ Component: (await import('./teachers/TeachersPage.tsx')).TeachersPage })),
  page('teachers/reshuffle', 'reshuffle', async () => ({
    Component: (await import('./teachers/ReshufflePage.tsx')).ReshufflePage,
  })),
  page('depts', 'depts', async () => ({ Component: (await import('./settings/DeptsPage.tsx')).DeptsPage })),
  page('xuenian', 'xuenian', async () => ({ Component: (await import('./settings/XuenianPage.tsx')).XuenianPage })),
  page('dataCheck', 'dataCheck', async () => ({
    Component: (await import('./settings/DataCheckPage.tsx')).DataCheckPage,
  })),
];
