import type { RouteObject } from 'react-router';

/**
 * The children of `/data/` whose feature is built, each its own bundle; the others open the
 * "coming" page. The people pages read the administration's roster (decision 0023).
 */
export const BUILT_DATA_PAGES: Record<string, RouteObject['lazy']> = {
  allStudent: async () => ({ Component: (await import('../pages/people/AllStudentPage.tsx')).AllStudentPage }),
  accountBindManage: async () => ({
    Component: (await import('../pages/people/AccountBindPage.tsx')).AccountBindPage,
  }),
};
