/**
 * The Mind pages a sidebar item may open (children of `/data/`), each with the role-editor feature
 * whose `view` the caller's role must hold to see the item. A page is listed once it is built: the
 * server leaves out every item whose Mind address is not here, so a menu never leads to a "coming"
 * page, and the role editor's ticks decide which role sees which item (decision 0066).
 */
export const MIND_MENU_PAGES: Readonly<Record<string, string>> = {
  // Warnings and intervention: the records and reminders read the warnings they belong to.
  intervene: '/data/intervene',
  lastWarningLevel: '/data/lastWarningLevel',
  attentionReminder: '/data/attentionReminder',
  interview: '/data/intervene',
  returnVisit: '/data/intervene',
  reminderConfiguration: '/data/reminderConfiguration',
  // Behaviour alerts from campus devices; their equipment is a tab beside them.
  securityWarning: '/data/securityWarning',
  // Video playback of campus cameras, a tab beside the alerts and opened from them (decision 0133).
  hk: '/data/hk',
  // Emotion alerts: a class's day over the school's threshold (decision 0118).
  intelEmotion: '/data/intelEmotion',
  // The emotion boards of classes and schools; the class board and the emotion record are tabs beside them.
  schoolEmotion: '/data/schoolEmotion',
  // The campus psychology board: emotion beside the latest screening per grade and class (decision 0124).
  campusPsychology: '/data/campusPsychology',
  // The emotion log: the samples the devices sent (decision 0100), for the leads who check an installation.
  emotionLog: '/data/emotionLog',
  // Whitelist faces and the trajectory query (decision 0101); the playback opens from the query.
  faceUpload: '/data/faceUpload',
  trajectoryQuery: '/data/trajectoryQuery',
  trackHk: '/data/trajectoryQuery',
  // Assessments: tasks of each rater, their progress, the scales.
  scaleMeasurement: '/data/scaleMeasurement',
  otherEvaluation: '/data/otherEvaluation',
  scaleMeasurementTeacher: '/data/scaleMeasurement',
  progressMonitor: '/data/scaleMeasurement',
  customScale: '/data/systemScale',
  AISystemScale: '/data/systemScale',
  // AI interview assessments (decision 0102): the tasks, and through them their results and reports.
  AIScaleMeasurement: '/data/AIScaleMeasurement',
  // Archives: one student's file, details, family and timeline.
  studentFile: '/data/studentFile',
  studentDetail: '/data/studentFile',
  FamilyInfo: '/data/studentFile',
  warningTimerShaft: '/data/studentFile',
  moodJournal: '/data/moodJournal',
  moodJournalTest: '/data/moodJournalTest',
  // Counselling.
  groupApply: '/data/groupApply',
  // A counselling group's archive (decision 0109): a tab beside the applications and sessions it gathers.
  grp: '/data/groupApply',
  appointmentRecordQuery: '/data/appointmentRecordQuery',
  activityManage: '/data/activityManage',
  signature: '/data/signature',
  tutorChoice: '/data/tutorChoice',
  taskSelectProgress: '/data/taskSelectProgress',
  // Daily work.
  dailyDynamic: '/data/dailyDynamic',
  dailyObservationOfTeachers: '/data/dailyObservationOfTeachers',
  observationSchool: '/data/observationSchool',
  setback: '/data/setback',
  describeManage: '/data/describeManage',
  mentalTeacherManage: '/data/mentalTeacherManage',
  // Home visits.
  homeVisitTaskConfig: '/data/homeVisitTaskConfig',
  homeVisitRecord: '/data/homeVisitRecord',
  // People.
  allStudent: '/system/student',
  accountBindManage: '/data/accountBindManage',
  // The student roll (decision 0109): the roster class by class.
  xs: '/system/student',
  // Statistics: the statistical report; student insight reads the warning handlers' records.
  report: '/data/report',
  // The template center: each school's home screen and report template, chosen by its bureau (decision 0132).
  templateHome: '/data/templateHome',
  studentInsight: '/data/intervene',
  downloadCenter: '/data/downloadCenter',
  // Areas (decision 0109): the list, and one area's schools opened from it.
  qyList: '/data/qyList',
  qy: '/data/qyList',
  // Province docking: the platform's settings and push, and what was sent up.
  dataDocking: '/data/dataDocking',
  upstreamRecord: '/data/dataDocking',
  // AI: the endpoint, the budget and each school's legal basis.
  aiSetting: '/data/aiSetting',
};

/**
 * The full-screen dashboards a sidebar item may open (`/jdp/<screen>`, in a window of their own),
 * listed once built (docs/screens.md), each with the feature whose `view` the role must hold.
 */
export const MIND_MENU_SCREENS: Readonly<Record<string, string>> = {
  districtScreen: '/districtScreen',
  schoolWarning: '/schoolWarning',
  schoolScreen: '/schoolScreen',
  schoolWarningScreen: '/schoolWarningScreen',
  manageScreen: '/manageScreen',
  securityScreen: '/securityScreen',
  districtYouthSoulHome: '/districtYouthSoulHome',
  districtYouthSoulHomeSchool: '/districtYouthSoulHomeSchool',
  districtYouthSoulHomeWarning: '/districtYouthSoulHomeWarning',
  districtScreenGs: '/districtScreenGs',
  districtScreenEmotion: '/districtScreenEmotion',
};

/** The dashboard a Mind address outside `/data/` opens (`/jdp/districtScreen` → `districtScreen`). */
export function mindScreenOf(publishUrl: string): string | undefined {
  const at = publishUrl.indexOf('/jdp');
  if (at < 0) return undefined;
  return /^\/jdp\/([^/?#]+)/.exec(publishUrl.slice(at))?.[1];
}

/**
 * The Mind page a published address opens inside the app (`/jdp/data/<page>`), `null` for a Mind
 * address outside `/data/` (a full-screen dashboard), and `undefined` for an address of another app.
 */
export function mindPageOf(publishUrl: string): string | null | undefined {
  const at = publishUrl.indexOf('/jdp');
  if (at < 0) return undefined;
  const page = /^\/jdp\/data\/([^/?#]+)/.exec(publishUrl.slice(at))?.[1];
  return page ?? null;
}
