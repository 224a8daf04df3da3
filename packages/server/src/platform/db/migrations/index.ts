import type { MeridianMigration } from '../migrate.ts';
import * as jobs from './0001_jobs.ts';
import * as identity from './0002_identity.ts';
import * as builtinRoles from './0003_builtin_roles.ts';
import * as files from './0004_files.ts';
import * as accounts from './0005_accounts.ts';
import * as orgs from './0006_orgs.ts';
import * as oauth from './0007_oauth.ts';
import * as students from './0008_students.ts';
import * as teachers from './0009_teachers.ts';
import * as devices from './0010_devices.ts';
import * as templates from './0011_templates.ts';
import * as devicesMore from './0012_devices_more.ts';
import * as projectsMore from './0013_projects_more.ts';
import * as peopleImports from './0014_people_imports.ts';
import * as studentsBenchIndexes from './0015_students_bench_indexes.ts';
import * as gatewayMigration from './0016_gateway.ts';
import * as telemetryMigration from './0017_telemetry.ts';
import * as mqttMigration from './0018_mqtt.ts';
import * as scalesMigration from './0019_scales.ts';
import * as assessmentsMigration from './0020_assessments.ts';
import * as alarmsMigration from './0021_alarms.ts';
import * as notifyMigration from './0022_notify.ts';
import * as warningsWorkflowMigration from './0023_warnings_workflow.ts';
import * as archiveMigration from './0024_archive.ts';
import * as downloadsMigration from './0025_downloads.ts';
import * as devicesByOwnerMigration from './0026_devices_by_owner.ts';

/** Every migration, in the order it runs. A name never changes once it has shipped. */
export const migrations: Record<string, MeridianMigration> = {
  '0001_jobs': jobs,
  '0002_identity': identity,
  '0003_builtin_roles': builtinRoles,
  '0004_files': files,
  '0005_accounts': accounts,
  '0006_orgs': orgs,
  '0007_oauth': oauth,
  '0008_students': students,
  '0009_teachers': teachers,
  '0010_devices': devices,
  '0011_templates': templates,
  '0012_devices_more': devicesMore,
  '0013_projects_more': projectsMore,
  '0014_people_imports': peopleImports,
  '0015_students_bench_indexes': studentsBenchIndexes,
  '0016_gateway': gatewayMigration,
  '0017_telemetry': telemetryMigration,
  '0018_mqtt': mqttMigration,
  '0019_scales': scalesMigration,
  '0020_assessments': assessmentsMigration,
  '0021_alarms': alarmsMigration,
  '0022_notify': notifyMigration,
  '0023_warnings_workflow': warningsWorkflowMigration,
  '0024_archive': archiveMigration,
  '0025_downloads': downloadsMigration,
  '0026_devices_by_owner': devicesByOwnerMigration,
};
