import { TAB_GROUPS } from './tabs.ts';

/**
 * Mind's addresses (spec section 2) as data: the layout's children and the top-level pages, each
 * with its title key (`route.<name>` in the Mind strings). A route whose feature ships later
 * opens the "coming" page with its title; a feature replaces it here with its own page.
 */

/** The children of `/data/`, in the spec's order; the four with `{userId}` carry it in the address. */
export const DATA_CHILDREN = [
  'homeVisitTaskConfig',
  'templateHome',
  'home',
  'report',
  'securityWarning',
  'trajectoryQuery',
  'pushConfig',
  'homeVisitRecord',
  'dailyDynamic',
  'attentionReminder',
  'interview',
  'lastWarningLevel',
  'studentDetail',
  'progressMonitor',
  'reminderConfiguration',
  'reminderConfigurationManagement',
  'groupApply',
  'groupRecord',
  'equipmentManage',
  'mentalTeacherManage',
  'describeManage',
  'setback',
  'observationSchool',
  'dailyObservationOfTeachers',
  'studentFileDetails/:userId',
  'growthRecord/:userId',
  'studentFile',
  'earlyWarningIntervention/:userId',
  'scaleDetails/:userId',
  'scaleMeasurement',
  'scaleResult',
  'scaleResultReport',
  'systemScale',
  'otherEvaluation',
  'otherScaleResult',
  'FamilyInfo',
  'scaleMeasurementTeacher',
  'systemScaleTeacher',
  'scaleResultTeacher',
  'returnVisit',
  'intervene',
  'AIScaleMeasurement',
  'AIScaleResult',
  'AIScaleResultReport',
  'AISystemScale',
  'downloadCenter',
  'dataDocking',
  'upstreamRecord',
  'emotionRecord',
  'faceUpload',
  'appointmentRecordQuery',
  'aiSetting',
  'AIReport',
  'signature',
  'activityManage',
  'activityBmDetail',
  'tutorChoice',
  'taskSelectProgress',
  'customScale',
  'customEditScale',
  'campusPsychology',
  'campusPsychologyDetail',
  'allStudent',
  'accountBindManage',
  'moodJournal',
  'moodJournalTest',
  'schoolEmotion',
  'classEmotion',
  'classEmotionDetail',
  'behaviorJournal',
  'hk',
  'grp',
  'xs',
  'qy',
  'qyList',
  'studentReport',
  'intelEmotion',
  'emotionLog',
  'warningPushConfig',
  'studentInsight',
  'studentInsightDetailInfo',
  'warningTimerShaft',
  'trackHk',
] as const;

/** Full-screen dashboards: no layout around them. */
export const SCREENS = [
  'districtYouthSoulHome',
  'districtYouthSoulHomeSchool',
  'districtYouthSoulHomeWarning',
  'mindProfile',
  'personalInformation',
  'manageScreen',
  'schoolScreen',
  'districtScreenGs',
  'districtScreen',
  'districtScreenJd',
  'schoolWarningScreen',
  'schoolWarning',
  'securityScreen',
  'districtScreenEmotion',
  'districtScreenEmotionJd',
  'schoolWarningScreenEmotion',
] as const;

/** Spec section 5: these open without the session check (screens shown on a wall, a welcome page). */
export const OPEN_ROUTES = ['welcomeHome', 'schoolScreen', 'personalInformation'] as const;

/**
 * Pages no menu item opens, by the list they are reached from: the sidebar lights that list's
 * item while one of them is on screen (a student's file lights "student files").
 */
export const REACHED_FROM: Partial<Record<string, string>> = {
  studentFileDetails: 'studentFile',
  growthRecord: 'studentFile',
  warningTimerShaft: 'studentFile',
  earlyWarningIntervention: 'intervene',
  scaleDetails: 'scaleResult',
  scaleResultReport: 'scaleResult',
  customEditScale: 'customScale',
  activityBmDetail: 'activityManage',
  classEmotionDetail: 'classEmotion',
  studentInsightDetailInfo: 'studentInsight',
  studentReport: 'studentFile',
  qy: 'qyList',
};

/**
 * The addresses whose menu item should be lit while `pathname` is on screen, best first: the page
 * itself, the list it is reached from, and the pages sharing its row of top tabs (a menu item
 * opens one tab of its group).
 */
export function menuPathsOf(pathname: string): string[] {
  const name = /^\/data\/([^/]+)/.exec(pathname)?.[1];
  if (!name) return [pathname];
  const from = REACHED_FROM[name] ?? name;
  const group = TAB_GROUPS.find((g) => g.tabs.some((tab) => tab.route === from || tab.includes?.includes(from)));
  const names = [name, from, ...(group?.tabs.map((tab) => tab.route) ?? [])];
  return [...new Set([pathname, ...names.map((n) => `/data/${n}`)])];
}

/** `studentFileDetails/:userId` → `studentFileDetails`: the route's name, which keys its title. */
export function routeName(path: string): string {
  return path.split('/')[0] ?? path;
}

export const titleKey = (path: string) => `route.${routeName(path)}`;

/**
 * `/data/` children that are another page under a second name: the Emotion group's push config is
 * the one push configuration of campus alerts, until emotion alerts exist (decision 0097).
 */
export const DATA_REDIRECTS: Partial<Record<string, string>> = { warningPushConfig: 'pushConfig' };
