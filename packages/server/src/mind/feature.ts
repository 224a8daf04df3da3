import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Feature } from '../platform/feature.ts';
import { onSubtreeMoved } from '../portal/orgs/repository.ts';
import { activitiesRoutes } from './activities/routes.ts';
import type { ActivitiesTables } from './activities/tables.ts';
import { transcriptRetentionCleanup } from './ai/retention.ts';
import { aiRoutes } from './ai/routes.ts';
import type { AiTables } from './ai/tables.ts';
import { aiImportRoutes } from './ai-interview/import-routes.ts';
import { aiInterviewRoutes } from './ai-interview/routes.ts';
import type { AiInterviewTables } from './ai-interview/tables.ts';
import { archiveRoutes } from './archive/routes.ts';
import type { ArchiveTables } from './archive/tables.ts';
import { areasRoutes } from './areas/routes.ts';
import { assessmentsRoutes } from './assessments/routes.ts';
import type { AssessmentsTables } from './assessments/tables.ts';
import { dayReportJob, dayReportTickJob, dayReportTickSchedule } from './campus/day-report.ts';
import { sealPlainSecrets } from './campus/devices.ts';
import { campusPushJob } from './campus/push.ts';
import { campusRoutes } from './campus/routes.ts';
import type { CampusTables } from './campus/tables.ts';
import { seedDemoDistrict } from './demo/seed.ts';
import { dockingBatchJob } from './docking/job.ts';
import { dockingResyncJob } from './docking/resync.ts';
import { dockingRoutes } from './docking/routes.ts';
import type { DockingTables } from './docking/tables.ts';
import { expiredDownloadsCleanup } from './downloads/cleanup.ts';
import { downloadJob } from './downloads/job.ts';
import { downloadsRoutes } from './downloads/routes.ts';
import type { DownloadsTables } from './downloads/tables.ts';
import { emotionRoutes } from './emotion/routes.ts';
import type { EmotionTables } from './emotion/tables.ts';
import { emotionAlertRoutes } from './emotion-alerts/routes.ts';
import { emotionPushJob } from './emotion-alerts/service.ts';
import type { EmotionAlertTables } from './emotion-alerts/tables.ts';
import { expiredFacesCleanup } from './faces/cleanup.ts';
import { facesRoutes } from './faces/routes.ts';
import type { FacesTables } from './faces/tables.ts';
import { homeRoutes } from './home/routes.ts';
import { unsavedAttachmentsCleanup } from './interventions/cleanup.ts';
import {
  attentionReminderJob,
  attentionReminderSchedule,
  interventionsRoutes,
  warningPushJob,
} from './interventions/routes.ts';
import type { InterventionsTables } from './interventions/tables.ts';
import { mindMigrations } from './migrations/index.ts';
import { moodLowStreaksJob, moodLowStreaksSchedule } from './mood/low.ts';
import { moodRoutes } from './mood/routes.ts';
import type { MoodTables } from './mood/tables.ts';
import { accountSlipsRoutes } from './people/accounts/routes.ts';
import { bindingRoutes } from './people/binding/routes.ts';
import type { BindingTables } from './people/binding/tables.ts';
import { peopleImportRoutes } from './people/imports/routes.ts';
import { schoolSignInRoutes } from './people/signin/routes.ts';
import type { SchoolSignInTables } from './people/signin/tables.ts';
import { auditForbiddenStudentData } from './people/students/access.ts';
import { classRosterRoutes } from './people/students/class-roster.ts';
import { followMovedSubtree } from './people/students/class-roster-repository.ts';
import { classRollRoutes } from './people/students/roll.ts';
import { studentsRoutes } from './people/students/routes.ts';
import type { StudentsTables } from './people/students/tables.ts';
import { teachersRoutes } from './people/teachers/routes.ts';
import type { TeachersTables } from './people/teachers/tables.ts';
import { wechatBindRoutes } from './people/teachers/wechat-bind-routes.ts';
import { reportsRoutes } from './reports/routes.ts';
import { scalesRoutes } from './scales/routes.ts';
import type { ScalesTables } from './scales/tables.ts';
import { screensRoutes } from './screens/routes.ts';
import type { ScreensTables } from './screens/tables.ts';
import { signingReminderJob, signingReminderSchedule } from './signing/batches.ts';
import { signingRoutes } from './signing/routes.ts';
import type { SigningTables } from './signing/tables.ts';
import { treeHoleRoutes } from './tree-hole/routes.ts';
import type { TreeHoleTables } from './tree-hole/tables.ts';
import { tutorsRoutes } from './tutors/routes.ts';
import type { TutorsTables } from './tutors/tables.ts';
import type { WarningsTables } from './warnings/tables.ts';

// Students carry their class's place in the organisation tree: they follow it when it moves.
onSubtreeMoved(followMovedSubtree);

const routes: FastifyPluginAsyncZod = async (app) => {
  // Before the routes, so that it covers them all: a refused read of student data is audited.
  app.addHook('onError', auditForbiddenStudentData);
  await app.register(studentsRoutes);
  await app.register(classRosterRoutes);
  await app.register(classRollRoutes);
  await app.register(teachersRoutes);
  await app.register(wechatBindRoutes);
  await app.register(peopleImportRoutes);
  await app.register(bindingRoutes);
  await app.register(accountSlipsRoutes);
  await app.register(schoolSignInRoutes);
  await app.register(scalesRoutes);
  await app.register(assessmentsRoutes);
  await app.register(interventionsRoutes);
  await app.register(archiveRoutes);
  await app.register(downloadsRoutes);
  await app.register(homeRoutes);
  await app.register(screensRoutes);
  await app.register(areasRoutes);
  await app.register(reportsRoutes);
  await app.register(activitiesRoutes);
  await app.register(tutorsRoutes);
  await app.register(signingRoutes);
  await app.register(moodRoutes);
  await app.register(aiRoutes);
  await app.register(aiInterviewRoutes);
  await app.register(aiImportRoutes);
  await app.register(treeHoleRoutes);
  await app.register(campusRoutes);
  await app.register(emotionRoutes);
  await app.register(emotionAlertRoutes);
  await app.register(facesRoutes);
  await app.register(dockingRoutes);
};

/** The tables of Mind, added to the `Database` type in `src/features.ts`. */
export interface MindTables
  extends StudentsTables,
    TeachersTables,
    BindingTables,
    ScalesTables,
    AssessmentsTables,
    WarningsTables,
    InterventionsTables,
    ArchiveTables,
    DownloadsTables,
    SchoolSignInTables,
    ScreensTables,
    ActivitiesTables,
    TutorsTables,
    MoodTables,
    AiTables,
    AiInterviewTables,
    TreeHoleTables,
    CampusTables,
    EmotionTables,
    EmotionAlertTables,
    SigningTables,
    FacesTables,
    DockingTables {}

/** Mind: school and district mental-health management. */
export const mind: Feature = {
  name: 'mind',
  migrations: mindMigrations,
  seeds: [({ db, config, log }) => seedDemoDistrict(db, config, log), sealPlainSecrets],
  routes,
  jobs: [
    warningPushJob,
    attentionReminderJob,
    downloadJob(),
    moodLowStreaksJob,
    campusPushJob,
    dayReportJob,
    dayReportTickJob,
    emotionPushJob,
    dockingBatchJob,
    dockingResyncJob,
    signingReminderJob,
  ],
  schedules: [attentionReminderSchedule, moodLowStreaksSchedule, signingReminderSchedule, dayReportTickSchedule],
  cleanups: [expiredDownloadsCleanup, unsavedAttachmentsCleanup, expiredFacesCleanup, transcriptRetentionCleanup],
};
