import type { RouteObject } from 'react-router';

const tasks = () => import('../pages/assessments/TasksPage.tsx');
const scales = () => import('../pages/scales/ScaleCenterPage.tsx');
const records = () => import('../pages/warnings/RecordsPage.tsx');
const reminders = () => import('../pages/warnings/ReminderPage.tsx');
const archive = () => import('../pages/archive/pages.tsx');
const daily = () => import('../pages/daily/DailyPage.tsx');
const emotion = () => import('../pages/emotion/pages.tsx');
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
  // The opaque pages as decision 0109 reads them: the student roll, a counselling group's archive, areas.
  xs: async () => ({ Component: (await import('../pages/people/StudentRollPage.tsx')).StudentRollPage }),
  grp: async () => ({
    Component: (await import('../pages/counselling/GroupArchivePage.tsx')).GroupArchivePage,
  }),
  qyList: async () => ({ Component: (await import('../pages/areas/AreaPages.tsx')).AreaListPage }),
  qy: async () => ({ Component: (await import('../pages/areas/AreaPages.tsx')).AreaPage }),
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
  // AI interview assessments (decision 0102): tasks answered as a conversation, their results and transcripts.
  AIScaleMeasurement: async () => ({ Component: (await tasks()).InterviewTasksPage }),
  AIScaleResult: async () => ({
    Component: (await import('../pages/ai-interview/ResultsPage.tsx')).InterviewResultsPage,
  }),
  AIScaleResultReport: async () => ({
    Component: (await import('../pages/ai-interview/ReportPage.tsx')).InterviewReportPage,
  }),
  // The AI mood tree hole's chat report (decision 0111): shared conversations and crisis signals.
  AIReport: async () => ({ Component: (await import('../pages/tree-hole/ReportPage.tsx')).TreeHoleReportPage }),
  scaleResultReport: async () => ({ Component: (await import('../pages/assessments/ReportPage.tsx')).ReportPage }),
  'scaleDetails/:userId': async () => ({
    Component: (await import('../pages/downloads/ScaleDetailsPage.tsx')).ScaleDetailsPage,
  }),
  // The download center: the caller's exports, their progress and files.
  downloadCenter: async () => ({
    Component: (await import('../pages/downloads/DownloadCenterPage.tsx')).DownloadCenterPage,
  }),
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
  // Warnings and interventions (issue 9): the list and one warning, a student's warnings, records, reminders.
  intervene: async () => ({ Component: (await import('../pages/warnings/InterveneRoute.tsx')).InterveneRoute }),
  'earlyWarningIntervention/:userId': async () => ({
    Component: (await import('../pages/warnings/StudentWarningsPage.tsx')).StudentWarningsPage,
  }),
  lastWarningLevel: async () => ({ Component: (await import('../pages/warnings/LastLevelPage.tsx')).LastLevelPage }),
  interview: async () => ({ Component: (await records()).InterviewPage }),
  returnVisit: async () => ({ Component: (await records()).ReturnVisitPage }),
  attentionReminder: async () => ({
    Component: (await import('../pages/warnings/AttentionPage.tsx')).AttentionPage,
  }),
  reminderConfiguration: async () => ({ Component: (await reminders()).ReminderPage }),
  reminderConfigurationManagement: async () => ({ Component: (await reminders()).ReminderLogPage }),
  // The student archive and home visits (issue 9); `{userId}` is the roster id (decision 0034).
  studentFile: async () => ({
    Component: (await import('../pages/archive/StudentFilePage.tsx')).StudentFilePage,
  }),
  'studentFileDetails/:userId': async () => ({ Component: (await archive()).StudentFileDetailsPage }),
  'growthRecord/:userId': async () => ({ Component: (await archive()).GrowthRecordPage }),
  studentDetail: async () => ({ Component: (await archive()).StudentDetailPage }),
  FamilyInfo: async () => ({ Component: (await archive()).FamilyInfoPage }),
  warningTimerShaft: async () => ({ Component: (await archive()).WarningTimerShaftPage }),
  // Province docking (issue 26, decision 0103): the platform's settings and push, and what was sent up.
  dataDocking: async () => ({
    Component: (await import('../pages/docking/DataDockingPage.tsx')).DataDockingPage,
  }),
  upstreamRecord: async () => ({
    Component: (await import('../pages/docking/UpstreamRecordPage.tsx')).UpstreamRecordPage,
  }),
  // Activities and their sign-up lists (issue 26).
  activityManage: async () => ({
    Component: (await import('../pages/activities/ActivityManagePage.tsx')).ActivityManagePage,
  }),
  activityBmDetail: async () => ({
    Component: (await import('../pages/activities/ActivityBmDetailPage.tsx')).ActivityBmDetailPage,
  }),
  // Online signing: templates, forms sent to parents, their signed PDFs (issue 26).
  signature: async () => ({ Component: (await import('../pages/signing/SignaturePage.tsx')).SignaturePage }),
  // Campus equipment and behaviour alerts (issue 22, decisions 0085 and 0088).
  equipmentManage: async () => ({
    Component: (await import('../pages/campus/EquipmentPage.tsx')).EquipmentPage,
  }),
  securityWarning: async () => ({
    Component: (await import('../pages/campus/SecurityWarningPage.tsx')).SecurityWarningPage,
  }),
  // Video playback of campus cameras, alone or around an alert (decision 0133).
  hk: async () => ({ Component: (await import('../pages/campus/HkPage.tsx')).HkPage }),
  // Push configuration of behaviour alerts (decision 0097); `warningPushConfig` leads here (routeTable's DATA_REDIRECTS).
  pushConfig: async () => ({
    Component: (await import('../pages/campus/PushConfigPage.tsx')).PushConfigPage,
  }),
  // The school and class emotion boards and the emotion record (issue 22, decision 0100).
  schoolEmotion: async () => ({ Component: (await emotion()).SchoolEmotionPage }),
  classEmotion: async () => ({ Component: (await emotion()).ClassEmotionPage }),
  classEmotionDetail: async () => ({ Component: (await emotion()).ClassEmotionDetailPage }),
  emotionRecord: async () => ({ Component: (await emotion()).EmotionRecordPage }),
  emotionLog: async () => ({ Component: (await emotion()).EmotionLogPage }),
  // The campus psychology board and its class detail: emotion beside the latest screening (decision 0124).
  campusPsychology: async () => ({
    Component: (await import('../pages/campus-psychology/pages.tsx')).CampusPsychologyPage,
  }),
  campusPsychologyDetail: async () => ({
    Component: (await import('../pages/campus-psychology/pages.tsx')).CampusPsychologyDetailPage,
  }),
  // Emotion alerts and the behaviour journal (issue 22, decision 0118).
  intelEmotion: async () => ({
    Component: (await import('../pages/emotion-alerts/IntelEmotionPage.tsx')).IntelEmotionPage,
  }),
  behaviorJournal: async () => ({
    Component: (await import('../pages/emotion-alerts/BehaviorJournalPage.tsx')).BehaviorJournalPage,
  }),
  // Whitelist faces and the trajectory query with its playback (decision 0101).
  faceUpload: async () => ({
    Component: (await import('../pages/faces/FaceUploadPage.tsx')).FaceUploadPage,
  }),
  trajectoryQuery: async () => ({
    Component: (await import('../pages/faces/TrajectoryPage.tsx')).TrajectoryPage,
  }),
  trackHk: async () => ({
    Component: (await import('../pages/faces/TrajectoryPage.tsx')).TrackPlaybackPage,
  }),
  // Tutor choice (issue 26, decision 0087): the tasks, their progress by class and the tutors' answers.
  tutorChoice: async () => ({
    Component: (await import('../pages/tutors/TutorChoicePage.tsx')).TutorChoicePage,
  }),
  taskSelectProgress: async () => ({
    Component: (await import('../pages/tutors/TaskProgressPage.tsx')).TaskProgressPage,
  }),
  // The teachers' mood journal and the school's journal settings (issue 23, decision 0089).
  moodJournal: async () => ({
    Component: (await import('../pages/mood/MoodJournalPage.tsx')).MoodJournalPage,
  }),
  moodJournalTest: async () => ({
    Component: (await import('../pages/mood/MoodJournalTestPage.tsx')).MoodJournalTestPage,
  }),
  homeVisitTaskConfig: async () => ({
    Component: (await import('../pages/homevisits/HomeVisitTaskConfigPage.tsx')).HomeVisitTaskConfigPage,
  }),
  homeVisitRecord: async () => ({
    Component: (await import('../pages/homevisits/HomeVisitRecordPage.tsx')).HomeVisitRecordPage,
  }),
  // Group and individual counselling, and the six daily-work pages (one component).
  groupApply: async () => ({
    Component: (await import('../pages/counselling/GroupApplyPage.tsx')).GroupApplyPage,
  }),
  groupRecord: async () => ({
    Component: (await import('../pages/counselling/GroupRecordPage.tsx')).GroupRecordPage,
  }),
  appointmentRecordQuery: async () => ({
    Component: (await import('../pages/counselling/AppointmentPage.tsx')).AppointmentPage,
  }),
  dailyDynamic: async () => ({ Component: (await daily()).DailyDynamicPage }),
  dailyObservationOfTeachers: async () => ({ Component: (await daily()).TeacherObservationPage }),
  observationSchool: async () => ({ Component: (await daily()).SchoolObservationPage }),
  setback: async () => ({ Component: (await daily()).SetbackPage }),
  describeManage: async () => ({ Component: (await daily()).DescribePage }),
  mentalTeacherManage: async () => ({ Component: (await daily()).MentalTeacherPage }),
  // Reports and student insight (issue 21, decision 0092).
  report: async () => ({ Component: (await import('../pages/reports/StatisticsPage.tsx')).StatisticsPage }),
  studentReport: async () => ({
    Component: (await import('../pages/reports/StudentReportPage.tsx')).StudentReportPage,
  }),
  studentInsight: async () => ({ Component: (await import('../pages/reports/InsightPage.tsx')).InsightPage }),
  studentInsightDetailInfo: async () => ({
    Component: (await import('../pages/reports/InsightDetailPage.tsx')).InsightDetailPage,
  }),
  // The template center (decision 0132): each school's home screen and report template, chosen by its bureau.
  templateHome: async () => ({
    Component: (await import('../pages/templates/TemplateHomePage.tsx')).TemplateHomePage,
  }),
  // AI settings (issue 23, decision 0090): the endpoint, the budget and each school's legal basis.
  aiSetting: async () => ({ Component: (await import('../pages/ai/AiSettingPage.tsx')).AiSettingPage }),
};

/** `/pending`, the to-do list: the warning workflow and the assessments create its items (issue 9). */
export const PENDING_PAGE: RouteObject['lazy'] = async () => ({
  Component: (await import('../pages/warnings/TodoPage.tsx')).TodoPage,
});
