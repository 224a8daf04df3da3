import { alarmsMessages } from './iot/alarms-messages.ts';
import { articlesMessages } from './iot/articles-messages.ts';
import { bigscreenMessages } from './iot/bigscreen-messages.ts';
import { billingMessages } from './iot/billing-messages.ts';
import { camerasMessages } from './iot/cameras-messages.ts';
import { configMessages } from './iot/config-messages.ts';
import { customProtocolMessages } from './iot/custom-protocol-messages.ts';
import { dataPushMessages } from './iot/datapush-messages.ts';
import { devicesMessages } from './iot/devices-messages.ts';
import { firmwareMessages } from './iot/firmware-messages.ts';
import { gatewayMessages } from './iot/gateway-messages.ts';
import { invoicesMessages } from './iot/invoices-messages.ts';
import { maintenanceMessages } from './iot/maintenance-messages.ts';
import { mqttMessages } from './iot/mqtt-messages.ts';
import { notifyMessages } from './iot/notify-messages.ts';
import { onvifMessages } from './iot/onvif-messages.ts';
import { operationsMessages } from './iot/operations-messages.ts';
import { passthroughMessages } from './iot/passthrough-messages.ts';
import { projectsMessages } from './iot/projects-messages.ts';
import { scadaMessages } from './iot/scada-messages.ts';
import { tasksMessages } from './iot/tasks-messages.ts';
import { telemetryMessages } from './iot/telemetry-messages.ts';
import { templatesMessages } from './iot/templates-messages.ts';
import { upgradeMessages } from './iot/upgrade-messages.ts';
import { workOrdersMessages } from './iot/workorders-messages.ts';
import type { Lang } from './lang.ts';
import { accountSlipsMessages } from './mind/account-slips-messages.ts';
import { activitiesMessages } from './mind/activities-messages.ts';
import { aiInterviewMessages } from './mind/ai-interview-messages.ts';
import { aiMessages } from './mind/ai-messages.ts';
import { archiveMessages } from './mind/archive-messages.ts';
import { areasMessages } from './mind/areas-messages.ts';
import { assessmentsMessages } from './mind/assessments-messages.ts';
import { campusMessages } from './mind/campus-messages.ts';
import { campusPlaybackMessages } from './mind/campus-playback-messages.ts';
import { campusPushMessages } from './mind/campus-push-messages.ts';
import { dockingMessages } from './mind/docking-messages.ts';
import { downloadsMessages } from './mind/downloads-messages.ts';
import { emotionAlertMessages } from './mind/emotion-alerts-messages.ts';
import { emotionMessages } from './mind/emotion-messages.ts';
import { facesMessages } from './mind/faces-messages.ts';
import { interventionsMessages } from './mind/interventions-messages.ts';
import { moodJournalMessages } from './mind/mood-journal-messages.ts';
import { peopleIoMessages } from './mind/people-io-messages.ts';
import { reportsMessages } from './mind/reports-messages.ts';
import { scalesMessages } from './mind/scales-messages.ts';
import { schoolSignInMessages } from './mind/school-signin-messages.ts';
import { screensMessages } from './mind/screens-messages.ts';
import { signingMessages } from './mind/signing-messages.ts';
import { studentsMessages } from './mind/students-messages.ts';
import { teachersMessages } from './mind/teachers-messages.ts';
import { mindTemplatesMessages } from './mind/templates-messages.ts';
import { treeHoleMessages } from './mind/tree-hole-messages.ts';
import { tutorChoiceMessages } from './mind/tutor-choice-messages.ts';
import { fillPlaceholders, type MessageCatalogue, type MessageParams, platformMessages } from './platform-messages.ts';
import { accountsMessages } from './portal/accounts-messages.ts';
import { brandsMessages } from './portal/brands-messages.ts';
import { filesMessages } from './portal/files-messages.ts';
import { portalMessages } from './portal/messages.ts';
import { oauthMessages } from './portal/oauth-messages.ts';
import { orgsMessages } from './portal/orgs-messages.ts';

/**
 * Messages the server sends and the web shows, in every language. A feature keeps its own
 * catalogue beside its schemas and is listed here; `messages` merges them, so that one key means
 * one sentence everywhere (a test proves no key is in two). `{name}` placeholders are filled by
 * `translate`.
 */
export const catalogues = [
  platformMessages,
  portalMessages,
  accountsMessages,
  filesMessages,
  orgsMessages,
  oauthMessages,
  studentsMessages,
  teachersMessages,
  devicesMessages,
  projectsMessages,
  templatesMessages,
  peopleIoMessages,
  gatewayMessages,
  telemetryMessages,
  mqttMessages,
  scalesMessages,
  assessmentsMessages,
  alarmsMessages,
  notifyMessages,
  configMessages,
  tasksMessages,
  firmwareMessages,
  upgradeMessages,
  workOrdersMessages,
  maintenanceMessages,
  operationsMessages,
  scadaMessages,
  passthroughMessages,
  customProtocolMessages,
  bigscreenMessages,
  dataPushMessages,
  billingMessages,
  invoicesMessages,
  articlesMessages,
  brandsMessages,
  camerasMessages,
  onvifMessages,
  interventionsMessages,
  archiveMessages,
  downloadsMessages,
  reportsMessages,
  accountSlipsMessages,
  schoolSignInMessages,
  screensMessages,
  areasMessages,
  mindTemplatesMessages,
  activitiesMessages,
  signingMessages,
  tutorChoiceMessages,
  moodJournalMessages,
  aiMessages,
  aiInterviewMessages,
  treeHoleMessages,
  campusMessages,
  campusPlaybackMessages,
  campusPushMessages,
  emotionMessages,
  emotionAlertMessages,
  facesMessages,
  dockingMessages,
] as const satisfies readonly MessageCatalogue[];

// Tail-recursive (an accumulator), so that TypeScript follows many more catalogues than its nesting limit.
type Merged<T extends readonly object[], Acc = unknown> = T extends readonly [
  infer Head,
  ...infer Rest extends readonly object[],
]
  ? Merged<Rest, Acc & Head>
  : Acc;

export const messages: Merged<typeof catalogues> = Object.assign({}, ...catalogues);
export type MessageKey = keyof typeof messages;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}

/** The sentence for `key` in `lang`, with `{placeholders}` filled; an unknown key comes back as is. */
export function translate(key: string, lang: Lang, params: MessageParams = {}): string {
  return fillPlaceholders(isMessageKey(key) ? messages[key][lang] : key, params);
}
