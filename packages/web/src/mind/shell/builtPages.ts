import type { RouteObject } from 'react-router';

const tasks = () => import('../pages/assessments/TasksPage.tsx');
const scales = () => import('../pages/scales/ScaleCenterPage.tsx');
const results = async () => ({ Component: (await import('../pages/assessments/ResultsPage.tsx')).ResultsPage });

/**
 * The children of `/data/` whose feature is built, each its own bundle; the others open the
 * "coming" page. The people pages read the administration's roster (decision 0023).
 */
export const BUILT_DATA_PAGES: Record<string, RouteObject['lazy']> = {
  allStudent: async () => ({ Component: (await import('../pages/people/AllStudentPage.tsx')).AllStudentPage }),
  accountBindManage: async () => ({
    Component: (await import('../pages/people/AccountBindPage.tsx')).AccountBindPage,
  }),
  // Assessments (issue 8): tasks of each kind, their progress, results and reports.
  scaleMeasurement: async () => ({ Component: (await tasks()).StudentTasksPage }),
  scaleMeasurementTeacher: async () => ({ Component: (await tasks()).TeacherTasksPage }),
  otherEvaluation: async () => ({ Component: (await tasks()).OtherTasksPage }),
  progressMonitor: async () => ({
    Component: (await import('../pages/assessments/ProgressPage.tsx')).ProgressPage,
  }),
  scaleResult: results,
  scaleResultTeacher: results,
  otherScaleResult: results,
  scaleResultReport: async () => ({ Component: (await import('../pages/assessments/ReportPage.tsx')).ReportPage }),
  // The scale center and custom scales.
  systemScale: async () => ({ Component: (await scales()).StudentScalesPage }),
  systemScaleTeacher: async () => ({ Component: (await scales()).TeacherScalesPage }),
  AISystemScale: async () => ({ Component: (await scales()).AllScalesPage }),
  customScale: async () => ({
    Component: (await import('../pages/scales/CustomScalesPage.tsx')).CustomScalesPage,
  }),
  customEditScale: async () => ({
    Component: (await import('../pages/scales/ScaleEditorPage.tsx')).ScaleEditorPage,
  }),
};
